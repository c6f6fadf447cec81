package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

func render(ds []Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "%s:%d-%d:%d %s %s [%s] %q %s\n", d.Path, d.Line, d.EndLine, d.Column, d.Severity, d.Rule, d.Source, d.Match, d.Message)
	}
	return b.String()
}

func TestParseSamples(t *testing.T) {
	for _, c := range []struct {
		file   string
		format Format
		want   string
	}{
		{"vet.txt", Lines, "p/p.go:9-9:14 warning  [] \"\" fmt.Printf format %d has arg name of wrong type string\n"},
		{"staticcheck.sarif", SARIF, "p/p.go:9-9:13 warning SA5009 [Staticcheck] \"\" Printf format %d has arg #1 of wrong type string\n"},
		{"govet.errorformat.sarif", SARIF, "p/p.go:9-9:14 warning  [govet] \"\" fmt.Printf format %d has arg name of wrong type string\n"},
		{"textlint.json", Textlint, "doc.md:3-3:1 error no-todo [textlint] \"\" Found TODO: 'TODO: write the introduction.'\n"},
		{"eslint.rdjson", RDJSON, "app.js:1-1:1 warning no-var [eslint] \"\" Unexpected var, use let or const instead.\n" +
			"app.js:3-3:9 error no-unused-vars [eslint] \"\" 'unused' is assigned a value but never used.\n"},
		{"eslint.rdjsonl", RDJSONL, "app.js:1-1:1 warning no-var [] \"\" Unexpected var, use let or const instead.\n" +
			"app.js:3-3:9 error no-unused-vars [] \"\" 'unused' is assigned a value but never used.\n"},
		{"vale.json", Vale, "doc.md:5-5:6 error Vale.Repetition [vale] \"is is\" 'is' is repeated!\n" +
			"doc.md:5-5:14 error Vale.Spelling [vale] \"sentance\" Did you really mean 'sentance'?\n" +
			"doc.md:5-5:28 error Vale.Spelling [vale] \"teh\" Did you really mean 'teh'?\n"},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", c.file))
		if err != nil {
			t.Fatal(err)
		}
		ds, err := Parse(c.format, data, "/repo")
		if err != nil {
			t.Errorf("%s: %v", c.file, err)
			continue
		}
		if got := render(ds); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.file, got, c.want)
		}
	}
}

func TestParseRefusals(t *testing.T) {
	for _, c := range []struct {
		f    Format
		data string
	}{
		{SARIF, `{"version":"2.0.0","runs":[]}`},
		{SARIF, `not json`},
		{RDJSON, `[]`},
		{RDJSONL, "{\"message\":\"a\"}\nnot json\n"},
		{Textlint, `{}`},
		{Vale, `[]`},
	} {
		if _, err := Parse(c.f, []byte(c.data), ""); !errors.Is(err, ErrFormat) {
			t.Errorf("%s %q: %v, want ErrFormat", c.f, c.data, err)
		}
	}
	if _, err := Parse("xml", nil, ""); err == nil {
		t.Error("unknown format accepted")
	}
	// Lines: anything else is skipped; CRLF and a leading "vet: " too.
	ds, _ := Parse(Lines, []byte("# pkg\r\nvet: a.go:3:1: bad\r\nnot a line\nb.go:0: zero\nc.go:7: error: worse\n"), "")
	if got := render(ds); got != "a.go:3-3:1 warning  [] \"\" bad\nc.go:7-7:0 error  [] \"\" worse\n" {
		t.Errorf("lines: %q", got)
	}
}

