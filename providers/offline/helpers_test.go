package offline

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// editorial is one set of reviewers shared by the tests, so the Japanese
// tokenizer loads once per test binary. Every rule is on (SetAll): the
// tests of a rule see it whether or not it is on by default.
var editorial = sync.OnceValue(func() []agent.Reviewer { return Editorial(Config{Enabled: []string{SetAll}}) })

// reviewAll runs every reviewer of rs on text and returns all findings.
func reviewAll(t testing.TB, rs []agent.Reviewer, tg agent.Target) []finding.Finding {
	t.Helper()
	var all []finding.Finding
	for _, r := range rs {
		rev, err := r.Review(context.Background(), tg)
		if err != nil {
			t.Fatalf("%s: %v", r.Name(), err)
		}
		if rev.Report.Reviewer != r.Name() || rev.Report.SchemaVersion != finding.SchemaVersion || rev.Report.Findings == nil {
			t.Fatalf("%s: malformed report header %+v", r.Name(), rev.Report)
		}
		all = append(all, rev.Report.Findings...)
	}
	return all
}

// ofRule keeps the findings of one rule.
func ofRule(fs []finding.Finding, rule string) []finding.Finding {
	var out []finding.Finding
	for _, f := range fs {
		if strings.HasPrefix(f.Issue, rule+": ") {
			out = append(out, f)
		}
	}
	return out
}

// ruleCase is one table-test row: text that must (want > 0) or must not
// (want == 0) trigger rule.
type ruleCase struct {
	rule    string
	text    string
	want    int    // number of findings of rule
	fix     string // when set, the first finding's quote with its fix applied must contain it
	after   string // when set, the whole text with the first finding's fix applied must equal it
	advice  bool   // every finding must be advice (no fix)
	profile string // reader profile, optional
	message string // when set, the first finding's Issue must contain it
}

func runRuleCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, c := range cases {
		name := c.rule + "/" + c.text
		if len(name) > 60 {
			name = name[:60]
		}
		t.Run(name, func(t *testing.T) {
			fs := ofRule(reviewAll(t, editorial(), agent.Target{Text: []byte(c.text), ReaderProfile: c.profile}), c.rule)
			if len(fs) != c.want {
				t.Fatalf("%s on %q: got %d findings, want %d: %+v", c.rule, c.text, len(fs), c.want, fs)
			}
			for _, f := range fs {
				checkFinding(t, []byte(c.text), f)
			}
			if c.advice {
				for _, f := range fs {
					if !f.Advisory() {
						t.Errorf("want advice only, got fix %q -> %q", f.Quote(), f.Fix)
					}
				}
			}
			if c.message != "" && !strings.Contains(fs[0].Issue, c.message) {
				t.Errorf("issue %q does not contain %q", fs[0].Issue, c.message)
			}
			if c.after != "" {
				if fs[0].Advisory() {
					t.Fatalf("want a fix giving %q, got advice %+v", c.after, fs[0])
				}
				if got := strings.Replace(c.text, fs[0].Quote(), fs[0].Fix, 1); got != c.after {
					t.Errorf("fix %q -> %q gives %q, want %q", fs[0].Quote(), fs[0].Fix, got, c.after)
				}
			}
			if c.fix != "" {
				got := strings.Replace(c.text, fs[0].Quote(), fs[0].Fix, 1)
				if !strings.Contains(got, c.fix) {
					t.Errorf("fix %q -> %q gives %q, want it to contain %q", fs[0].Quote(), fs[0].Fix, got, c.fix)
				}
			}
		})
	}
}

// checkFinding checks the invariants every finding keeps.
func checkFinding(t testing.TB, doc []byte, f finding.Finding) {
	t.Helper()
	if !f.Severity.Valid() || f.Confidence < 0 || f.Confidence > 100 || f.ID == "" || f.Category == "" || !f.LineRange.Valid() {
		t.Errorf("malformed finding %+v", f)
	}
	q := f.Quote()
	if q == "" || !strings.Contains(string(doc), q) {
		t.Errorf("quote %q is not verbatim in the document", q)
	}
	if strings.HasPrefix(q, "\uFEFF") && strings.HasPrefix(string(doc), q) {
		t.Errorf("quote %q holds the document's BOM", q)
	}
	lines := strings.Split(string(doc), "\n")
	if f.LineRange.Start > len(lines) || !strings.Contains(lines[f.LineRange.Start-1], q) {
		t.Errorf("quote %q is not on line %d", q, f.LineRange.Start)
	}
	if !f.Advisory() && strings.Count(lines[f.LineRange.Start-1], q) != 1 {
		t.Errorf("fix quote %q is not unique on line %d", q, f.LineRange.Start)
	}
}

func agentTarget(text string) agent.Target { return agent.Target{Path: "doc.md", Text: []byte(text)} }
