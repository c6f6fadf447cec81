package offline

import (
	"context"
	"errors"
	"slices"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/kaigi-dev/kaigi/agent"
)

func TestRuleSets(t *testing.T) {
	in := map[string]int{}
	for _, s := range []string{SetDefault, SetStrict, SetPedantic, SetFacts} {
		ids, ok := ruleSet(s)
		if !ok {
			t.Fatalf("%s is no set", s)
		}
		for _, id := range ids {
			if _, ok := ruleByID(id); !ok {
				t.Errorf("set %s names %q, no rule", s, id)
			}
		}
	}
	for _, id := range slices.Concat(defaultRules(), strictRules(), pedanticRules(), factRules()) {
		in[id]++
	}
	all, _ := ruleSet(SetAll)
	for _, id := range all {
		if in[id] != 1 {
			t.Errorf("%s is in %d of the lists default, strict, pedantic and facts, want exactly one", id, in[id])
		}
	}
	strict, _ := ruleSet(SetStrict)
	pedantic, _ := ruleSet(SetPedantic)
	for _, id := range defaultRules() {
		if !slices.Contains(strict, id) || !slices.Contains(pedantic, id) {
			t.Errorf("default rule %s is missing from strict or pedantic", id)
		}
	}
	for _, id := range factRules() {
		if slices.Contains(pedantic, id) {
			t.Errorf("fact rule %s is in pedantic: the fact heuristics are opt-in by SetFacts only", id)
		}
	}
	if got := DefaultRules(); len(got) != len(defaultRules()) {
		t.Errorf("DefaultRules() = %v, want the %d of defaultRules", got, len(defaultRules()))
	}
}

// TestConfigEnabled: the zero Config runs the default rules only; Enabled
// adds sets and rules, Disabled wins, and an unknown name fails Review.
func TestConfigEnabled(t *testing.T) {
	text := []byte("It's worth noting that the the cache is cold.\nStudies show that 73% of outages start in deploys.\n")
	rules := func(cfg Config) []string {
		var got []string
		for _, f := range reviewAll(t, editorialWith(cfg, editorial()[0].(*Reviewer).shared), agent.Target{Text: text}) {
			got = append(got, ruleOf(f.Issue))
		}
		sort.Strings(got)
		return got
	}
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{}, "en-doubled-word en-stock-phrase"},
		{Config{Enabled: []string{SetStrict}}, "en-doubled-word en-stock-phrase"},
		{Config{Enabled: []string{"unsourced-figure"}}, "en-doubled-word en-stock-phrase unsourced-figure"},
		{Config{Enabled: []string{SetFacts}}, "en-doubled-word en-stock-phrase unsourced-claim unsourced-figure"},
		{Config{Disabled: []string{"en-stock-phrase"}}, "en-doubled-word"},
		{Config{Enabled: []string{SetAll}, Disabled: []string{"unsourced-claim", "en-doubled-word"}}, "en-stock-phrase unsourced-figure"},
	} {
		if got := strings.Join(rules(c.cfg), " "); got != c.want {
			t.Errorf("Enabled %v, Disabled %v: rules %q, want %q", c.cfg.Enabled, c.cfg.Disabled, got, c.want)
		}
	}
	_, err := AntiAISlop(Config{Enabled: []string{"stricter"}}).Review(context.Background(), agent.Target{Text: text})
	var ue *UnknownRuleError
	if !errors.As(err, &ue) || ue.ID != "stricter" || !strings.Contains(err.Error(), "Config.Enabled") {
		t.Errorf("unknown set: got %v, want an *UnknownRuleError for \"stricter\" naming Config.Enabled", err)
	}
}

// TestDefaultsOnSamples pins what the default rules find of the bundled
// demo articles' planted problems (answer-key.json plants one for every
// rule; TestSamplesAnswerKey checks them with every rule on): the editorial
// demo, which runs on the defaults, must still show findings.
func TestDefaultsOnSamples(t *testing.T) {
	want := map[string]string{
		"sample-en.md": "broken-link en-cliche en-doubled-word en-redundant en-stock-phrase no-doubled-conjunction no-zero-width-spaces",
		"sample-ja.md": "broken-link ja-no-mixed-period ja-no-successive-word ja-stock-filler no-double-negative-ja no-doubled-conjunction no-dropping-the-ra no-hankaku-kana no-mix-dearu-desumasu no-nfd no-unmatched-pair no-zero-width-spaces",
	}
	key := loadKey(t)
	for _, name := range []string{"sample-en.md", "sample-ja.md"} {
		text, err := Sample(name)
		if err != nil {
			t.Fatal(err)
		}
		rs := editorialWith(Config{LinkFS: fstest.MapFS{}}, editorial()[0].(*Reviewer).shared)
		fs := reviewAll(t, rs, agent.Target{Path: name, Text: text, ReaderProfile: "Web engineers"})
		if len(fs) == 0 {
			t.Fatalf("%s: the defaults find nothing", name)
		}
		found := map[string]bool{}
		n, planted := 0, 0
		for _, p := range key {
			if p.File != name {
				continue
			}
			planted++
			for _, f := range fs {
				if f.LineRange.Contains(p.Line) && strings.HasPrefix(f.Issue, p.Rule+": ") {
					found[p.Rule] = true
					n++
					break
				}
			}
		}
		var got []string
		for r := range found {
			got = append(got, r)
		}
		sort.Strings(got)
		t.Logf("%s: the defaults give %d findings and find %d of %d planted problems (%s)", name, len(fs), n, planted, strings.Join(got, ", "))
		if strings.Join(got, " ") != want[name] {
			t.Errorf("%s: the defaults find the planted problems of %q, want %q", name, strings.Join(got, " "), want[name])
		}
	}
}