// TestGoVetLive runs the real go vet (installed wherever go test runs) on
// the sample package.
func TestGoVetLive(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/s\n\ngo 1.22\n"), 0o644)
	os.Mkdir(filepath.Join(dir, "p"), 0o755)
	src, _ := os.ReadFile(filepath.Join("testdata", "p.go.txt"))
	os.WriteFile(filepath.Join(dir, "p", "p.go"), src, 0o644)
	vet := Command{Name: "go vet", Args: []string{"go", "vet"}, Format: Lines, Stderr: true, Env: []string{"GOWORK=off"}}
	ds, err := vet.Run(context.Background(), dir, "./p")
	if err != nil {
		t.Fatal(err)
	}
	if got := render(ds); got != "p/p.go:9-9:14 warning  [go vet] \"\" fmt.Printf format %d has arg name of wrong type string\n" {
		t.Errorf("go vet: %q", got)
	}
	r := Reviewer{Command: vet, Dir: dir, Category: "vet"}
	rv, err := r.Review(context.Background(), agent.Target{Path: "./p"})
	if err != nil {
		t.Fatal(err)
	}
	if len(rv.Report.Findings) != 0 {
		t.Errorf("a package path is no file: %+v", rv.Report.Findings)
	}
}

// TestLiveTools runs staticcheck and textlint where they are installed.
func TestLiveTools(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/s\n\ngo 1.22\n"), 0o644)
	os.Mkdir(filepath.Join(dir, "p"), 0o755)
	src, _ := os.ReadFile(filepath.Join("testdata", "p.go.txt"))
	os.WriteFile(filepath.Join(dir, "p", "p.go"), src, 0o644)
	doc, _ := os.ReadFile(filepath.Join("testdata", "doc.md"))
	os.WriteFile(filepath.Join(dir, "doc.md"), doc, 0o644)
	for _, c := range []struct {
		cmd  Command
		arg  string
		want string
	}{
		{Command{Args: []string{"staticcheck", "-checks", "SA5009", "-f", "sarif"}, Format: SARIF}, "./p", "p/p.go:9-9:13 warning SA5009"},
		{Command{Args: []string{"textlint", "--rule", "no-todo", "--format", "json"}, Format: Textlint}, "doc.md", "doc.md:3-3:1 error no-todo"},
	} {
		if _, err := exec.LookPath(c.cmd.Args[0]); err != nil {
			t.Logf("%s is not installed; its checked-in sample is parsed by TestParseSamples", c.cmd.Args[0])
			continue
		}
		ds, err := c.cmd.Run(context.Background(), dir, c.arg)
		if err != nil {
			t.Errorf("%s: %v", c.cmd, err)
			continue
		}
		if got := render(ds); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %q, want %q...", c.cmd, got, c.want)
		}
	}
	if _, err := (Command{Args: []string{"kaigi-no-such-tool"}}).Run(context.Background(), dir); !errors.Is(err, ErrNotInstalled) {
		t.Errorf("missing tool: %v", err)
	}
}

func TestReviewerFindings(t *testing.T) {
	dir := t.TempDir()
	// A tool of our own making: a shell-free program that prints Vale's
	// JSON, so the reviewer's mapping is tested without Vale.
	data, _ := os.ReadFile(filepath.Join("testdata", "vale.json"))
	os.WriteFile(filepath.Join(dir, "out.json"), data, 0o644)
	r := Reviewer{Command: Command{Name: "vale", Args: []string{"cat", filepath.Join(dir, "out.json")}, Format: Vale}, Dir: dir, Category: "prose"}
	if _, err := exec.LookPath("cat"); err != nil {
		t.Skip("no cat")
	}
	rv, err := r.Review(context.Background(), agent.Target{Path: "doc.md"})
	if err != nil {
		t.Fatal(err)
	}
	fs := rv.Report.Findings
	if len(fs) != 3 || fs[0].Severity != finding.High || fs[0].Quote() != "is is" || fs[0].Category != "prose" || fs[0].LineRange.String() != "5" || !fs[0].Advisory() {
		t.Fatalf("findings %+v", fs)
	}
	if _, err := finding.Extract(mustJSON(t, rv.Report)); err != nil {
		t.Errorf("the report is not valid Council JSON v1: %v", err)
	}
}

func mustJSON(t *testing.T, v any) string {
	data, err := jsonMarshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

var jsonMarshal = func(v any) ([]byte, error) { return json.Marshal(v) }
