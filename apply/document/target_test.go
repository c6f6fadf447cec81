package document

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
)

const spec = "# Spec\n" + // 1
	"\n" +
	"## Overview\n" + // 3
	"Intro.\n" +
	"#### S1.12 Retry\n" + // 5
	"Retry three times.\n" +
	"#### Timeouts {#S1.13}\n" + // 7
	"Ten seconds.\n" +
	"## Design\n" + // 9
	"### Overview\n" + // 10
	"<!-- review:begin -->\n" + // 11
	"Reviewed text.\n" +
	"More.\n" +
	"<!-- review:end -->\n" + // 14
	"```\n<!-- review:begin -->\n```\n" + // 15-17
	"## `Retry` policy\n" + // 18
	"Last.\n" // 19

func TestResolve(t *testing.T) {
	for _, c := range []struct {
		name   string
		target Target
		lines  LineRange
	}{
		{"whole text", Target{}, LineRange{1, 19}},
		{"heading by title", Target{Heading: "Design"}, LineRange{9, 17}},
		{"heading by slug", Target{Heading: "#retry-policy"}, LineRange{18, 19}},
		{"heading by slug without #", Target{Heading: "design"}, LineRange{9, 17}},
		{"heading without its markup", Target{Heading: "Retry policy"}, LineRange{18, 19}},
		{"heading as written", Target{Heading: "`Retry` policy"}, LineRange{18, 19}},
		{"ambiguous title made precise by level", Target{Heading: "Overview", Level: 3}, LineRange{10, 17}},
		{"explicit id", Target{ID: "S1.13"}, LineRange{7, 8}},
		{"id leading the title", Target{ID: "S1.12", Level: 4}, LineRange{5, 6}},
		{"between markers, code ignored", Target{Begin: "review:begin", End: "review:end"}, LineRange{12, 13}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := c.target.Resolve([]byte(spec))
			if err != nil {
				t.Fatal(err)
			}
			if r.Lines != c.lines || r.Target != c.target {
				t.Errorf("lines %v, want %v", r.Lines, c.lines)
			}
			sp := NewLines([]byte(spec)).Span(c.lines.Start, c.lines.End)
			if r.Span != sp || r.Hash != sha256.Sum256([]byte(spec[sp.Start:sp.End])) {
				t.Errorf("span %v hash %x, want %v and the hash of its bytes", r.Span, r.Hash, sp)
			}
			if (r.Section != nil) != (c.target.Heading != "" || c.target.ID != "") {
				t.Errorf("section %+v", r.Section)
			}
		})
	}
}

func TestResolveErrors(t *testing.T) {
	for _, c := range []struct {
		name   string
		text   string
		target Target
		err    error
		lines  []int
		msg    string
	}{
		{"no such heading", spec, Target{Heading: "Nope"}, ErrNotFound, nil, `document: target not found: the section under heading "Nope": no such heading among 7`},
		{"ambiguous heading", spec, Target{Heading: "Overview"}, ErrAmbiguous, []int{3, 10}, `document: target is ambiguous: the section under heading "Overview": 2 headings match, on lines 3, 10`},
		{"level excludes it", spec, Target{ID: "S1.13", Level: 2}, ErrNotFound, nil, `the H2 section with id "S1.13"`},
		{"no such id", spec, Target{ID: "S1.1"}, ErrNotFound, nil, `with id "S1.1"`},
		{"begin missing", spec, Target{Begin: "nope"}, ErrNotFound, nil, "no line holds the begin marker"},
		{"end missing", spec, Target{Begin: "review:begin", End: "nope"}, ErrNotFound, nil, "no line after line 11 holds the end marker"},
		{"begin twice", spec + "review:begin\n", Target{Begin: "review:begin", End: "review:end"}, ErrAmbiguous, []int{11, 20}, "on lines 11, 20"},
		{"nothing between", "<!-- a -->\n<!-- a -->\n", Target{Begin: "<!-- a -->"}, ErrNotFound, nil, "enclose no line"},
		{"empty text has no heading", "", Target{Heading: "x"}, ErrNotFound, nil, "among 0"},
		{"two selectors", spec, Target{Heading: "Design", ID: "S1.13"}, ErrInvalidTarget, nil, "set only one"},
		{"end without begin", spec, Target{End: "x"}, ErrInvalidTarget, nil, "End without Begin"},
		{"level alone", spec, Target{Level: 2}, ErrInvalidTarget, nil, "Level without"},
		{"level out of range", spec, Target{Heading: "Design", Level: 7}, ErrInvalidTarget, nil, "Level 7"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := c.target.Resolve([]byte(c.text))
			var te *TargetError
			if !errors.Is(err, c.err) || !errors.As(err, &te) || te.Target != c.target {
				t.Fatalf("err = %v, want a *TargetError wrapping %v", err, c.err)
			}
			if !slices.Equal(te.Lines, c.lines) || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("err = %q (lines %v), want it to say %q (lines %v)", err, te.Lines, c.msg, c.lines)
			}
		})
	}
}

