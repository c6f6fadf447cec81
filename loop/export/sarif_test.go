package export

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop/export/multitool"
)

// sarifSchema compiles sarif-schema-2.1.0.json: the OASIS SARIF
// 2.1.0 schema (errata 01), as the SARIF TC publishes it
// (sarif-spec, Schemata/sarif-schema-2.1.0.json), with format assertions
// on (uri, uri-reference, date-time).
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open("sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	const url = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// sarifOf writes rep as SARIF.
func sarifOf(t *testing.T, rep Report) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteSARIF(&b, rep); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestSARIFSchema validates the SARIF of every fixture against the SARIF
// 2.1.0 JSON schema, and checks that the schema does refuse a log that
// breaks it (so that the check cannot pass vacuously).
func TestSARIFSchema(t *testing.T) {
	sch := sarifSchema(t)
	for name, rep := range fixtures() {
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(sarifOf(t, rep)))
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(v); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	bad := bytes.Replace(sarifOf(t, catReport()), []byte(`"level": "warning"`), []byte(`"level": "severe"`), 1)
	if err := ValidateSARIF(sarifOf(t, catReport())); err != nil {
		t.Errorf("ValidateSARIF: %v", err)
	}
	if err := ValidateSARIF(bad); err == nil {
		t.Error("ValidateSARIF accepts a result with level \"severe\"")
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(bad))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(v); err == nil {
		t.Error("the schema accepts a result with level \"severe\"")
	}
}

// readLog is the part of a SARIF log the tests read.
type readLog struct {
	Runs []struct {
		ColumnKind         string
		OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
		Tool               struct {
			Driver struct{ Rules []struct{ ID string } }
		}
		Results []struct {
			RuleID              string
			RuleIndex           int
			Level, Kind         string
			PartialFingerprints map[string]string
			Locations           []struct {
				PhysicalLocation struct {
					ArtifactLocation struct{ URI, URIBaseID string } `json:"artifactLocation"`
					Region           readRegion
				}
			}
			Suppressions []struct{ Kind, Status, Justification string }
			Fixes        []struct {
				ArtifactChanges []struct {
					Replacements []struct {
						DeletedRegion   readRegion
						InsertedContent struct{ Text string }
					}
				}
			}
		}
	}
}

type readRegion struct {
	StartLine, StartColumn, EndLine, EndColumn int
	CharOffset, CharLength                     int
	Snippet                                    struct{ Text string }
}

// TestSARIFContent checks the parts of the Japanese CRLF log the issue
// asks for, independently of the golden file: the column kind, UTF-16
// columns of multi-byte text and of an emoji, the fix, fingerprints,
// suppressions and rule indexes.
func TestSARIFContent(t *testing.T) {
	rep := catReport()
	var log readLog
	if err := json.Unmarshal(sarifOf(t, rep), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(log.Runs))
	}
	run := log.Runs[0]
	if run.ColumnKind != "utf16CodeUnits" {
		t.Errorf("columnKind %q", run.ColumnKind)
	}
	if got := run.OriginalURIBaseIDs[RootBaseID].URI; got != "file:///src/novel/" {
		t.Errorf("root %q", got)
	}
	if len(run.Results) != len(rep.Results) {
		t.Fatalf("%d results, want %d", len(run.Results), len(rep.Results))
	}
	for i, r := range run.Results {
		if id := run.Tool.Driver.Rules[r.RuleIndex].ID; id != r.RuleID {
			t.Errorf("result %d: ruleIndex %d names %q, not its rule %q", i, r.RuleIndex, id, r.RuleID)
		}
		if got, want := r.PartialFingerprints[FingerprintKey], finding.Fingerprint(rep.Results[i].Finding); got != want {
			t.Errorf("result %d: fingerprint %q, want %q", i, got, want)
		}
		if u := r.Locations[0].PhysicalLocation.ArtifactLocation; u.URIBaseID != RootBaseID {
			t.Errorf("result %d: uriBaseId %q", i, u.URIBaseID)
		}
	}
	// F001 on line 3: "吾輩は猫である。" is 8 characters (24 bytes) before the quote.
	r := run.Results[0]
	reg := r.Locations[0].PhysicalLocation.Region
	if want := (readRegion{StartLine: 3, StartColumn: 9, EndLine: 3, EndColumn: 17, CharOffset: 21, CharLength: 8}); !sameRegion(reg, want) || reg.Snippet.Text != "名前はまだ無い。" {
		t.Errorf("F001 region %+v, want %+v", reg, want)
	}
	if r.Level != "warning" || len(r.Fixes) != 1 {
		t.Fatalf("F001 level %q with %d fixes", r.Level, len(r.Fixes))
	}
	rp := r.Fixes[0].ArtifactChanges[0].Replacements[0]
	if !sameRegion(rp.DeletedRegion, reg) || rp.InsertedContent.Text != "名前は無い。" {
		t.Errorf("F001 fix %+v", rp)
	}
	// F002: the emoji is two UTF-16 code units.
	reg = run.Results[1].Locations[0].PhysicalLocation.Region
	if reg.StartColumn != 8 || reg.EndColumn != 13 || run.Results[1].Level != "error" || len(run.Results[1].Fixes) != 0 {
		t.Errorf("F002 %+v level %s", reg, run.Results[1].Level)
	}
	// F003 is rejected: suppressed with its reason, and no fix offered.
	if s := run.Results[2].Suppressions; len(s) != 1 || s[0].Justification != "作者の意図どおり" || s[0].Kind != "external" || len(run.Results[2].Fixes) != 0 {
		t.Errorf("F003 suppressions %+v, %d fixes", s, len(run.Results[2].Fixes))
	}
	if r := run.Results[3]; r.Kind != "informational" || r.Level != "none" {
		t.Errorf("F004 (applied) kind %q level %q", r.Kind, r.Level)
	}
	// F005 spans a CRLF line break, quoted with LF only.
	reg = run.Results[4].Locations[0].PhysicalLocation.Region
	if reg.StartLine != 4 || reg.StartColumn != 16 || reg.EndLine != 5 || reg.EndColumn != 4 || reg.Snippet.Text != "つかぬ。\r\n何でも" {
		t.Errorf("F005 region %+v", reg)
	}
	// F006's quote is not in the text: its hinted lines, clamped.
	reg = run.Results[5].Locations[0].PhysicalLocation.Region
	if reg.StartLine != 6 || reg.EndLine != 6 || reg.StartColumn != 0 {
		t.Errorf("F006 region %+v", reg)
	}
	// F007 is given as an edit that covers the BOM: the BOM is no column.
	reg = run.Results[6].Locations[0].PhysicalLocation.Region
	rp = run.Results[6].Fixes[0].ArtifactChanges[0].Replacements[0]
	if reg.StartColumn != 1 || reg.EndColumn != 10 || reg.CharOffset != 0 || rp.InsertedContent.Text != "# 猫" {
		t.Errorf("F007 region %+v, fix %q", reg, rp.InsertedContent.Text)
	}
}

