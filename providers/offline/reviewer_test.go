package offline

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

func TestEditorialRoles(t *testing.T) {
	want := [][2]string{
		{AntiAISlopName, CategoryAISlop},
		{FactCheckerName, CategoryFact},
		{NarrativeCriticName, CategoryNarrative},
		{ReaderAdvocateName, CategoryReaderFit},
	}
	rs := Editorial(Config{})
	if len(rs) != len(want) {
		t.Fatalf("Editorial returned %d reviewers, want %d", len(rs), len(want))
	}
	sh := rs[0].(*Reviewer).shared
	for i, r := range rs {
		if r.Name() != want[i][0] || r.(*Reviewer).category != want[i][1] {
			t.Errorf("reviewer %d = %s/%s, want %v", i, r.Name(), r.(*Reviewer).category, want[i])
		}
		if r.(*Reviewer).shared != sh {
			t.Errorf("%s does not share the tokenizer", r.Name())
		}
	}
	for _, r := range []*Reviewer{AntiAISlop(Config{}), FactChecker(Config{}), NarrativeCritic(Config{}), ReaderAdvocate(Config{})} {
		if r.Name() == "" || r.shared.lexErr != nil {
			t.Errorf("constructor gave %q, %v", r.Name(), r.shared.lexErr)
		}
	}
}

func TestRulesAreDocumented(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules() {
		if r.ID == "" || r.Doc == "" || seen[r.ID] {
			t.Errorf("rule %+v: empty or duplicate", r)
		}
		seen[r.ID] = true
	}
	// every rule the issue names for Japanese exists under textlint's name
	for _, id := range []string{"sentence-length", "max-ten", "max-kanji-continuous-len", "no-mix-dearu-desumasu",
		"ja-no-mixed-period", "no-doubled-joshi", "no-doubled-conjunction", "no-doubled-conjunctive-particle-ga",
		"no-double-negative-ja", "no-dropping-the-ra", "ja-no-successive-word", "ja-no-weak-phrase",
		"ja-no-redundant-expression", "no-exclamation-question-mark", "no-hankaku-kana", "no-nfd",
		"no-zero-width-spaces", "no-unmatched-pair"} {
		if !seen[id] {
			t.Errorf("rule %s missing", id)
		}
	}
}

func TestReportsValidateAgainstTheSchema(t *testing.T) {
	text, err := Sample("sample-ja.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range editorial() {
		rev, err := r.Review(context.Background(), agent.Target{Path: "sample-ja.md", Text: text})
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(rev.Report)
		if err != nil {
			t.Fatal(err)
		}
		if err := finding.Validate(b); err != nil {
			t.Errorf("%s: %v", r.Name(), err)
		}
		if rev.Usage != (agent.Usage{}) {
			t.Errorf("%s: offline review reports usage %+v", r.Name(), rev.Usage)
		}
	}
}

func TestConfigDisabled(t *testing.T) {
	text := []byte("データをを送信します。ﾃﾞｰﾀです。\n")
	rs := Editorial(Config{Disabled: []string{"ja-no-successive-word"}})
	for i, r := range rs { // reuse the loaded tokenizer
		r.(*Reviewer).shared.ja = editorial()[i].(*Reviewer).shared.ja
	}
	fs := reviewAll(t, rs, agent.Target{Text: text})
	if len(ofRule(fs, "ja-no-successive-word")) != 0 || len(ofRule(fs, "no-hankaku-kana")) != 1 {
		t.Errorf("disabled rule still runs, or others stopped: %+v", fs)
	}

	_, err := AntiAISlop(Config{Disabled: []string{"no-such-rule"}}).Review(context.Background(), agent.Target{Text: text})
	var ue *UnknownRuleError
	if !errors.As(err, &ue) || ue.ID != "no-such-rule" {
		t.Errorf("unknown rule: err = %v", err)
	}
}

func TestConfigLimits(t *testing.T) {
	text := []byte("まず、次に、終わります。\n")
	r := ReaderAdvocate(Config{Limits: Limits{MaxTen: 1}, Enabled: []string{SetStrict}})
	rev, err := r.Review(context.Background(), agent.Target{Text: text})
	if err != nil {
		t.Fatal(err)
	}
	if len(ofRule(rev.Report.Findings, "max-ten")) != 1 {
		t.Errorf("MaxTen 1 not applied: %+v", rev.Report.Findings)
	}
}