// TestResolveAgainAfterEdits is what a review loop does every round: the
// same Target resolves to where the section moved, and its hash says
// whether the section's own bytes changed.
func TestResolveAgainAfterEdits(t *testing.T) {
	target := Target{ID: "S1.13"}
	r1, err := target.Resolve([]byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	moved := strings.Replace(spec, "Intro.\n", "Intro.\nA new paragraph.\n\n", 1)
	r2, err := target.Resolve([]byte(moved))
	if err != nil {
		t.Fatal(err)
	}
	if r2.Lines != (LineRange{r1.Lines.Start + 2, r1.Lines.End + 2}) || r2.Hash != r1.Hash {
		t.Errorf("after an edit above: lines %v hash equal %v, want %v moved by 2 and the same hash", r2.Lines, r2.Hash == r1.Hash, r1.Lines)
	}
	changed := strings.Replace(moved, "Ten seconds.", "Twenty seconds.", 1)
	r3, err := target.Resolve([]byte(changed))
	if err != nil {
		t.Fatal(err)
	}
	if r3.Lines != r2.Lines || r3.Hash == r2.Hash {
		t.Errorf("after an edit inside: lines %v, hash changed %v", r3.Lines, r3.Hash != r2.Hash)
	}
	crlf := strings.ReplaceAll(moved, "\n", "\r\n")
	r4, err := target.Resolve([]byte("\uFEFF" + crlf))
	if err != nil || r4.Lines != r2.Lines {
		t.Errorf("CRLF and BOM: %v %v, want lines %v", r4.Lines, err, r2.Lines)
	}
	if _, err := target.Resolve([]byte(strings.Replace(spec, "{#S1.13}", "", 1))); !errors.Is(err, ErrNotFound) {
		t.Errorf("id removed: err = %v, want ErrNotFound", err)
	}
}

func TestResolveWholeText(t *testing.T) {
	for _, text := range []string{"", "a", "a\n", "\uFEFFa\r\nb"} {
		r, err := Target{}.Resolve([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		n := NewLines([]byte(text)).Count()
		want := LineRange{1, n}
		if n == 0 {
			want = LineRange{}
		}
		if r.Lines != want || r.Span != (Span{0, len(text)}) || r.Hash != sha256.Sum256([]byte(text)) || r.Section != nil {
			t.Errorf("%q: %+v", text, r)
		}
	}
}

func TestTargetJSON(t *testing.T) {
	in := Target{ID: "S1.12", Level: 4}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"id":"S1.12","level":4}` {
		t.Errorf("JSON %s", b)
	}
	var out Target
	if err := json.Unmarshal(b, &out); err != nil || out != in {
		t.Errorf("round trip: %+v, %v", out, err)
	}
	if s := (Target{}).String(); s != "the whole text" {
		t.Errorf("zero Target says %q", s)
	}
}