func sameRegion(a, b readRegion) bool {
	a.Snippet, b.Snippet = struct{ Text string }{}, struct{ Text string }{}
	return a == b
}

// TestSARIFMultitool validates the SARIF of every fixture with
// Microsoft's SARIF validator (sarif-multitool validate, from PATH or
// through npx), with the default rules and with GitHub's (--rule-kind
// Gh), and fails on any error, warning or note.
func TestSARIFMultitool(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the SARIF validator takes seconds to start")
	}
	for name, rep := range fixtures() {
		if !multitool.Check(t, name, sarifOf(t, rep)) {
			t.Skip("the SARIF validator is not installed")
		}
	}
	// The check is not vacuous: without a fullDescription, GitHub's rules
	// refuse the log.
	tool, err := multitool.Find(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "bare.sarif")
	bare := regexp.MustCompile(`(?s)"fullDescription": \{.*?\},`).ReplaceAll(sarifOf(t, catReport()), nil)
	if err := os.WriteFile(file, bare, 0o644); err != nil {
		t.Fatal(err)
	}
	diags, err := tool.Validate(t.Context(), file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(diags, "\n"), "GH2012") {
		t.Errorf("a log without fullDescription passes: %q", diags)
	}
}

// TestSARIFRootURI checks how Root becomes the ROOT base URI, and that a
// relative root is refused.
func TestSARIFRootURI(t *testing.T) {
	for root, want := range map[string]string{
		"/src/novel":            "file:///src/novel/",
		"/src/小説 2/":            "file:///src/%E5%B0%8F%E8%AA%AC%202/",
		"file:///src/novel":     "file:///src/novel/",
		"file:///src/%E5%B0%8F": "file:///src/%E5%B0%8F/",
	} {
		got, err := rootURI(root)
		if err != nil || got != want {
			t.Errorf("rootURI(%q) = %q, %v; want %q", root, got, err, want)
		}
	}
	rep := escapeReport()
	rep.Root = "relative/dir"
	if err := WriteSARIF(&bytes.Buffer{}, rep); err == nil || !strings.Contains(err.Error(), "relative/dir") {
		t.Errorf("relative root: %v", err)
	}
}