func TestTargetWindowAndRejections(t *testing.T) {
	text := []byte("We delve into it.\n\nIt delves into that.\n")
	r := AntiAISlop(Config{Enabled: []string{"en-stock-phrase"}})
	rev, err := r.Review(context.Background(), agent.Target{Text: text, Lines: finding.LineRange{Start: 3, End: 3}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rev.Report.Findings) != 1 || rev.Report.Findings[0].LineRange.Start != 3 || rev.Report.Findings[0].ID != "F001" {
		t.Errorf("window: %+v", rev.Report.Findings)
	}
	rej := agent.Rejection{Finding: rev.Report.Findings[0], Reason: "house style"}
	rev, err = r.Review(context.Background(), agent.Target{Text: text, Rejected: []agent.Rejection{rej}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rev.Report.Findings) != 1 || rev.Report.Findings[0].LineRange.Start != 1 {
		t.Errorf("rejected finding proposed again: %+v", rev.Report.Findings)
	}
}

func TestBrokenLinks(t *testing.T) {
	text := []byte("See [a](a.md), [b](missing.md), [c](https://go.dev), [d](#top), [e](../../out.md) and ![f](img/f.png).\n")
	fsys := fstest.MapFS{"docs/a.md": {}, "docs/img/f.png": {}}
	rev, err := FactChecker(Config{LinkFS: fsys}).Review(context.Background(), agent.Target{Path: "docs/post.md", Text: text})
	if err != nil {
		t.Fatal(err)
	}
	got := ofRule(rev.Report.Findings, "broken-link")
	if len(got) != 2 || got[0].Quote() != "missing.md" || got[1].Quote() != "../../out.md" {
		t.Errorf("broken links = %+v", got)
	}
	rev, err = FactChecker(Config{}).Review(context.Background(), agent.Target{Path: "docs/post.md", Text: text})
	if err != nil || len(ofRule(rev.Report.Findings, "broken-link")) != 0 {
		t.Errorf("without LinkFS the rule must not run: %v %+v", err, rev.Report.Findings)
	}
}

func TestReviewHonoursContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, r := range editorial() {
		if _, err := r.Review(ctx, agent.Target{Text: []byte("Text.")}); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: err = %v, want context.Canceled", r.Name(), err)
		}
	}
}

func TestLazyTokenizer(t *testing.T) {
	rs := Editorial(Config{})
	reviewAll(t, rs, agent.Target{Text: []byte("English only. No Japanese here.\n")})
	if rs[2].(*Reviewer).shared.ja.tok != nil {
		t.Error("tokenizer loaded for an English document")
	}
}

// TestConcurrentReviews runs the shared reviewers from many goroutines;
// run with -race.
func TestConcurrentReviews(t *testing.T) {
	text, err := Sample("sample-ja.md")
	if err != nil {
		t.Fatal(err)
	}
	want := len(reviewAll(t, editorial(), agent.Target{Text: text}))
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			got := 0
			for _, r := range editorial() {
				rev, err := r.Review(context.Background(), agent.Target{Text: text})
				if err != nil {
					t.Error(err)
					return
				}
				got += len(rev.Report.Findings)
			}
			if got != want {
				t.Errorf("concurrent review found %d, want %d", got, want)
			}
		})
	}
	wg.Wait()
}

// TestDeterministic reviews the samples twice with fresh reviewers: the
// reports must be byte-identical.
func TestDeterministic(t *testing.T) {
	for _, name := range []string{"sample-ja.md", "sample-en.md"} {
		text, err := Sample(name)
		if err != nil {
			t.Fatal(err)
		}
		var runs [2][]byte
		for i := range runs {
			b, err := json.Marshal(reviewAll(t, editorial(), agent.Target{Path: name, Text: text}))
			if err != nil {
				t.Fatal(err)
			}
			runs[i] = b
		}
		if string(runs[0]) != string(runs[1]) {
			t.Errorf("%s: two reviews differ", name)
		}
	}
}
