package offline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/finding"
)

// applyFixes applies every fix of fs to text the way a loop does (Resolve,
// Merge, NewPatch) and fails the test on a skipped fix or a conflict: an
// offline fix that apply refuses is a fix the user never gets.
func applyFixes(t testing.TB, text []byte, fs []finding.Finding) []byte {
	t.Helper()
	out, problems, err := fixAll(text, fs)
	for _, p := range problems {
		t.Error(p)
	}
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// fixAll applies every fix of fs to text as applyFixes does and returns
// what apply refused or found in conflict instead of failing a test.
func fixAll(text []byte, fs []finding.Finding) (out []byte, problems []string, err error) {
	var props []apply.Proposal
	for i, f := range fs {
		if !f.Advisory() {
			props = append(props, apply.Proposal{Key: fmt.Sprintf("%s/%s/%d", f.Category, f.ID, i), Finding: f})
		}
	}
	anchors, skips := apply.Resolve(text, props, apply.Options{})
	for _, s := range skips {
		problems = append(problems, fmt.Sprintf("apply refused %s: %v", s.Key, s.Err))
	}
	changes, conflicts := apply.Merge(anchors)
	for _, c := range conflicts {
		problems = append(problems, fmt.Sprintf("apply found a conflict: %+v", c))
	}
	p, err := apply.NewPatch(text, changes)
	if err != nil {
		return nil, problems, err
	}
	out, err = p.Apply(text)
	return out, problems, err
}

// TestDoubledWordRunsGiveOneFix holds issue 9 item 6: a word written three
// times gave two overlapping fixes whose quotes were ambiguous, and apply
// refused both. A run of repetitions is one finding with one fix that
// removes them all, and its quote anchors.
func TestDoubledWordRunsGiveOneFix(t *testing.T) {
	cases := []struct {
		rule, text, want string
		n                int // findings of rule
	}{
		{"en-doubled-word", "Then the the the server stops.\n", "Then the server stops.\n", 1},
		{"en-doubled-word", "Then the the the the server stops.\n", "Then the server stops.\n", 1},
		{"en-doubled-word", "The the the server stops.\n", "The server stops.\n", 1},
		{"en-doubled-word", "It stops the the the", "It stops the", 1},
		{"en-doubled-word", "It is the the best and the the the fastest.\n", "It is the best and the fastest.\n", 2},
		{"en-doubled-word", "A cache cache cache helps.\r\n", "A cache helps.\r\n", 1},
		{"ja-no-successive-word", "データをを送信します。\n", "データを送信します。\n", 1},
		{"ja-no-successive-word", "データををを送信します。\n", "データを送信します。\n", 1},
		{"ja-no-successive-word", "データをををを送信します。\r\n", "データを送信します。\r\n", 1},
		{"ja-no-successive-word", "\uFEFFデータををを送信します。", "\uFEFFデータを送信します。", 1},
		{"ja-no-successive-word", "\uFEFFデータをを見れる。", "\uFEFFデータを見れる。", 1}, // the quote must not take the BOM
	}
	for _, c := range cases {
		t.Run(c.text, func(t *testing.T) {
			all := reviewAll(t, editorial(), agent.Target{Path: "doc.md", Text: []byte(c.text)})
			fs := ofRule(all, c.rule)
			if len(fs) != c.n {
				t.Fatalf("%d %s findings, want %d: %+v", len(fs), c.rule, c.n, fs)
			}
			for _, f := range fs {
				checkFinding(t, []byte(c.text), f)
				if f.Advisory() {
					t.Fatalf("advice %q, want a fix", f.Quote())
				}
			}
			if got := string(applyFixes(t, []byte(c.text), fs)); got != c.want {
				t.Errorf("applied: %q, want %q", got, c.want)
			}
		})
	}
}

// TestAnchorCountsOverlappingMatches: apply counts overlapping matches of a
// quote, so "the the" is ambiguous in "the the the" although strings.Count
// finds it once; the anchor must widen it until it is unique that way.
func TestAnchorCountsOverlappingMatches(t *testing.T) {
	for _, c := range []struct{ line, problem string }{
		{"x the the the y", "the the"},
		{"ををを", "をを"},
		{"aaaa bbb", "aa"},
	} {
		d := parse([]byte(c.line + "\n"))
		start := strings.Index(c.line, c.problem)
		q, fix, _ := d.anchor(start, start+len(c.problem), "Z", nil)
		if q == "" {
			continue // advice: nothing to anchor
		}
		if n := strings.Count(c.line, q); n != 1 || overlapping(c.line, q) != 1 {
			t.Errorf("%q: quote %q (fix %q) occurs %d times counting overlaps", c.line, q, fix, overlapping(c.line, q))
		}
	}
}

// overlapping counts every occurrence of q in s, overlapping ones included.
func overlapping(s, q string) int {
	n := 0
	for i := 0; i+len(q) <= len(s); i++ {
		if strings.HasPrefix(s[i:], q) {
			n++
		}
	}
	return n
}

// TestAnchorDeletionKeepsText: a deletion's quote holds neighbouring text,
// so its fix is never empty (an empty fix is advice); trimming the spaces
// at a quote's edges used to take all of it.
func TestAnchorDeletionKeepsText(t *testing.T) {
	for _, line := range []string{"\u200b      ", "      \u200b", "-  \u200b      "} {
		d := parse([]byte(line + "\n"))
		start := strings.Index(line, "\u200b")
		q, fix, _ := d.anchor(start, start+3, "", nil)
		if q != "" && (fix == "" || strings.Replace(line, q, fix, 1) != strings.Replace(line, "\u200b", "", 1)) {
			t.Errorf("%q: quote %q fix %q", line, q, fix)
		}
	}
}

// checkFixesAnchor checks that apply takes every fix of one reviewer as it
// is: each anchored on its hinted lines, none refused, none in conflict
// with another.
func checkFixesAnchor(t *testing.T, text []byte, fs []finding.Finding) {
	t.Helper()
	var props []apply.Proposal
	for _, f := range fs {
		if !f.Advisory() {
			props = append(props, apply.Proposal{Key: f.Category + "/" + f.ID, Finding: f})
		}
	}
	anchors, skips := apply.Resolve(text, props, apply.Options{})
	for _, s := range skips {
		t.Fatalf("apply refused %s: %v", s.Key, s.Err)
	}
	for i, a := range anchors {
		if a.Method != apply.ExactRange {
			t.Fatalf("%s (%q -> %q) anchored by %s", a.Key, props[i].Finding.Quote(), props[i].Finding.Fix, a.Method)
		}
	}
	if _, conflicts := apply.Merge(anchors); len(conflicts) > 0 {
		t.Fatalf("one reviewer's fixes conflict: %+v", conflicts)
	}
}
