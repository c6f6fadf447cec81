package anthropic_test

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/providers/anthropic"
)

// cachingServer imitates the Messages API's prompt cache: the prefix of a
// request up to its last cache_control block is written to the cache the
// first time it is seen (once that call has answered) and read after.
// Tokens are counted as bytes/4, rounded up.
type cachingServer struct {
	mu       sync.Mutex
	cache    map[string]bool
	prefixes []string      // the cached prefix of each request, in arrival order
	reported []agent.Usage // the usage each answer reported
}

type wireBlock struct {
	Text         string          `json:"text"`
	CacheControl json.RawMessage `json:"cache_control"`
}

func tokens(s string) int64 { return int64(len(s)+3) / 4 }

const reportJSON = `{"reviewer":"x","schema_version":"1","summary":"Nothing to fix.","findings":[]}`

func (s *cachingServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var body struct {
		System   []wireBlock `json:"system"`
		Messages []struct {
			Content []wireBlock `json:"content"`
		} `json:"messages"`
	}
	raw, _ := io.ReadAll(r.Body)
	if err := json.Unmarshal(raw, &body); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	blocks := append([]wireBlock(nil), body.System...)
	for _, m := range body.Messages {
		blocks = append(blocks, m.Content...)
	}
	var prefix, rest strings.Builder
	last := -1
	for i, b := range blocks {
		if b.CacheControl != nil {
			last = i
		}
	}
	for i, b := range blocks {
		if i <= last {
			prefix.WriteString(b.Text)
		} else {
			rest.WriteString(b.Text)
		}
	}
	u := agent.Usage{InputTokens: tokens(rest.String()), OutputTokens: tokens(reportJSON)}
	p := prefix.String()
	s.mu.Lock()
	write := p != "" && !s.cache[p]
	if write {
		u.CacheWriteTokens = tokens(p)
	} else if p != "" {
		u.CacheReadTokens = tokens(p)
	}
	s.prefixes = append(s.prefixes, p)
	s.reported = append(s.reported, u)
	s.mu.Unlock()
	if write { // the entry is readable once the writing call has answered
		defer func() {
			s.mu.Lock()
			s.cache[p] = true
			s.mu.Unlock()
		}()
	}

	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
		"content":     []any{map[string]any{"type": "text", "text": reportJSON}},
		"stop_reason": "end_turn",
		"usage": map[string]any{
			"input_tokens":                u.InputTokens,
			"output_tokens":               u.OutputTokens,
			"cache_creation_input_tokens": u.CacheWriteTokens,
			"cache_read_input_tokens":     u.CacheReadTokens,
		},
	})
}

