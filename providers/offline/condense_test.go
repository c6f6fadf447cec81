package offline

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// longText returns the clean control of lang (long enough to be
// condensed, and free of findings) followed by extra.
func longText(t *testing.T, lang, extra string) string {
	t.Helper()
	clean, err := Sample("clean-" + lang + ".md")
	if err != nil {
		t.Fatal(err)
	}
	if parse(clean).short() {
		t.Fatalf("clean-%s.md is too short to be condensed", lang)
	}
	return string(clean) + "\n" + extra
}

// reviewWith runs one reviewer of Editorial(cfg) on text and returns its
// report.
func reviewWith(t *testing.T, cfg Config, reviewer, text string) finding.Report {
	t.Helper()
	if cfg.Enabled == nil {
		cfg.Enabled = []string{SetAll} // the condensing, not the default set, is under test
	}
	for _, r := range editorialWith(cfg, editorial()[0].(*Reviewer).shared) {
		if r.Name() != reviewer {
			continue
		}
		rev, err := r.Review(context.Background(), agent.Target{Path: "doc.md", Text: []byte(text)})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range rev.Report.Findings {
			checkFinding(t, []byte(text), f)
		}
		return rev.Report
	}
	t.Fatalf("no reviewer %q", reviewer)
	return finding.Report{}
}

func TestMaxPerRule(t *testing.T) {
	extra := "We wait in order to drain.\n\nWe sleep in order to cool.\n\nWe read in order to learn.\n"
	long := longText(t, "en", extra)
	lines := strings.Count(long[:strings.Index(long, "We wait")], "\n") + 1

	// the default: the first one, with a note naming the others
	rep := reviewWith(t, Config{}, AntiAISlopName, long)
	fs := ofRule(rep.Findings, "en-redundant")
	if len(fs) != 1 || fs[0].LineRange.Start != lines || fs[0].Fix == "" {
		t.Fatalf("default: got %+v, want one fix on line %d", fs, lines)
	}
	if want := "(2 more like this in the document: lines "; !strings.Contains(fs[0].Issue, want) {
		t.Errorf("issue %q does not say %q", fs[0].Issue, want)
	}
	if !strings.Contains(rep.Summary, "2 more repeat a rule") {
		t.Errorf("summary %q does not count the findings held back", rep.Summary)
	}

	// a limit of 2, and condensing off
	if fs := ofRule(reviewWith(t, Config{MaxPerRule: 2}, AntiAISlopName, long).Findings, "en-redundant"); len(fs) != 2 ||
		!strings.Contains(fs[1].Issue, "(1 more like this in the document: line ") || strings.Contains(fs[0].Issue, "more like this") {
		t.Errorf("MaxPerRule 2: got %+v", fs)
	}
	if fs := ofRule(reviewWith(t, Config{MaxPerRule: Unlimited}, AntiAISlopName, long).Findings, "en-redundant"); len(fs) != 3 {
		t.Errorf("Unlimited: got %d findings, want 3", len(fs))
	}

	// a short document is never condensed
	if fs := ofRule(reviewWith(t, Config{}, AntiAISlopName, extra).Findings, "en-redundant"); len(fs) != 3 {
		t.Errorf("short document: got %d findings, want 3", len(fs))
	}

	// every doubled word is an error of its own
	doubled := longText(t, "en", "Then the the server stops.\n\nStop the the client.\n\nRead the the log.\n")
	if fs := ofRule(reviewWith(t, Config{}, NarrativeCriticName, doubled).Findings, "en-doubled-word"); len(fs) != 3 {
		t.Errorf("en-doubled-word: got %d findings, want 3", len(fs))
	}
}

func TestMaxPerRuleJapanese(t *testing.T) {
	extra := "設定を変更することができます。\n\n値を保存することができます。\n"
	rep := reviewWith(t, Config{}, AntiAISlopName, longText(t, "ja", extra))
	fs := ofRule(rep.Findings, "ja-no-redundant-expression")
	if len(fs) != 1 || !strings.Contains(fs[0].Issue, "（同じ指摘がこの文書にあと1件: ") {
		t.Fatalf("got %+v, want one finding with a note in Japanese", fs)
	}
}

func TestMaxPerRuleMergesAdvice(t *testing.T) {
	// two advice findings of anti-ai-slop in one paragraph: one note
	text := longText(t, "en", "It is quite dangerous to store it (like memory)!\n")
	fs := reviewWith(t, Config{}, AntiAISlopName, text).Findings
	if len(fs) != 1 || !strings.HasPrefix(fs[0].Issue, "en-weasel: ") ||
		!strings.Contains(fs[0].Issue, "; also no-exclamation-question-mark: ") || len(fs[0].Quotes) != 2 {
		t.Fatalf("got %+v, want one en-weasel finding with the exclamation merged", fs)
	}
	if all := reviewWith(t, Config{MaxPerRule: Unlimited}, AntiAISlopName, text).Findings; len(all) != 2 {
		t.Errorf("Unlimited: got %d findings, want 2", len(all))
	}
}

