package offline

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/finding"
)

type planted struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Category string `json:"category"`
	Rule     string `json:"rule"`
	Fix      bool   `json:"fix"`
	Note     string `json:"note"`
}

func loadKey(t *testing.T) []planted {
	t.Helper()
	b, err := Sample("answer-key.json")
	if err != nil {
		t.Fatal(err)
	}
	var key struct {
		Planted []planted `json:"planted"`
	}
	if err := json.Unmarshal(b, &key); err != nil {
		t.Fatalf("answer-key.json: %v", err)
	}
	return key.Planted
}

// reviewSample runs a fresh Editorial (with an empty LinkFS, so every
// relative link is broken) over one bundled sample.
func reviewSample(t *testing.T, name string) ([]byte, []finding.Finding) {
	t.Helper()
	text, err := Sample(name)
	if err != nil {
		t.Fatal(err)
	}
	rs := Editorial(Config{LinkFS: fstest.MapFS{}, Enabled: []string{SetAll}}) // the key plants a problem for every rule
	// share the tokenizer the other tests already loaded
	for i, r := range rs {
		r.(*Reviewer).shared.ja = editorial()[i].(*Reviewer).shared.ja
	}
	fs := reviewAll(t, rs, agent.Target{Path: name, Text: text, ReaderProfile: "Web engineers"})
	for _, f := range fs {
		checkFinding(t, text, f)
		if f.File != name {
			t.Errorf("finding %s names file %q, want %q", f.ID, f.File, name)
		}
	}
	return text, fs
}

func TestSamplesAnswerKey(t *testing.T) {
	key := loadKey(t)
	found := map[string][]finding.Finding{}
	for _, name := range []string{"sample-ja.md", "sample-en.md"} {
		_, found[name] = reviewSample(t, name)
	}
	per := map[string]int{}
	for _, p := range key {
		per[p.File]++
		ok := false
		for _, f := range found[p.File] {
			if f.Category == p.Category && f.LineRange.Contains(p.Line) && strings.HasPrefix(f.Issue, p.Rule+": ") && (!p.Fix || f.Fix != "") {
				ok = true
				break
			}
		}
		if !ok {
			t.Errorf("%s:%d: planted %s/%s (%s) not found (fix wanted: %v)", p.File, p.Line, p.Category, p.Rule, p.Note, p.Fix)
		}
	}
	for name, fs := range found {
		fixes := 0
		for _, f := range fs {
			if !f.Advisory() {
				fixes++
			}
		}
		t.Logf("%s: %d planted problems, %d findings (%d with a fix)", name, per[name], len(fs), fixes)
	}
}

// proseSize counts what the clean-control budget is measured in: words of
// English prose and characters of Japanese prose (code, front matter and
// markup excluded).
func proseSize(text []byte) (words, chars int) {
	for s := range parse(text).sentences() {
		if s.ja {
			chars += runeCount(s.text)
		} else {
			words += wordCount(s.text)
		}
	}
	return words, chars
}

func TestCleanControls(t *testing.T) {
	for _, c := range []struct {
		name    string
		profile string
	}{{"clean-en.md", "Web engineers"}, {"clean-ja.md", "Web engineers"}, {"clean-en.md", ""}, {"clean-ja.md", ""}} {
		t.Run(c.name+"/"+c.profile, func(t *testing.T) {
			text, err := Sample(c.name)
			if err != nil {
				t.Fatal(err)
			}
			fs := reviewAll(t, editorial(), agent.Target{Path: c.name, Text: text, ReaderProfile: c.profile})
			words, chars := proseSize(text)
			budget := words/1000 + chars/2000
			if words < 1000 && chars < 2000 {
				t.Fatalf("control too short: %d words, %d characters", words, chars)
			}
			for _, f := range fs {
				t.Logf("finding: %s %s %q", f.LineRange, f.Issue, f.Quote())
			}
			t.Logf("%s: %d findings on %d words / %d characters of prose (budget %d)", c.name, len(fs), words, chars, budget)
			if len(fs) > budget {
				t.Errorf("%d findings, budget %d", len(fs), budget)
			}
		})
	}
}

