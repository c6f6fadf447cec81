package temporal_test

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/temporal"
)

// rule is one phrase a phraseReviewer flags.
type rule struct {
	phrase, fix string
	severity    finding.Severity
	conf        int
}

// calls counts a test's reviewer calls by reviewer and text, so a test
// sees whether a call was made twice.
type calls struct {
	mu    sync.Mutex
	n     map[string]int
	total atomic.Int64
}

func (c *calls) add(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = map[string]int{}
	}
	c.n[key]++
	c.total.Add(1)
}

// twice returns the calls made more than once.
func (c *calls) twice() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for k, n := range c.n {
		if n > 1 {
			out = append(out, fmt.Sprintf("%s ×%d", k, n))
		}
	}
	return out
}

// phraseReviewer flags every line holding one of its rules' phrases: a
// scripted stand-in for a model reviewer.
func phraseReviewer(name string, c *calls, rules ...rule) agent.Reviewer {
	return agent.ReviewerFunc{ReviewerName: name, Fn: func(ctx context.Context, t agent.Target) (agent.Review, error) {
		if c != nil {
			c.add(fmt.Sprintf("%s:%s", name, temporal.Ref(t.Text)[7:19]))
		}
		rep := finding.Report{Reviewer: name, SchemaVersion: finding.SchemaVersion, Summary: name + " read the text.", Findings: []finding.Finding{}}
		for i, line := range bytes.Split(t.Text, []byte("\n")) {
			for _, r := range rules {
				if !bytes.Contains(line, []byte(r.phrase)) {
					continue
				}
				rep.Findings = append(rep.Findings, finding.Finding{
					ID: fmt.Sprintf("F%03d", len(rep.Findings)+1), Category: "style",
					LineRange: finding.LineRange{Start: i + 1, End: i + 1},
					Issue:     fmt.Sprintf("%q is filler", r.phrase), Fix: r.fix,
					Confidence: r.conf, Severity: r.severity, Quotes: []string{r.phrase},
				})
			}
		}
		return agent.Review{Report: rep, Usage: agent.Usage{InputTokens: int64(len(t.Text)), OutputTokens: 10, Calls: 1}}, nil
	}}
}

// swarm is a scripted four-reviewer Editorial Swarm: two rounds of safe
// edits (alpha -> beta -> gamma), a high finding a person decides.
func swarm(c *calls) func(editorial.Args) (*editorial.Loop, error) {
	return func(editorial.Args) (*editorial.Loop, error) {
		return &editorial.Loop{Council: council.Council{Limit: 2, Members: council.Members(
			phraseReviewer("first", c, rule{phrase: "alpha", fix: "beta", severity: finding.Low, conf: 90}),
			phraseReviewer("second", c, rule{phrase: "beta", fix: "gamma", severity: finding.Low, conf: 85}),
			phraseReviewer("third", c, rule{phrase: "42%", fix: "about 40%", severity: finding.High, conf: 80}),
			phraseReviewer("fourth", c, rule{phrase: "とても", fix: "", severity: finding.Low, conf: 60}),
		)}}, nil
	}
}

const article = "# 題名\r\nalpha の行。\r\nbeta の行はとても長い。\r\n数字は 42% です。"

// readTree returns every file under dir by slash path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		data, err := os.ReadFile(path)
		out[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// failing is a reviewer whose every call fails, as a model that is down.
func failing(name string, c *calls) agent.Reviewer {
	return agent.ReviewerFunc{ReviewerName: name, Fn: func(ctx context.Context, t agent.Target) (agent.Review, error) {
		if c != nil {
			c.add(name)
		}
		return agent.Review{}, fmt.Errorf("%s: service unavailable (503)", name)
	}}
}
