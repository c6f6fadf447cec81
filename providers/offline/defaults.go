package offline

import (
	"fmt"
	"slices"
)

// The named rule sets Config.Enabled takes beside rule IDs. Each set
// holds the one before it: default ⊂ strict ⊂ pedantic ⊂ all.
const (
	// SetDefault is the rules on when Config.Enabled is empty: those
	// measured right at least 70% of the time on documentation the rules
	// were not tuned on (the package doc's table), and the character and
	// typo checks that found nothing there to be wrong about.
	SetDefault = "default"
	// SetStrict adds the rules of textlint's preset-ja-technical-writing
	// not on by default and their English counterparts: what a style guide
	// enforces, right less often on edited documentation.
	SetStrict = "strict"
	// SetPedantic adds the rules whose findings are mostly taste (passive
	// voice, "There is", repeated words and openings, acronyms, em dashes).
	SetPedantic = "pedantic"
	// SetFacts is the heuristic fact-checking, advisory: figures and
	// claims with no source nearby and quantities stated two ways. It
	// cannot tell a figure the text sources or derives from one it does
	// not, so it is never on by default.
	SetFacts = "facts"
	// SetAll is every rule.
	SetAll = "all"
)

// defaultRules returns the rules on by default. A rule is here only
// when its measured precision on the corpus's measuring part is at least
// 70% and its findings are not taste, or when its findings are errors by
// definition (a decomposed character, a doubled word, a broken link) and
// it gave at most two findings there, too few to measure.
func defaultRules() []string {
	return []string{
		"en-redundant", "ja-no-mixed-period", "overlong-sentence", "no-unmatched-pair",
		// errors by definition, too few findings on the measuring part to measure
		"en-doubled-word", "en-misspelling", "en-confusable", "ja-doubled-phrase", "ja-no-successive-word", "no-dropping-the-ra", "no-hankaku-kana", "no-zenkaku-alphabet",
		"no-nfd", "no-zero-width-spaces", "no-invalid-control-character", "broken-link",
		// one word spelt two ways in one document (each right on the measuring part)
		"ja-long-vowel-variant", "en-term-variant", "en-name-variant",
		// errors by definition that gave no finding on the measuring part
		// (and none, or none left, on the tuning part): a misuse from the
		// list, an IME slip, a double negative, two sentences opening with
		// the same conjunction, である in a です/ます text, stock filler
		"ja-no-abusage", "ja-unnatural-alphabet", "no-double-negative-ja", "no-doubled-conjunction",
		"no-mix-dearu-desumasu", "en-stock-phrase", "en-cliche", "ja-stock-filler",
		// a sentence written twice in a row, and a verb that disagrees with
		// a subject its neighbours settle (no finding on either part)
		"doubled-sentence", "en-agreement",
		// an article the next word's sound settles (two findings on the
		// measuring part, one right; 53 of 55 right on outside documentation)
		"en-article",
		// a product name in other case than its owners write it (3 of 3
		// right on the measuring part)
		"en-product-name",
		// "allows to configure", "be able use": no finding on the measuring
		// part, 40 of 40 right in a sample of outside documentation
		"en-missing-word",
		// a katakana word written once one inner letter off a word the
		// document writes often (メンテンス beside メンテナンス): no finding
		// on the measuring part, 1 of 1 right on outside news posts
		"ja-katakana-slip",
		// an acronym used before the place where the document spells it
		// out: no finding on either part of the corpus, 35 of 35 right on
		// outside documentation (blogs and guides) after its mending there
		lateAcronymRule,
		// a phrasal verb written as its noun where only a verb stands
		// ("can setup", "how to backup"): no finding on either part of the
		// corpus, 20 of 20 right on outside documentation
		phrasalVerbRule,
		// a 〜たり with no second 〜たり before another clause: 7 of 7 right
		// on the measuring part
		unpairedTariRule,
		// "less" and "amount of" before a plural count noun ("less files",
		// "the amount of requests"): 3 of 3 right on the measuring part,
		// 16 of 16 on outside documentation
		countNounRule,
		// ja-no-redundant-expression's fix of 「することができる」 after が
		// to 「できる」, on its own
		dekiruRule,
		// a word written both in kana and in kanji in one document (できる
		// and 出来る): 8 of 8 right on the measuring part
		kanaVariantRule,
		// a verb's -s form after a modal or a negated do ("will uses"): no
		// finding on either part, 2 of 2 right on outside documentation
		modalVerbRule,
	}
}

