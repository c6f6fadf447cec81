package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/examples/internal/sarifcheck"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/discussion"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// noKeys clears the environment's provider settings for one test.
func noKeys(t *testing.T) {
	for _, k := range []string{"OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENROUTER_API_KEY", "KAIGI_PROVIDER", "KAIGI_MODEL", "KAIGI_BASE_URL", "KAIGI_REVIEWER_MODELS"} {
		t.Setenv(k, "")
	}
	t.Setenv("TMPDIR", t.TempDir())
}

// TestDemo runs the README's command: no arguments, no key. The debate has
// claims, rebuttals and concessions with refs, and a verdict that
// validates against the spec's schema.
func TestDemo(t *testing.T) {
	noKeys(t)
	var out, errb bytes.Buffer
	if code := run(context.Background(), nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out.String(), errb.String())
	}
	stdout := out.String()
	for _, want := range []string{"(offline)", "Round 1", "claim", "rebuttal   ->", "concession ->", "Round 4", "verdict", `"verdict": "WARN"`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the output lacks %q:\n%s", want, stdout)
		}
	}
	dir := regexp.MustCompile(`Board: (.*)/whiteboard.md`).FindStringSubmatch(stdout)
	if dir == nil {
		t.Fatalf("no board path in\n%s", stdout)
	}
	spec, err := discussion.LoadSpec(filepath.Join(filepath.Dir(filepath.Dir(dir[1])), "spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	verdict, err := os.ReadFile(filepath.Join(dir[1], discussion.VerdictFile))
	if err != nil {
		t.Fatal(err)
	}
	wb, _ := os.ReadFile(filepath.Join(dir[1], discussion.WhiteboardFile))
	if !strings.HasPrefix(string(wb), board.AutoMarker) || !strings.Contains(string(wb), "answers ") {
		t.Errorf("whiteboard.md:\n%s", wb)
	}
	j, err := journal.Open(filepath.Join(dir[1], loop.JournalName), journal.Options{Driver: discussion.Driver, Unknown: func(journal.Record) error { return nil }})
	if err != nil {
		t.Fatal(err)
	}
	b, err := board.Read(j.Records())
	j.Close()
	if err != nil {
		t.Fatal(err)
	}
	if vs, err := discussion.ValidateVerdict(spec.VerdictSchema, verdict, b); err != nil || len(vs) > 0 {
		t.Errorf("verdict.json does not validate: %v %v\n%s", vs, err, verdict)
	}
	if len(b.List(board.Filter{Kinds: []board.Kind{board.Concession}, Round: 3})) == 0 {
		t.Error("no author conceded a rebuttal in round 3")
	}
}

// A -resume without a spec is refused with what to do.
func TestResumeNeedsSpec(t *testing.T) {
	noKeys(t)
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"-resume"}, &out, &errb); code != exitError || !strings.Contains(errb.String(), "-resume needs -spec") {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
}

// TestFormatRDJSONL: -format rdjsonl prints only diagnostics on stdout
// (the debate's report goes to stderr), one per critical finding, each in
// the sample's document.
func TestFormatRDJSONL(t *testing.T) {
	var out, errb strings.Builder
	if code := run(context.Background(), []string{"-format", "rdjsonl"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	for _, l := range lines {
		var d struct {
			Location struct {
				Path string `json:"path"`
			} `json:"location"`
		}
		if err := json.Unmarshal([]byte(l), &d); err != nil || d.Location.Path != "announcement.md" {
			t.Errorf("not a diagnostic of the sample (%v): %s", err, l)
		}
	}
	if len(lines) == 0 || !strings.Contains(errb.String(), "Discussion") {
		t.Errorf("%d diagnostics; stderr %q", len(lines), errb.String())
	}
}

// TestFormatSARIF: the debate's critical findings as SARIF validate
// (schema, and Microsoft's validator where installed).
func TestFormatSARIF(t *testing.T) {
	var out, errb strings.Builder
	if code := run(context.Background(), []string{"-format", "sarif"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), `"results"`) {
		t.Fatalf("no results: %s", out.String())
	}
	sarifcheck.Check(t, []byte(out.String()))
}