// TestCondenseRanking checks which findings condense keeps: high severity
// always, then the most severe, then those with a fix, then the most
// confident, earliest first.
func TestCondenseRanking(t *testing.T) {
	doc := parse([]byte(longText(t, "en", "")))
	mk := func(line int, sev finding.Severity, conf int, fix string) finding.Finding {
		return finding.Finding{Issue: "en-weasel: x", LineRange: finding.LineRange{Start: line, End: line},
			Severity: sev, Confidence: conf, Fix: fix, Quotes: []string{"q"}}
	}
	for _, c := range []struct {
		name    string
		in      []finding.Finding
		extents []int
		want    []int // lines kept
	}{
		{"severity", []finding.Finding{mk(1, finding.Low, 90, "f"), mk(3, finding.Medium, 50, "")}, nil, []int{3}},
		{"fix", []finding.Finding{mk(1, finding.Low, 90, ""), mk(3, finding.Low, 50, "f")}, nil, []int{3}},
		{"longest", []finding.Finding{mk(1, finding.Low, 90, ""), mk(3, finding.Low, 50, ""), mk(5, finding.Low, 90, "")}, []int{52, 79, 60}, []int{3}},
		{"confidence", []finding.Finding{mk(1, finding.Low, 50, "f"), mk(3, finding.Low, 90, "f")}, nil, []int{3}},
		{"first", []finding.Finding{mk(1, finding.Low, 50, "f"), mk(3, finding.Low, 50, "f")}, nil, []int{1}},
		{"high", []finding.Finding{mk(1, finding.High, 50, "f"), mk(3, finding.High, 50, "f"), mk(5, finding.Low, 50, "f")}, nil, []int{1, 3, 5}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, held := condense(c.in, c.extents, 1, doc, false)
			var got []int
			for _, f := range out {
				got = append(got, f.LineRange.Start)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("kept lines %v, want %v", got, c.want)
			}
			if held != len(c.in)-len(c.want) {
				t.Errorf("held %d, want %d", held, len(c.in)-len(c.want))
			}
		})
	}
}

// TestEachCountsRulesExist guards the list of rules condensing never
// holds back against typos: each is a rule, and Config.MaxPerRule's doc
// names it.
func TestEachCountsRulesExist(t *testing.T) {
	src, err := os.ReadFile("config.go")
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(strings.ReplaceAll(string(src), "//", "")), " ")
	n := 0
	for _, r := range Rules() {
		if !eachCounts(r.ID) {
			continue
		}
		n++
		if !strings.Contains(doc, r.ID+",") && !strings.Contains(doc, r.ID+")") {
			t.Errorf("Config.MaxPerRule's doc does not name %s", r.ID)
		}
	}
	if n != 24 {
		t.Errorf("%d rules are never condensed, want the 24 Config.MaxPerRule names", n)
	}
}

// TestMaxPerRuleKeepsTheLongestAndRelatesTheRest: the cap keeps a rule's
// longest sentence, not its first, and gives the ones it holds back as
// related locations (line, quote, their own issue), so a consumer that
// reads locations sees every one.
func TestMaxPerRuleKeepsTheLongestAndRelatesTheRest(t *testing.T) {
	sentence := func(n int) string {
		w := make([]string, n)
		for i := range w {
			w[i] = "word"
		}
		w[0] = "Then"
		return strings.Join(w, " ") + "."
	}
	extra := sentence(52) + "\n\n" + sentence(79) + "\n\n" + sentence(60) + "\n"
	long := longText(t, "en", extra)
	first := strings.Count(long[:strings.Index(long, extra)], "\n") + 1
	fs := ofRule(reviewWith(t, Config{Disabled: []string{"overlong-sentence"}}, ReaderAdvocateName, long).Findings, "en-sentence-length")
	if len(fs) != 1 {
		t.Fatalf("got %d en-sentence-length findings, want 1: %+v", len(fs), fs)
	}
	f := fs[0]
	if f.LineRange.Start != first+2 || !strings.Contains(f.Issue, "79 words") {
		t.Errorf("kept line %d %q, want the 79-word sentence on line %d", f.LineRange.Start, f.Issue, first+2)
	}
	if len(f.Related) != 2 || f.Related[0].LineRange.Start != first || f.Related[1].LineRange.Start != first+4 ||
		!strings.Contains(f.Related[0].Issue, "52 words") || !strings.Contains(long, f.Related[0].Quote) || f.Related[0].Quote == "" {
		t.Errorf("related %+v, want lines %d (52 words) and %d", f.Related, first, first+4)
	}
}
