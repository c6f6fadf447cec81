package offline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// The scoreboard of issue 23 item 7: for every rule of textlint's presets
// (preset-ja-technical-writing, preset-japanese, and JTF-style's 2.2.2,
// which is arabic-kanji-numbers) the offline rule runs the cases of that
// rule's own test suite, rewritten with texts of our own in the same
// shape: a valid text, an invalid text with textlint's error count, the
// text textlint --fix gives, and the rule's options. The suites were read
// at the versions named in each suiteRule's source; the suites are MIT
// licensed, and no text of theirs is copied here beyond single words and
// the characters under test.
//
// A case textlint runs through a plugin or on markup the offline reviewers
// do not read (HTML, Re:VIEW), or with an option the offline rules do not
// offer, is skipped with the reason, and counted as skipped, not passed.

// suiteCase is one case of a textlint rule's suite.
type suiteCase struct {
	text   string
	errors int    // textlint's error count; 0 is a valid case
	output string // the text after textlint --fix, when the suite states one
	cfg    Config // the case's options (Limits, Options); zero: the rule's defaults
	skip   string // why the case is not run, when it is not
}

// suiteRule is the cases of one rule's suite.
type suiteRule struct {
	rule   string
	source string // the suite and version the cases follow
	cases  []suiteCase
}

// suiteRules lists every rule's cases; the tables are in
// textlint_suite_*_test.go.
func suiteRules() []suiteRule {
	var all []suiteRule
	all = append(all, suiteLengthRules()...)
	all = append(all, suiteCharRules()...)
	all = append(all, suiteGrammarRules()...)
	all = append(all, suiteStyleRules()...)
	all = append(all, suitePhraseRules()...)
	return all
}

// suiteScore counts one rule's cases.
type suiteScore struct {
	caught, invalid, quiet, valid, fixed, fixes, skipped int
}

func (s *suiteScore) add(o suiteScore) {
	s.caught += o.caught
	s.invalid += o.invalid
	s.quiet += o.quiet
	s.valid += o.valid
	s.fixed += o.fixed
	s.fixes += o.fixes
	s.skipped += o.skipped
}

// runSuiteCase runs c and says whether the rule reported textlint's error
// count and, when the case states an output, whether applying every fix
// of the rule gives it; why is what differed.
func runSuiteCase(t *testing.T, rule string, c suiteCase) (countOK, fixOK bool, why string) {
	t.Helper()
	cfg := c.cfg
	cfg.Enabled = []string{SetAll}
	cfg.Disabled = append(cfg.Disabled, "overlong-sentence") // not textlint's: it takes sentence-length's longest sentences
	cfg.MaxPerRule = Unlimited
	rs := Editorial(cfg)
	for i, r := range rs { // share the tokenizer the other tests loaded
		r.(*Reviewer).shared.ja = editorial()[i].(*Reviewer).shared.ja
	}
	fs := ofRule(reviewAll(t, rs, agent.Target{Path: "doc.md", Text: []byte(c.text)}), rule)
	countOK = len(fs) == c.errors
	if !countOK {
		why = fmt.Sprintf("%d findings, textlint reports %d: %s", len(fs), c.errors, issues(fs))
	}
	if c.output == "" {
		return countOK, true, why
	}
	out, problems, err := fixAll([]byte(c.text), fs)
	if err != nil {
		problems = append(problems, err.Error())
	}
	if len(problems) > 0 {
		return countOK, false, why + "; " + strings.Join(problems, "; ")
	}
	if got := string(out); got != c.output {
		return countOK, false, fmt.Sprintf("%s; fixed text %q, textlint gives %q", why, got, c.output)
	}
	return countOK, true, why
}

func issues(fs []finding.Finding) string {
	var s []string
	for _, f := range fs {
		s = append(s, fmt.Sprintf("%q", f.Issue))
	}
	return strings.Join(s, ", ")
}

