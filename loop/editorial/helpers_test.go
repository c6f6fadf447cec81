package editorial_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// rule is one phrase a phraseReviewer flags.
type rule struct {
	phrase   string
	fix      string // "" for advice only
	severity finding.Severity
	conf     int
	issue    string
}

// phraseReviewer flags every line holding one of its rules' phrases, in
// document order, deterministically: a stand-in for a real reviewer.
func phraseReviewer(name, category string, rules ...rule) agent.Reviewer {
	return agent.ReviewerFunc{ReviewerName: name, Fn: func(ctx context.Context, t agent.Target) (agent.Review, error) {
		rep := finding.Report{Reviewer: name, SchemaVersion: finding.SchemaVersion, Summary: name + " read the text.", Findings: []finding.Finding{}}
		for i, line := range bytes.Split(t.Text, []byte("\n")) {
			for _, r := range rules {
				if !bytes.Contains(line, []byte(r.phrase)) {
					continue
				}
				issue := r.issue
				if issue == "" {
					issue = fmt.Sprintf("%q is filler", r.phrase)
				}
				rep.Findings = append(rep.Findings, finding.Finding{
					ID:         fmt.Sprintf("F%03d", len(rep.Findings)+1),
					Category:   category,
					LineRange:  finding.LineRange{Start: i + 1, End: i + 1},
					Issue:      issue,
					Fix:        r.fix,
					Confidence: r.conf,
					Severity:   r.severity,
					Quotes:     []string{r.phrase},
				})
			}
		}
		return agent.Review{Report: rep, Usage: agent.Usage{InputTokens: int64(len(t.Text)), OutputTokens: 10, Calls: 1}}, nil
	}}
}

// writeDoc writes a document into a fresh folder and returns its path.
func writeDoc(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "article.md")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// readFile returns a file's content or fails the test.
func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// mustContain fails unless s contains every want.
func mustContain(t *testing.T, name, s string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(s, w) {
			t.Errorf("%s does not contain %q:\n%s", name, w, s)
		}
	}
}

// chainCouncil rewrites alpha -> beta -> gamma, one step a round, and keeps
// a high finding open, so a run writes in two rounds and then stalls.
func chainCouncil() council.Council {
	return council.Council{Limit: 1, Members: council.Members(
		phraseReviewer("first", "style", rule{phrase: "alpha", fix: "beta", severity: finding.Low, conf: 90}),
		phraseReviewer("second", "style", rule{phrase: "beta", fix: "gamma", severity: finding.Low, conf: 85}),
		phraseReviewer("third", "fact", rule{phrase: "42%", severity: finding.High, conf: 80, issue: "unsourced figure"}),
	)}
}

const chainDoc = "# 題名\r\nalpha の行。\r\nbeta の行。\r\n数字は 42% です。\r\n"

// start returns l.Resume when resume is set, l.Run otherwise.
func start(l *editorial.Loop, resume bool) func(context.Context, ...string) (*editorial.Outcome, error) {
	if resume {
		return l.Resume
	}
	return l.Run
}

// records returns the records of the journal at path (opened, so its lock
// must be free), accepting the driver's own kinds.
func records(t testing.TB, path string) []journal.Record {
	t.Helper()
	j, err := journal.Open(path, journal.Options{Driver: editorial.Driver, Unknown: func(journal.Record) error { return nil }})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	return j.Records()
}