// badAfterEdit matches what a careless deletion leaves behind.
var badAfterEdit = regexp.MustCompile(`[^ \n] {2,}[^ \n]|。。|、。|、、|\. \.|,,|, \.|\.\. |[.!?] [a-z]`)

// TestSampleFixesApply applies every fix of the planted samples through the
// apply package and checks the result is still valid text.
func TestSampleFixesApply(t *testing.T) {
	for _, name := range []string{"sample-ja.md", "sample-en.md"} {
		t.Run(name, func(t *testing.T) {
			text, fs := reviewSample(t, name)
			var props []apply.Proposal
			for _, f := range fs {
				if !f.Advisory() {
					props = append(props, apply.Proposal{Key: fmt.Sprintf("%s/%s", f.Category, f.ID), Finding: f})
				}
			}
			anchors, skips := apply.Resolve(text, props, apply.Options{})
			for _, s := range skips {
				t.Errorf("skipped %s: %v", s.Key, s.Err)
			}
			changes, conflicts := apply.Merge(anchors)
			for _, c := range conflicts {
				t.Errorf("conflict: %+v", c)
			}
			p, err := apply.NewPatch(text, changes)
			if err != nil {
				t.Fatal(err)
			}
			out, err := p.Apply(text)
			if err != nil {
				t.Fatal(err)
			}
			if !utf8.Valid(out) {
				t.Fatal("result is not valid UTF-8")
			}
			before := badAfterEdit.FindAllString(string(text), -1)
			after := badAfterEdit.FindAllString(string(out), -1)
			if len(after) > len(before) {
				t.Errorf("fixes left broken text: before %q, after %q", before, after)
			}
			t.Logf("%s: %d fixes applied", name, len(changes))
			// a second review finds none of the fixed problems again
			again := reviewAll(t, editorial(), agent.Target{Path: name, Text: out, ReaderProfile: "Web engineers"})
			for _, f := range again {
				if !f.Advisory() {
					t.Errorf("after applying, a fix is still proposed: %s %q -> %q", f.Issue, f.Quote(), f.Fix)
				}
			}
		})
	}
}

// TestSamplesCRLFAndBOM reviews the Japanese sample stored with a BOM, CRLF
// line endings and no final newline: the same findings on the same lines,
// and the fixes still apply cleanly.
func TestSamplesCRLFAndBOM(t *testing.T) {
	lf, want := reviewSample(t, "sample-ja.md")
	text := []byte("\uFEFF" + strings.TrimSuffix(strings.ReplaceAll(string(lf), "\n", "\r\n"), "\r\n"))
	got := reviewAll(t, editorial(), agent.Target{Path: "sample-ja.md", Text: text, ReaderProfile: "Web engineers"})
	key := func(fs []finding.Finding) []string {
		var out []string
		for _, f := range fs {
			if !strings.HasPrefix(f.Issue, "broken-link") {
				out = append(out, f.LineRange.String()+" "+f.Issue)
			}
		}
		return out
	}
	if g, w := key(got), key(want); strings.Join(g, "\n") != strings.Join(w, "\n") {
		t.Errorf("CRLF+BOM findings differ:\n got %q\nwant %q", g, w)
	}
	var props []apply.Proposal
	for _, f := range got {
		if !f.Advisory() {
			props = append(props, apply.Proposal{Key: f.Category + "/" + f.ID, Finding: f})
		}
	}
	anchors, skips := apply.Resolve(text, props, apply.Options{})
	changes, conflicts := apply.Merge(anchors)
	if len(skips) > 0 || len(conflicts) > 0 {
		t.Fatalf("skips %v, conflicts %v", skips, conflicts)
	}
	p, err := apply.NewPatch(text, changes)
	if err != nil {
		t.Fatal(err)
	}
	out, err := p.Apply(text)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(out), "\uFEFF") || strings.Count(string(out), "\r\n") != strings.Count(string(text), "\r\n") {
		t.Error("applying fixes changed the BOM or the line endings")
	}
}
