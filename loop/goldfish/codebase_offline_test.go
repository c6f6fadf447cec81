package goldfish

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// TestOfflineCodebase: the offline codebase_details finds the code names
// of a plan's prose that the context materials do not have, quoting each
// on its line; names in code blocks are not looked up, and with no
// context there is nothing to check against.
func TestOfflineCodebase(t *testing.T) {
	plan := []byte("## Tasks\r\n\r\n1. Add `Exporter.Retry()` in `internal/export/sarif.go`.\r\n2. Wire the `--max-retries` flag and `-out`.\r\n3. Call `export.Upload` from `cmd/kaigi/main.go`; see `full file`.\r\n\r\n```go\r\nexport.Missing()\r\n```\r\n\r\n`Uploader` は `Exporter` を使う。")
	code := []agent.Reference{
		{Name: "context: internal/export/sarif.go", Text: "package export\n\nfunc (e *Exporter) Retry() error { return nil }\n"},
		{Name: "context: cmd/kaigi/flags.go", Text: "fs.StringVar(&out, \"out\", \"\", \"folder\")\n"},
	}
	rv, err := OfflineCodebase{}.Review(context.Background(), agent.Target{Text: plan, References: append([]agent.Reference{{Name: "standard: x", Text: "Uploader --max-retries export.Upload"}}, code...)})
	if err != nil {
		t.Fatal(err)
	}
	if data, err := json.Marshal(rv.Report); err != nil || finding.Validate(data) != nil {
		t.Fatalf("not Council JSON v1: %v %v", err, finding.Validate(data))
	}
	var got []string
	for _, f := range rv.Report.Findings {
		got = append(got, f.Quotes[0])
		if f.Severity != finding.Medium || f.Fix != "" || f.Category != CodebaseName {
			t.Errorf("finding %+v", f)
		}
	}
	want := []string{"`--max-retries`", "`export.Upload`", "`cmd/kaigi/main.go`", "`Uploader`"}
	if !slices.Equal(got, want) {
		t.Errorf("not found: %v, want %v", got, want)
	}
	if l := rv.Report.Findings[1].LineRange; l.Start != 5 {
		t.Errorf("export.Upload on line %s, want 5", l)
	}
	rv, err = OfflineCodebase{}.Review(context.Background(), agent.Target{Text: plan})
	if err != nil || len(rv.Report.Findings) != 0 || rv.Report.Summary == "" {
		t.Errorf("no context: %+v %v", rv.Report, err)
	}
	if r, ok := OfflineReviewer(CodebaseName, offlineConfig()); !ok || r.Name() != CodebaseName {
		t.Error("codebase_details has no offline form")
	}
}