// TestCheck checks that every writer refuses a report that breaks an
// invariant, naming the result.
func TestCheck(t *testing.T) {
	breakers := map[string]func(*Report){
		"no tool name":     func(r *Report) { r.Tool.Name = " " },
		"absolute file":    func(r *Report) { r.Results[0].File = "/etc/passwd" },
		"dot-dot file":     func(r *Report) { r.Results[0].File = "../x.md" },
		"unclean file":     func(r *Report) { r.Results[0].File = "docs//猫.md" },
		"backslash file":   func(r *Report) { r.Results[0].File = `docs\猫.md` },
		"bad severity":     func(r *Report) { r.Results[0].Finding.Severity = "urgent" },
		"bad status":       func(r *Report) { r.Results[0].Status = "done" },
		"reject no reason": func(r *Report) { r.Results[2].Reason = "" },
		"edit off text":    func(r *Report) { r.Results[6].Edit.End = len(catText) + 1 },
		"edit old differs": func(r *Report) { r.Results[6].Edit.Old = "x" },
		"edit splits rune": func(r *Report) { r.Results[6].Edit.End = 5 },
		"edit no text":     func(r *Report) { r.Results[6].Text = nil },
		"rule twice":       func(r *Report) { r.Rules = append(r.Rules, r.Rules[0]) },
	}
	for name, brk := range breakers {
		rep := catReport()
		brk(&rep)
		for _, f := range Formats() {
			err := Write(&bytes.Buffer{}, f, rep)
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("%s, %s: %v, want ErrInvalid", name, f, err)
			}
		}
	}
	if err := catReport().Check(); err != nil {
		t.Errorf("the fixture fails Check: %v", err)
	}
	rep := catReport()
	rep.Results[1].Finding.Severity = "urgent"
	if err := rep.Check(); err == nil || !strings.Contains(err.Error(), `"F002"`) || !strings.Contains(err.Error(), "docs/猫.md") {
		t.Errorf("the error does not name the result: %v", err)
	}
}

// TestSARIFWholeFile checks that a result naming no line has no region
// (it is about the whole file) and still validates.
func TestSARIFWholeFile(t *testing.T) {
	rep := Report{Tool: tool, Results: []Result{{File: "a.md", Finding: finding.Finding{Issue: "too long", Severity: finding.Medium}}}}
	out := sarifOf(t, rep)
	var log readLog
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	if reg := log.Runs[0].Results[0].Locations[0].PhysicalLocation.Region; reg.StartLine != 0 {
		t.Errorf("region %+v, want none", reg)
	}
	if bytes.Contains(out, []byte(`"region"`)) {
		t.Error("the log has a region")
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if err := sarifSchema(t).Validate(v); err != nil {
		t.Error(err)
	}
	// With the file's text, the whole file is its lines.
	rep.Results[0].Text = []byte("one\r\ntwo\r\nthree")
	if err := json.Unmarshal(sarifOf(t, rep), &log); err != nil {
		t.Fatal(err)
	}
	if reg := log.Runs[0].Results[0].Locations[0].PhysicalLocation.Region; reg.StartLine != 1 || reg.EndLine != 3 {
		t.Errorf("whole-file region %+v, want lines 1-3", reg)
	}
}
