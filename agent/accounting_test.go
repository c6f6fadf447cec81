package agent_test

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

// bare is a custom provider that reports tokens but never Usage.Calls, as
// a provider written from the README's checklist may; replies are played
// in order, each with its usage and error.
type bare struct {
	replies []bareReply
	n       atomic.Int32
}

type bareReply struct {
	text, model string
	usage       agent.Usage
	err         error
}

func (b *bare) Complete(_ context.Context, _ agent.Request) (agent.Response, error) {
	r := b.replies[min(int(b.n.Add(1))-1, len(b.replies)-1)]
	return agent.Response{Text: r.text, Model: r.model, Usage: r.usage}, r.err
}

// TestReviewCountsCalls (issue 9, item 25): every provider call counts,
// repair calls included, even when the provider leaves Usage.Calls 0.
func TestReviewCountsCalls(t *testing.T) {
	tok := agent.Usage{InputTokens: 10, OutputTokens: 2}
	tests := []struct {
		name      string
		replies   []bareReply
		wantCalls int
		wantErr   bool
	}{
		{"valid first answer", []bareReply{{text: report("anti-ai-slop"), usage: tok}}, 1, false},
		{"repaired", []bareReply{{text: "no JSON", usage: tok}, {text: report("anti-ai-slop"), usage: tok}}, 2, false},
		{"skipped after the repair", []bareReply{{text: "no JSON", usage: tok}, {text: "still none", usage: tok}}, 2, true},
		{"failed call", []bareReply{{err: errors.New("HTTP 500"), usage: tok}}, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rev, err := agent.NewLLMReviewer(&bare{replies: tt.replies}, slop).Review(context.Background(), jaTarget())
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if rev.Usage.Calls != tt.wantCalls || rev.Usage.InputTokens != int64(10*tt.wantCalls) {
				t.Errorf("Usage = %+v, want %d calls of 10 input tokens", rev.Usage, tt.wantCalls)
			}
		})
	}
}

// TestReviewModelOnError (issue 9, item 18): a skipped review still says
// which model was called and what it spent, so it can be priced.
func TestReviewModelOnError(t *testing.T) {
	spent := agent.Usage{InputTokens: 1200, OutputTokens: 40}
	tests := []struct {
		name      string
		replies   []bareReply
		opts      []agent.LLMOption
		wantModel string
	}{
		{"provider error, model requested", []bareReply{{err: errors.New("HTTP 503"), usage: spent}}, []agent.LLMOption{agent.WithModel("gpt-4.1")}, "gpt-4.1"},
		{"provider error, model reported", []bareReply{{err: errors.New("HTTP 503"), usage: spent, model: "claude-sonnet-4-5"}}, nil, "claude-sonnet-4-5"},
		{"empty reply keeps its usage", []bareReply{{err: agent.ErrEmptyReply, usage: spent, model: "gpt-4.1-mini"}}, nil, "gpt-4.1-mini"},
		{"schema violation twice", []bareReply{{text: "{", usage: spent}, {text: "{", usage: agent.Usage{}}}, []agent.LLMOption{agent.WithModel("m")}, "m"},
	}
	prices := agent.Prices{"gpt-4.1": {Input: 2}, "claude-sonnet-4-5": {Input: 3}, "gpt-4.1-mini": {Input: 0.4}, "m": {Input: 1}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rev, err := agent.NewLLMReviewer(&bare{replies: tt.replies}, slop, tt.opts...).Review(context.Background(), jaTarget())
			if err == nil {
				t.Fatal("Review succeeded")
			}
			if rev.Model != tt.wantModel {
				t.Errorf("Model = %q, want %q", rev.Model, tt.wantModel)
			}
			if rev.Usage.InputTokens != spent.InputTokens || rev.Usage.OutputTokens != spent.OutputTokens {
				t.Errorf("Usage = %+v, want the failed call's %+v", rev.Usage, spent)
			}
			if cost, ok := prices.Cost(rev.Model, rev.Usage); !ok || cost == 0 {
				t.Errorf("the skipped review is priced %v (known %v)", cost, ok)
			}
		})
	}
}