// TestTextlintSuiteScore runs every suite case, logs the per-rule table,
// and fails when an overall share is below 95% or a rule scores below
// the row doc.go states for it.
func TestTextlintSuiteScore(t *testing.T) {
	table := docSuiteTable(t)
	var total suiteScore
	seen := map[string]bool{}
	for _, sr := range suiteRules() {
		if _, ok := ruleByID(sr.rule); !ok {
			t.Fatalf("suite for unknown rule %s", sr.rule)
		}
		seen[sr.rule] = true
		var s suiteScore
		for i, c := range sr.cases {
			if c.skip != "" {
				s.skipped++
				continue
			}
			countOK, fixOK, why := runSuiteCase(t, sr.rule, c)
			if c.errors > 0 {
				s.invalid++
			} else {
				s.valid++
			}
			switch {
			case countOK && c.errors > 0:
				s.caught++
			case countOK:
				s.quiet++
			}
			if c.output != "" {
				s.fixes++
				if fixOK {
					s.fixed++
				}
			}
			if !countOK || !fixOK {
				t.Logf("%s case %d %q: %s", sr.rule, i+1, c.text, why)
			}
		}
		t.Logf("%-36s invalid %3d/%-3d valid %3d/%-3d fixes %3d/%-3d skipped %d", sr.rule, s.caught, s.invalid, s.quiet, s.valid, s.fixed, s.fixes, s.skipped)
		total.add(s)
		row, ok := table[sr.rule]
		switch {
		case !ok && len(table) > 0:
			t.Errorf("doc.go: the suite table has no row for %s", sr.rule)
		case !ok:
		case s.caught < row.caught || s.quiet < row.quiet || s.fixed < row.fixed:
			t.Errorf("%s: invalid %d/%d, valid %d/%d, fixes %d/%d: below doc.go's %d, %d, %d", sr.rule,
				s.caught, s.invalid, s.quiet, s.valid, s.fixed, s.fixes, row.caught, row.quiet, row.fixed)
		case row.invalid != s.invalid || row.valid != s.valid || row.fixes != s.fixes || row.skipped != s.skipped:
			t.Errorf("%s: doc.go's suite row counts %d invalid, %d valid, %d fixes, %d skipped; the suite has %d, %d, %d, %d",
				sr.rule, row.invalid, row.valid, row.fixes, row.skipped, s.invalid, s.valid, s.fixes, s.skipped)
		}
	}
	for id := range table {
		if !seen[id] {
			t.Errorf("doc.go: suite table row %s has no suite", id)
		}
	}
	t.Logf("%-36s invalid %3d/%-3d valid %3d/%-3d fixes %3d/%-3d skipped %d", "overall", total.caught, total.invalid, total.quiet, total.valid, total.fixed, total.fixes, total.skipped)
	for _, share := range []struct {
		name string
		n, d int
	}{{"invalid cases caught", total.caught, total.invalid}, {"valid cases quiet", total.quiet, total.valid}, {"fixes equal", total.fixed, total.fixes}} {
		if share.d == 0 || 100*share.n < 95*share.d {
			t.Errorf("%s: %d/%d, below 95%%", share.name, share.n, share.d)
		}
	}
}

// docSuiteTable reads the suite table of doc.go: rows of rule, invalid
// caught, valid quiet, fixes equal (each n/d, fixes "-" for none) and
// skipped, after a header line "rule invalid valid fixes skipped".
func docSuiteTable(t *testing.T) map[string]suiteScore {
	t.Helper()
	rows := map[string]suiteScore{}
	fields, lines := docTable(t, "rule", "invalid", "valid", "fixes", "skipped")
	for i, f := range fields {
		var r suiteScore
		ok := len(f) == 5
		for k, p := range []struct{ n, d *int }{{&r.caught, &r.invalid}, {&r.quiet, &r.valid}, {&r.fixed, &r.fixes}} {
			if ok && f[k+1] != "-" {
				n, _ := fmt.Sscanf(f[k+1], "%d/%d", p.n, p.d)
				ok = n == 2
			}
		}
		if n, _ := fmt.Sscan(f[len(f)-1], &r.skipped); !ok || n != 1 {
			t.Fatalf("doc.go: suite table row %q: want rule, caught/invalid, quiet/valid, fixed/fixes (or -), skipped", lines[i])
		}
		rows[f[0]] = r
	}
	if len(rows) == 0 {
		t.Error("doc.go: no suite table (header: rule invalid valid fixes skipped)")
	}
	return rows
}
