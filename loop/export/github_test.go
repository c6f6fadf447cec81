package export

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
)

// TestGitHubEscape checks GitHub's escapes character by character, and
// that an escape is never escaped twice.
func TestGitHubEscape(t *testing.T) {
	for in, want := range map[string][2]string{
		"plain 日本語":   {"plain 日本語", "plain 日本語"},
		"100%":        {"100%25", "100%25"},
		"%25":         {"%2525", "%2525"},
		"a\r\nb\nc\r": {"a%0D%0Ab%0Ac%0D", "a%0D%0Ab%0Ac%0D"},
		"a:b,c":       {"a:b,c", "a%3Ab%2Cc"},
		"::warning::": {"::warning::", "%3A%3Awarning%3A%3A"},
	} {
		if got := EscapeGitHubData(in); got != want[0] {
			t.Errorf("EscapeGitHubData(%q) = %q, want %q", in, got, want[0])
		}
		if got := EscapeGitHubProperty(in); got != want[1] {
			t.Errorf("EscapeGitHubProperty(%q) = %q, want %q", in, got, want[1])
		}
	}
}

// TestGitHubOneLinePerResult checks that whatever a message or file name
// holds, each unsuppressed result is exactly one command line whose
// properties end at the first "::".
func TestGitHubOneLinePerResult(t *testing.T) {
	var b bytes.Buffer
	if err := WriteGitHub(&b, escapeReport()); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != len(escapeReport().Results) {
		t.Fatalf("%d lines for %d results:\n%s", len(lines), len(escapeReport().Results), b.String())
	}
	for _, l := range lines {
		cmd, rest, _ := strings.Cut(strings.TrimPrefix(l, "::"), " ")
		props, msg, ok := strings.Cut(rest, "::")
		if !ok || (cmd != "error" && cmd != "notice") || !strings.HasPrefix(props, "file=notes/a%3Ab%2Cc%25d.md,") {
			t.Errorf("command %q, properties %q, message %q", cmd, props, msg)
		}
		if strings.ContainsAny(l, "\r") {
			t.Errorf("a raw carriage return in %q", l)
		}
	}
	// A suppressed result gets no line at all.
	rep := escapeReport()
	rep.Results[0].Status, rep.Results[0].Reason = finding.Rejected, "no"
	b.Reset()
	if err := WriteGitHub(&b, rep); err != nil {
		t.Fatal(err)
	}
	if strings.Count(b.String(), "\n") != 1 || strings.Contains(b.String(), "F1") {
		t.Errorf("a rejected finding is annotated:\n%s", b.String())
	}
}

// TestGitHubMostSevereFirst: the annotations come errors first, then
// warnings, then notices (GitHub shows GitHubAnnotationLimit of each a
// step), and when a kind has more than that a warning before the first
// warning says how many are not shown of how many.
func TestGitHubMostSevereFirst(t *testing.T) {
	rep := Report{Tool: tool}
	add := func(n int, sev finding.Severity) {
		for range n {
			id := fmt.Sprintf("F%d", len(rep.Results)+1)
			rep.Results = append(rep.Results, Result{File: "a.md", Reviewer: "r",
				Finding: finding.Finding{ID: id, Category: "c", LineRange: finding.LineRange{Start: 1, End: 1}, Issue: "issue " + id, Severity: sev}})
		}
	}
	add(3, finding.Low)
	add(15, finding.Medium)
	add(12, finding.High)
	var b bytes.Buffer
	if err := WriteGitHub(&b, rep); err != nil {
		t.Fatal(err)
	}
	var kinds []string
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	for _, l := range lines {
		cmd, _, _ := strings.Cut(strings.TrimPrefix(l, "::"), " ")
		if len(kinds) == 0 || kinds[len(kinds)-1] != cmd {
			kinds = append(kinds, cmd)
		}
	}
	if strings.Join(kinds, " ") != "error warning notice" || len(lines) != 31 {
		t.Fatalf("kinds in order %v, %d lines, want error warning notice and 31:\n%s", kinds, len(lines), b.String())
	}
	note := lines[12]
	if !strings.Contains(note, "title=kaigi%3A annotations not shown::8 of 30 findings are not shown") || !strings.Contains(note, "these are 12, 15 and 3") {
		t.Errorf("line 13, the note: %s", note)
	}
	if !strings.Contains(lines[0], "issue F19") || !strings.Contains(lines[13], "issue F4") {
		t.Errorf("each kind is not in the order of the results: %s / %s", lines[0], lines[13])
	}
	// No note when GitHub shows every annotation.
	rep.Results = rep.Results[:13]
	b.Reset()
	if err := WriteGitHub(&b, rep); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "not shown") {
		t.Errorf("a note with 3 notices and 10 warnings:\n%s", b.String())
	}
}