// TestNegativeUsageClamped (issue 9, item 18): negative counts from a
// provider never lower the ledger.
func TestNegativeUsageClamped(t *testing.T) {
	neg := agent.Usage{InputTokens: -100, OutputTokens: -5, CacheReadTokens: -7, CacheWriteTokens: -9}
	p := &bare{replies: []bareReply{{text: report("anti-ai-slop"), usage: neg}}}
	rev, err := agent.NewLLMReviewer(p, slop).Review(context.Background(), jaTarget())
	if err != nil {
		t.Fatal(err)
	}
	if want := (agent.Usage{Calls: 1}); rev.Usage != want {
		t.Errorf("Usage = %+v, want %+v", rev.Usage, want)
	}
	res, err := agent.NewLLMAgent(&bare{replies: []bareReply{{text: "draft", usage: neg}}}, "author", "").Run(context.Background(), agent.Task{Instructions: "write"})
	if err != nil {
		t.Fatal(err)
	}
	if want := (agent.Usage{Calls: 1}); res.Usage != want {
		t.Errorf("agent Usage = %+v, want %+v", res.Usage, want)
	}
}

// TestAgentModelOnError (issue 9, item 18): an agent's failed call keeps
// its usage and model, and counts as a call.
func TestAgentModelOnError(t *testing.T) {
	p := &bare{replies: []bareReply{{err: errors.New("HTTP 500"), usage: agent.Usage{InputTokens: 33}}}}
	res, err := agent.NewLLMAgent(p, "judge", "", agent.WithModel("gpt-5")).Run(context.Background(), agent.Task{Instructions: "judge"})
	if err == nil {
		t.Fatal("Run succeeded")
	}
	if res.Model != "gpt-5" || res.Usage != (agent.Usage{InputTokens: 33, Calls: 1}) {
		t.Errorf("Result = %+v, want model gpt-5 and the call's usage", res)
	}
}

// TestRepairQuoteBounded (issue 9, item 22): an oversized answer is not
// sent back whole in the repair request.
func TestRepairQuoteBounded(t *testing.T) {
	huge := strings.Repeat("長い答え", 300_000) // 3.6 MB, no JSON
	p := scripted.New(scripted.Text(huge), scripted.Text(report("anti-ai-slop")))
	if _, err := agent.NewLLMReviewer(p, slop).Review(context.Background(), jaTarget()); err != nil {
		t.Fatal(err)
	}
	repair := p.Requests()[1]
	quoted := repair.Messages[1].Text()
	if len(quoted) > agent.MaxRepairQuote+200 {
		t.Errorf("the repair request quotes %d bytes of the answer, want at most about %d", len(quoted), agent.MaxRepairQuote)
	}
	if !utf8.ValidString(quoted) || !strings.HasPrefix(huge, strings.SplitN(quoted, "\n\n[", 2)[0]) || !strings.Contains(quoted, "left out") {
		t.Errorf("the quote is not a valid prefix of the answer with a note: ...%q", quoted[max(len(quoted)-120, 0):])
	}
	total := 0
	for _, m := range repair.Messages {
		total += len(m.Text())
	}
	if total > 2*agent.MaxRepairQuote+len(repair.Messages[0].Text()) {
		t.Errorf("repair request is %d bytes", total)
	}
}

// TestPromptStatesFixConvention (issue 9, item 4): the reviewer prompt
// states how to insert and delete text.
func TestPromptStatesFixConvention(t *testing.T) {
	const convention = "`fix` always replaces `quotes[0]` exactly. To insert text, quote the neighbouring text and give as fix that quote with the insertion added; to delete text, quote it together with some neighbouring text and give as fix the quote without the deleted part. An empty fix is advice only and is never applied."
	req := agent.BuildReviewRequest(jaTarget(), slop, false)
	parts := req.Messages[0].Parts
	if own := parts[len(parts)-1].Text; !strings.Contains(own, convention) {
		t.Errorf("the reviewer's part does not state the fix convention:\n%s", own)
	}
	if strings.Contains(agent.Message{Parts: parts[:len(parts)-1]}.Text(), "quotes[0]") {
		t.Error("the convention is in the shared prefix")
	}
}
