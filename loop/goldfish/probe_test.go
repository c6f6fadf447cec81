package goldfish

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

const probeSection = "### S1.12 Retry {#S1.12}\n\nThe exporter retries at most 5 times. It waits 2\nseconds first.\n\n- Uploads over 10 MiB are refused.\n"

// TestComprehensionProbeOffline: the offline probe restates the sentences,
// the offline resolver compares them with its intent, and each mismatch is
// a Major finding quoting the misleading text, with the restatement as
// evidence.
func TestComprehensionProbeOffline(t *testing.T) {
	ctx := context.Background()
	rv, err := OfflineProbe{}.Review(ctx, agent.Target{Path: "spec.md", Text: []byte(probeSection)})
	if err != nil {
		t.Fatal(err)
	}
	if err := validate(rv.Report); err != nil {
		t.Fatal(err)
	}
	rs, err := RestatementOf(rv.Report)
	if err != nil {
		t.Fatal(err)
	}
	var st []string
	for _, d := range rs.Decisions {
		st = append(st, d.Statement)
	}
	if got := strings.Join(st, "|"); got != "The exporter retries at most 5 times.|It waits 2\nseconds first.|Uploads over 10 MiB are refused." {
		t.Errorf("restated %q", got)
	}
	res := OfflineResolver{Intent: []string{"The exporter retries at most 3 times.", "Uploads over 10 MiB are refused.", "Every retry is logged with its attempt number."}}
	c, err := res.Compare(ctx, ProbeBrief{Restatement: rs})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Mismatches) != 2 || c.Mismatches[0].Statement != "The exporter retries at most 5 times." || c.Mismatches[1].Statement != "" {
		t.Fatalf("mismatches %+v", c.Mismatches)
	}
	fs := MismatchFindings([]byte(probeSection), c.Mismatches)
	if len(fs) != 2 {
		t.Fatal(fs)
	}
	f := fs[0]
	if f.Severity != finding.Medium || f.Category != ProbeName || f.Quote() != "The exporter retries at most 5 times." || f.LineRange != (finding.LineRange{Start: 3, End: 3}) ||
		!strings.Contains(f.Issue, `restates the section as "The exporter retries at most 5 times."`) || !strings.Contains(f.Issue, "at most 3 times") || f.Fix != "The exporter retries at most 3 times." {
		t.Errorf("finding %+v", f)
	}
	if fs[1].Quote() != "" || fs[1].LineRange != (finding.LineRange{Start: 1, End: 6}) {
		t.Errorf("a missing decision concerns the whole section: %+v", fs[1])
	}
	rep := finding.Report{Reviewer: "x", SchemaVersion: "1", Findings: fs}
	if err := validate(rep); err != nil {
		t.Errorf("mismatch findings are not Council JSON v1: %v", err)
	}
	if none, _ := (OfflineResolver{}).Compare(ctx, ProbeBrief{Restatement: rs}); len(none.Mismatches) != 0 {
		t.Error("no intent, yet mismatches")
	}
}

func validate(r finding.Report) error {
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return finding.Validate(data)
}

func TestComprehensionProbeOnModel(t *testing.T) {
	seats, err := Materials{}.Cast([]string{"comprehension"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := scripted.New(
		scripted.Text(`{"decisions":[{"statement":"Retries 5 times","rationale":""}],"assumptions":[],"open_questions":["jitter?"]}`),
		scripted.Text(`{"mismatches":[{"statement":"Retries 5 times","intent":"Retries 3 times","quote":"at most 5 times"}]}`))
	pr := NewProbe(p, seats[0], []agent.Reference{{Name: "context: a", Text: "CTX"}}, "S1.12")
	rv, err := pr.Review(context.Background(), agent.Target{Path: "spec.md", Text: []byte(probeSection), Round: 2})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := RestatementOf(rv.Report)
	if err != nil || rs.OpenQuestions[0] != "jitter?" || rv.Report.Reviewer != ProbeName {
		t.Fatalf("%+v %v", rs, err)
	}
	c, err := (&LLMResolver{Provider: p}).Compare(context.Background(), ProbeBrief{Round: 2, Path: "spec.md", Lines: finding.LineRange{Start: 16, End: 21}, Section: probeSection, Restatement: rs})
	if err != nil || len(c.Mismatches) != 1 {
		t.Fatalf("%+v %v", c, err)
	}
	if first := p.Requests()[0].Messages[0].Text(); !strings.Contains(first, "CTX") || strings.Contains(first, "Round") || !pr.Probe {
		t.Errorf("probe request:\n%s", first)
	}
	ask := p.Requests()[1].Messages[0].Text()
	if !strings.Contains(ask, `"Retries 5 times"`) || !strings.Contains(ask, "16| ### S1.12") {
		t.Errorf("compare request:\n%s", ask)
	}
	if fs := MismatchFindings([]byte(probeSection), c.Mismatches); fs[0].LineRange.Start != 3 {
		t.Errorf("quote lines %v", fs[0].LineRange)
	}
}
