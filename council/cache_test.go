package council_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

func TestCacheable(t *testing.T) {
	for _, tc := range []struct {
		model string
		bytes int
		want  bool
	}{
		{"claude-sonnet-4-5", 4096, true},
		{"claude-sonnet-4-5", 4095, false},
		{"claude-haiku-4-5", 8191, false},
		{"claude-haiku-4-5", 8192, true},
		{"Claude-3-5-HAIKU-latest", 6000, false},
		{"", 4096, true}, // the provider's default model: the lower minimum
		{"gpt-4.1", 100, false},
	} {
		if got := council.Cacheable(tc.model, tc.bytes); got != tc.want {
			t.Errorf("Cacheable(%q, %d) = %v, want %v", tc.model, tc.bytes, got, tc.want)
		}
	}
}

// TestRunWarmsUpOnlyWhenCacheable runs a council of LLM reviewers with
// WarmUp on documents whose shared prefix is or is not long enough for the
// reviewers' model to cache. The first reviewer's call answers only once
// another reviewer's request arrived (or after a fail-safe): with a
// warm-up the others wait for it, so it runs into the fail-safe; without
// one they run at once.
func TestRunWarmsUpOnlyWhenCacheable(t *testing.T) {
	short := strings.Repeat("本稿では、会議の仕組みを説明します。\n", 60) // about 3,300 bytes, 4,000 with the prompt
	long := strings.Repeat(short, 3)
	for _, tc := range []struct {
		name, model, doc string
		warm             bool
	}{
		{"sonnet long", "claude-sonnet-4-5", long, true},
		{"sonnet short", "claude-sonnet-4-5", short[:2000], false},
		{"haiku between", "claude-haiku-4-5", short + short[:1800], false},
		{"sonnet between", "claude-sonnet-4-5", short + short[:1800], true},
		{"haiku long", "claude-haiku-4-5", long, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer noLeak(t)()
			other := make(chan struct{})
			var once sync.Once
			var mu sync.Mutex
			waited := false
			p := scripted.NewResponder(func(call int, req agent.Request) scripted.Reply {
				prompt := req.Messages[len(req.Messages)-1].Text()
				name := "b"
				if strings.Contains(prompt, "# Your role: a\n") {
					name = "a"
					select {
					case <-other:
					case <-time.After(time.Second): // the others are held back
						mu.Lock()
						waited = true
						mu.Unlock()
					}
				} else {
					once.Do(func() { close(other) })
				}
				return scripted.Reply{Text: `{"reviewer":"` + name + `","schema_version":"1","summary":"","findings":[]}`,
					Usage: agent.Usage{InputTokens: 1, Calls: 1}}
			})
			rv := func(name string) agent.Reviewer {
				return agent.NewLLMReviewer(p, agent.Persona{Name: name, Lens: "lens"}, agent.WithModel(tc.model))
			}
			c := council.Council{Members: council.Members(rv("a"), rv("b"), rv("b")), WarmUp: true, WarmUpWait: time.Minute}
			round, err := c.Run(t.Context(), agent.Target{Path: "doc.md", Text: []byte(tc.doc)})
			if err != nil || round.Err() != nil {
				t.Fatalf("Run = %v, skips %v", err, round.Err())
			}
			if waited != tc.warm {
				t.Errorf("warm-up made = %v, want %v", waited, tc.warm)
			}
		})
	}
}

// TestRunWithoutWarmUpWhenPrefixShort checks the fallback estimate for
// reviewers that show no request: the target's own material.
func TestRunWithoutWarmUpWhenPrefixShort(t *testing.T) {
	defer noLeak(t)()
	other := make(chan struct{})
	var once sync.Once
	held := make(chan bool, 1)
	first := agent.ReviewerFunc{ReviewerName: "first", Fn: func(ctx context.Context, _ agent.Target) (agent.Review, error) {
		select {
		case <-other:
			held <- false
		case <-time.After(10 * time.Second): // fail-safe only
			held <- true
		}
		return agent.Review{Report: report("first", 0)}, nil
	}}
	second := agent.ReviewerFunc{ReviewerName: "second", Fn: func(ctx context.Context, _ agent.Target) (agent.Review, error) {
		once.Do(func() { close(other) })
		return agent.Review{Report: report("second", 0)}, nil
	}}
	c := council.Council{Members: council.Members(first, second), WarmUp: true, WarmUpWait: time.Minute}
	if _, err := c.Run(t.Context(), agent.Target{Text: []byte("short")}); err != nil {
		t.Fatal(err)
	}
	if <-held {
		t.Error("a warm-up was made for a 5-byte target")
	}
}