// TestCouncilWarmUpCaching runs the Editorial Swarm's four reviewers on
// one document for two rounds, with the council's cache warm-up on, and
// checks the wire and the sums: every request of a round carries the same
// cached prefix; the warm-up call writes it, the three others read it; the
// usage reported per call adds up per reviewer, per round and overall.
func TestCouncilWarmUpCaching(t *testing.T) {
	srv := &cachingServer{cache: map[string]bool{}}
	hs := httptest.NewServer(srv)
	defer hs.Close()
	p := anthropic.New(anthropic.WithBaseURL(hs.URL), anthropic.WithModel("claude-sonnet-4-5"), anthropic.WithMaxRetries(0))

	names := []string{"anti-ai-slop", "fact-checker", "narrative-critic", "reader-advocate"}
	reviewers := make([]agent.Reviewer, len(names))
	for i, n := range names {
		reviewers[i] = agent.NewLLMReviewer(p, agent.Persona{Name: n, Lens: "The " + n + "'s lens."})
	}
	c := council.Council{Members: council.Members(reviewers...), WarmUp: true}

	doc := strings.Repeat("本稿では、会議の仕組みを説明します。\r\nIt is worth noting that caching matters.\r\n", 60)
	docs := []string{doc, strings.ReplaceAll(doc, "It is worth noting that caching", "Caching")} // round 2: fixes applied
	var total agent.Usage
	for round, text := range docs {
		before := len(srv.reported)
		rd, err := c.Run(t.Context(), agent.Target{Path: "article.md", Text: []byte(text), ReaderProfile: "Go engineers", Round: round + 1})
		if err != nil {
			t.Fatalf("round %d: %v", round+1, err)
		}
		if rd.Err() != nil {
			t.Fatalf("round %d skipped calls: %v", round+1, rd.Err())
		}
		prefixes := srv.prefixes[before:]
		reported := srv.reported[before:]
		if len(prefixes) != len(names) {
			t.Fatalf("round %d: server saw %d calls, want %d", round+1, len(prefixes), len(names))
		}
		for i, pre := range prefixes {
			if pre == "" || pre != prefixes[0] {
				t.Fatalf("round %d: call %d's cached prefix differs from the first call's", round+1, i)
			}
		}
		if !strings.Contains(prefixes[0], "本稿では") || strings.Contains(prefixes[0], "lens.") {
			t.Errorf("round %d: the cached prefix should hold the document and no reviewer's own part", round+1)
		}
		pt := tokens(prefixes[0])

		// The warm-up call writes the cache, the other three read it.
		var writes, reads int
		for _, u := range reported {
			switch {
			case u.CacheWriteTokens == pt && u.CacheReadTokens == 0:
				writes++
			case u.CacheReadTokens == pt && u.CacheWriteTokens == 0:
				reads++
			}
		}
		if writes != 1 || reads != 3 {
			t.Errorf("round %d: %d cache writes and %d reads, want 1 and 3", round+1, writes, reads)
		}

		// Per reviewer: the council's results carry each call's usage.
		var want agent.Usage
		for _, u := range reported {
			u.Calls = 1
			want = want.Add(u)
		}
		var sum agent.Usage
		for i, res := range rd.Results {
			u := res.Review.Usage
			if res.Reviewer != names[i] || u.Calls != 1 {
				t.Errorf("round %d: result %d = %s with %d calls", round+1, i, res.Reviewer, u.Calls)
			}
			if i == 0 && (u.CacheWriteTokens != pt || u.CacheReadTokens != 0) {
				t.Errorf("round %d: warm-up reviewer %s usage %+v, want a cache write of %d", round+1, res.Reviewer, u, pt)
			}
			if i > 0 && (u.CacheReadTokens != pt || u.CacheWriteTokens != 0) {
				t.Errorf("round %d: reviewer %s usage %+v, want a cache read of %d", round+1, res.Reviewer, u, pt)
			}
			sum = sum.Add(u)
		}
		if sum != want || rd.Usage != want {
			t.Errorf("round %d: reviewers sum to %+v, round says %+v, server reported %+v", round+1, sum, rd.Usage, want)
		}
		total = total.Add(rd.Usage)

		// What the cache saved, at list prices.
		prices := agent.DefaultPrices()
		cost, ok := prices.Cost("claude-sonnet-4-5", rd.Usage)
		uncached := rd.Usage
		uncached.InputTokens += uncached.CacheReadTokens + uncached.CacheWriteTokens
		uncached.CacheReadTokens, uncached.CacheWriteTokens = 0, 0
		full, _ := prices.Cost("claude-sonnet-4-5", uncached)
		if !ok || !(cost < full) || math.IsNaN(cost) {
			t.Errorf("round %d: cost %.6f with cache, %.6f without: caching should save", round+1, cost, full)
		}
		t.Logf("round %d: prefix %d tokens; usage %+v; $%.5f with cache vs $%.5f without", round+1, pt, rd.Usage, cost, full)
	}
	var all agent.Usage
	for _, u := range srv.reported {
		u.Calls = 1
		all = all.Add(u)
	}
	if total != all {
		t.Errorf("two rounds sum to %+v, server reported %+v", total, all)
	}
	if got := fmt.Sprint(len(srv.cache)); got != "2" {
		t.Errorf("%s distinct prefixes cached, want 2 (one per document version)", got)
	}
}