// strictRules returns what SetStrict adds to the defaults.
func strictRules() []string {
	return []string{
		// textlint's preset-ja-technical-writing
		"sentence-length", "max-comma", "max-ten", "max-kanji-continuous-len", "arabic-kanji-numbers",
		"no-doubled-conjunctive-particle-ga",
		"no-doubled-joshi", "no-exclamation-question-mark", "ja-no-weak-phrase",
		"ja-no-redundant-expression",
		// their English counterparts, and stock phrases
		"en-sentence-length", "en-weasel", "ja-stock-phrase",
	}
}

// pedanticRules returns what SetPedantic adds to SetStrict.
func pedanticRules() []string {
	return []string{
		"en-passive", "en-there-is", "repeated-word", "repeated-sentence", "repeated-prose-sentence", "same-opening", "paragraph-length",
		"undefined-acronym", "undefined-jargon", "em-dash",
	}
}

// factRules returns SetFacts.
func factRules() []string {
	return []string{"unsourced-figure", "unsourced-claim", "inconsistent-quantity"}
}

// ruleSet returns the rule IDs of a named set, and whether name is one.
func ruleSet(name string) ([]string, bool) {
	switch name {
	case SetDefault:
		return defaultRules(), true
	case SetStrict:
		return slices.Concat(defaultRules(), strictRules()), true
	case SetPedantic:
		return slices.Concat(defaultRules(), strictRules(), pedanticRules()), true
	case SetFacts:
		return factRules(), true
	case SetAll:
		ids := make([]string, 0, len(ruleList()))
		for _, r := range ruleList() {
			ids = append(ids, r.ID)
		}
		return ids, true
	}
	return nil, false
}

// DefaultRules returns the IDs of the rules on when Config.Enabled is
// empty, in the order of Rules.
func DefaultRules() []string {
	on := map[string]bool{}
	for _, id := range defaultRules() {
		on[id] = true
	}
	var ids []string
	for _, r := range ruleList() {
		if on[r.ID] {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

// disabledRules returns the rules cfg leaves off: every rule outside
// SetDefault and the sets and rules cfg.Enabled names, and every rule
// cfg.Disabled names (Disabled wins). An unknown name in either list is
// an *UnknownRuleError naming the field.
func (c Config) disabledRules() (map[string]bool, error) {
	on := map[string]bool{}
	for _, id := range defaultRules() {
		on[id] = true
	}
	var err error
	for _, name := range c.Enabled {
		if ids, ok := ruleSet(name); ok {
			for _, id := range ids {
				on[id] = true
			}
			continue
		}
		if _, ok := ruleByID(name); !ok {
			if err == nil {
				err = fmt.Errorf("Config.Enabled: %w", &UnknownRuleError{ID: name})
			}
			continue
		}
		on[name] = true
	}
	for _, id := range c.Disabled {
		if _, ok := ruleByID(id); !ok && err == nil {
			err = fmt.Errorf("Config.Disabled: %w", &UnknownRuleError{ID: id})
		}
		on[id] = false
	}
	off := map[string]bool{}
	for _, r := range ruleList() {
		if !on[r.ID] {
			off[r.ID] = true
		}
	}
	return off, err
}

// CheckRules reports the first of names that is neither a rule ID nor a
// named set, as an *UnknownRuleError; nil when all are. A command line
// that takes Config.Enabled checks it so at parse time.
func CheckRules(names []string) error {
	for _, name := range names {
		if _, ok := ruleSet(name); ok {
			continue
		}
		if _, ok := ruleByID(name); !ok {
			return fmt.Errorf("offline: %w", &UnknownRuleError{ID: name})
		}
	}
	return nil
}
