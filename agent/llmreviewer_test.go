package agent_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

var _ agent.Reviewer = (*agent.LLMReviewer)(nil)

// jaDoc is a Japanese document with CRLF line ends and no final newline.
const jaDoc = "# はじめに\r\n\r\nGoは速い言語であると言えるでしょう。\r\n多くの企業が採用しています。\r\n結論として、Goは素晴らしい。"

func jaTarget() agent.Target {
	return agent.Target{
		Path:          "post.md",
		Text:          []byte(jaDoc),
		ReaderProfile: "Goに初めて触れるWebエンジニア",
		References:    []agent.Reference{{Name: "style", Text: "です・ます調。"}, {Name: "sources", Text: "数字には出典を。"}},
		Round:         2,
	}
}

// report returns a valid Council JSON v1 report by reviewer.
func report(reviewer string) string {
	return fmt.Sprintf(`{"reviewer": %q, "schema_version": "1", "summary": "一件。",
  "findings": [{"id": "F001", "category": "ai-slop", "line_range": "3", "issue": "冗長な言い回し",
    "fix": "Goは速い言語です。", "confidence": 80, "severity": "low", "quotes": ["Goは速い言語であると言えるでしょう。"]}]}`, reviewer)
}

var slop = agent.Persona{Name: "anti-ai-slop", Category: "ai-slop", Lens: "定型句", Instructions: "Find stock phrases."}

func TestLLMReviewerValidFirstAnswer(t *testing.T) {
	p := scripted.New(scripted.Reply{
		Text:  "Here is my report:\n```json\n" + report("someone-else") + "\n```\n",
		Model: "model-x", Usage: agent.Usage{InputTokens: 900, OutputTokens: 100},
	})
	r := agent.NewLLMReviewer(p, slop, agent.WithModel("model-x"))
	rev, err := r.Review(context.Background(), jaTarget())
	if err != nil {
		t.Fatal(err)
	}
	if rev.Report.Reviewer != "anti-ai-slop" {
		t.Errorf("Report.Reviewer = %q, want the reviewer's name", rev.Report.Reviewer)
	}
	if len(rev.Report.Findings) != 1 || rev.Report.Findings[0].Quote() != "Goは速い言語であると言えるでしょう。" {
		t.Errorf("findings = %+v", rev.Report.Findings)
	}
	if want := (agent.Usage{InputTokens: 900, OutputTokens: 100, Calls: 1}); rev.Usage != want || rev.Model != "model-x" {
		t.Errorf("usage, model = %+v, %q", rev.Usage, rev.Model)
	}
	reqs := p.Requests()
	if len(reqs) != 1 || !reflect.DeepEqual(reqs[0], r.Request(jaTarget())) || reqs[0].Model != "model-x" {
		t.Errorf("sent %d requests; first = %+v", len(reqs), reqs)
	}
}

func TestLLMReviewerRepair(t *testing.T) {
	bad := strings.Replace(report("anti-ai-slop"), `"confidence": 80`, `"confidence": 150`, 1)
	tests := []struct {
		name, bad, wantMsg string
	}{
		{"malformed JSON", `{"reviewer": "anti-ai-slop", "findings": [`, "(root)"},
		{"schema violation", bad, "/findings/0/confidence"},
		{"bare array", `[{"id": "F001", "category": "ai-slop", "line_range": "3", "issue": "i", "fix": "", "confidence": 50, "severity": "low", "quotes": []}]`, "bare JSON array"},
		{"prose only", "Looks fine to me.", "no JSON object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := scripted.New(
				scripted.Reply{Text: tt.bad, Usage: agent.Usage{InputTokens: 10, OutputTokens: 5}},
				scripted.Reply{Text: report("anti-ai-slop"), Usage: agent.Usage{InputTokens: 20, OutputTokens: 6}},
			)
			rev, err := agent.NewLLMReviewer(p, slop).Review(context.Background(), jaTarget())
			if err != nil {
				t.Fatal(err)
			}
			if len(rev.Report.Findings) != 1 {
				t.Errorf("findings = %+v", rev.Report.Findings)
			}
			if want := (agent.Usage{InputTokens: 30, OutputTokens: 11, Calls: 2}); rev.Usage != want {
				t.Errorf("Usage = %+v, want %+v", rev.Usage, want)
			}
			reqs := p.Requests()
			if len(reqs) != 2 {
				t.Fatalf("%d requests, want 2", len(reqs))
			}
			first, repair := reqs[0].Messages, reqs[1].Messages
			if len(repair) != 3 || !reflect.DeepEqual(repair[0], first[0]) {
				t.Fatalf("repair conversation = %+v, want the first message, the answer and a repair request", repair)
			}
			if repair[1].Role != agent.Assistant || repair[1].Text() != tt.bad {
				t.Errorf("repair[1] = %+v, want the model's bad answer", repair[1])
			}
			if repair[2].Role != agent.User || !strings.Contains(repair[2].Text(), tt.wantMsg) {
				t.Errorf("repair request does not carry the violation %q:\n%s", tt.wantMsg, repair[2].Text())
			}
			if reqs[1].System != reqs[0].System || string(reqs[1].Schema) != string(reqs[0].Schema) {
				t.Errorf("repair request changed System or Schema")
			}
		})
	}
}

func TestLLMReviewerRepairListsEveryViolation(t *testing.T) {
	bad := `{"reviewer": "anti-ai-slop", "schema_version": "2", "summary": "", "findings": [
	  {"id": "F001", "category": "x", "line_range": "0", "issue": "i", "fix": "", "confidence": 101, "severity": "urgent", "quotes": []}]}`
	p := scripted.New(scripted.Text(bad), scripted.Text(report("anti-ai-slop")))
	if _, err := agent.NewLLMReviewer(p, slop).Review(context.Background(), jaTarget()); err != nil {
		t.Fatal(err)
	}
	msg := p.Requests()[1].Messages[2].Text()
	for _, ptr := range []string{"/schema_version", "/findings/0/line_range", "/findings/0/confidence", "/findings/0/severity"} {
		if !strings.Contains(msg, ptr) {
			t.Errorf("repair request lacks %s:\n%s", ptr, msg)
		}
	}
}

func TestLLMReviewerTwoViolations(t *testing.T) {
	p := scripted.New(
		scripted.Reply{Text: "no JSON here", Usage: agent.Usage{InputTokens: 7}},
		scripted.Reply{Text: `{"reviewer": "anti-ai-slop"}`, Usage: agent.Usage{InputTokens: 9}},
		scripted.Text(report("anti-ai-slop")), // never asked for
	)
	rev, err := agent.NewLLMReviewer(p, slop).Review(context.Background(), jaTarget())
	var sv *agent.SchemaViolationError
	if !errors.As(err, &sv) {
		t.Fatalf("err = %v, want a *SchemaViolationError", err)
	}
	if sv.Reviewer != "anti-ai-slop" || sv.Round != 2 {
		t.Errorf("SchemaViolationError = %+v", sv)
	}
	if !errors.Is(err, finding.ErrSchemaViolation) {
		t.Error("errors.Is(err, finding.ErrSchemaViolation) = false")
	}
	var verr *finding.ValidationError
	if !errors.As(err, &verr) || len(verr.Violations) == 0 {
		t.Errorf("err does not carry the validator's violations: %v", err)
	}
	if !strings.Contains(err.Error(), `"anti-ai-slop"`) || !strings.Contains(err.Error(), "round 2") {
		t.Errorf("err = %q, want the reviewer and round named", err)
	}
	if want := (agent.Usage{InputTokens: 16, Calls: 2}); rev.Usage != want {
		t.Errorf("Usage = %+v, want %+v", rev.Usage, want)
	}
	if p.Calls() != 2 {
		t.Errorf("%d calls, want 2", p.Calls())
	}
}

func TestLLMReviewerProviderError(t *testing.T) {
	errLimit := errors.New("429 rate limited")
	tests := []struct {
		name    string
		replies []scripted.Reply
		calls   int
	}{
		{"first call", []scripted.Reply{scripted.Error(errLimit)}, 1},
		{"repair call", []scripted.Reply{{Text: "{", Usage: agent.Usage{OutputTokens: 3}}, scripted.Error(errLimit)}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := scripted.New(tt.replies...)
			rev, err := agent.NewLLMReviewer(p, slop).Review(context.Background(), jaTarget())
			if !errors.Is(err, errLimit) || !strings.Contains(err.Error(), `reviewer "anti-ai-slop"`) {
				t.Fatalf("err = %v, want the provider's error wrapped with the reviewer's name", err)
			}
			if errors.Is(err, finding.ErrSchemaViolation) {
				t.Error("a provider error reads as a schema violation")
			}
			if p.Calls() != tt.calls {
				t.Errorf("%d calls, want %d", p.Calls(), tt.calls)
			}
			if tt.calls == 2 && rev.Usage.OutputTokens != 3 {
				t.Errorf("Usage = %+v, want the first call counted", rev.Usage)
			}
		})
	}
}

func TestLLMReviewerCancel(t *testing.T) {
	p := scripted.New(scripted.Reply{Text: report("anti-ai-slop"), Delay: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		_, err := agent.NewLLMReviewer(p, slop).Review(ctx, jaTarget())
		errc <- err
	}()
	cancel()
	select {
	case err := <-errc:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Review did not return after its context was cancelled")
	}
}

func TestLLMReviewerStructuredOutput(t *testing.T) {
	inPrompt := func(req agent.Request) bool {
		parts := req.Messages[0].Parts
		return strings.Contains(parts[len(parts)-1].Text, "```json")
	}
	tests := []struct {
		name       string
		structured bool
		opts       []agent.LLMOption
		want       bool
	}{
		{"provider without structured output", false, nil, true},
		{"provider with structured output", true, nil, false},
		{"option overrides provider", true, []agent.LLMOption{agent.WithStructuredOutput(false)}, true},
		{"option trusts provider", false, []agent.LLMOption{agent.WithStructuredOutput(true)}, false},
	}
	for _, tt := range tests {
		p := scripted.New()
		p.Structured = tt.structured
		req := agent.NewLLMReviewer(p, slop, tt.opts...).Request(jaTarget())
		if got := inPrompt(req); got != tt.want {
			t.Errorf("%s: schema in prompt = %v, want %v", tt.name, got, tt.want)
		}
		if len(req.Schema) == 0 {
			t.Errorf("%s: Request.Schema not set", tt.name)
		}
	}
}

// TestPromptLayout checks the cache-aware layout: four reviewers on one
// document send requests whose System and user text up to the CacheBreak
// part are byte-identical and hold the whole document, and which differ
// only after it.
func TestPromptLayout(t *testing.T) {
	personas := []agent.Persona{
		slop,
		{Name: "fact-checker", Category: "fact", Lens: "出典のない主張", Standards: []string{"sources"}},
		{Name: "narrative-critic", Category: "narrative", Instructions: "Follow the argument."},
		{Name: "reader-advocate", Category: "reader-fit", SeverityScale: "Blocker/Major/Nit", Standards: []string{"style"}},
	}
	p := scripted.NewResponder(func(_ int, req agent.Request) scripted.Reply {
		text := req.Messages[0].Text()
		for _, ps := range personas {
			if strings.Contains(text, "# Your role: "+ps.Name+"\n") {
				return scripted.Text(report(ps.Name))
			}
		}
		return scripted.Error(errors.New("no persona in prompt"))
	})
	target := jaTarget()
	target.Rejected = []agent.Rejection{{Finding: finding.Finding{Quotes: []string{"多くの企業"}, Fix: "一部の企業"}, Reason: "事実です"}}

	var wg sync.WaitGroup
	for _, ps := range personas {
		r := agent.NewLLMReviewer(p, ps)
		wg.Go(func() {
			rev, err := r.Review(context.Background(), target)
			if err != nil || rev.Report.Reviewer != ps.Name {
				t.Errorf("%s: %+v, %v", ps.Name, rev.Report, err)
			}
		})
	}
	wg.Wait()

	reqs := p.Requests()
	if len(reqs) != len(personas) {
		t.Fatalf("%d requests, want %d", len(reqs), len(personas))
	}
	// prefix splits a request at its last CacheBreak: the prefix every
	// reviewer shares, and the reviewer's own part. The references part,
	// which changes least between rounds, must carry a mark of its own.
	prefix := func(req agent.Request) (shared, rest string) {
		if len(req.Messages) != 1 {
			t.Fatalf("want one message, got %d", len(req.Messages))
		}
		parts := req.Messages[0].Parts
		var marked []int
		for i, part := range parts {
			if part.CacheBreak {
				marked = append(marked, i)
			}
		}
		if len(marked) != 2 || marked[0] != 0 || !strings.HasPrefix(parts[0].Text, "# Reference material") {
			t.Fatalf("CacheBreak on parts %v, want the references (0) and the last shared part", marked)
		}
		last := marked[len(marked)-1]
		return agent.Message{Parts: parts[:last+1]}.Text(), agent.Message{Parts: parts[last+1:]}.Text()
	}
	shared0, _ := prefix(reqs[0])
	for _, line := range strings.Split(jaDoc, "\r\n") {
		if !strings.Contains(shared0, "| "+line+"\n") {
			t.Errorf("shared prefix lacks document line %q", line)
		}
	}
	if !strings.Contains(shared0, "5| 結論として、Goは素晴らしい。\n") || strings.Contains(shared0, "\r") {
		t.Errorf("shared prefix does not number the CRLF document's own lines:\n%s", shared0)
	}
	rests := map[string]bool{}
	for _, req := range reqs {
		shared, rest := prefix(req)
		if req.System != reqs[0].System || req.System != agent.CouncilSystemPrompt {
			t.Error("System differs between reviewers")
		}
		if shared != shared0 {
			t.Errorf("shared prefix differs between reviewers:\n%q\n%q", shared, shared0)
		}
		for _, ps := range personas {
			if strings.Contains(shared, ps.Name) {
				t.Errorf("shared prefix names reviewer %q", ps.Name)
			}
		}
		rests[rest] = true
	}
	if len(rests) != len(personas) {
		t.Errorf("%d distinct reviewer parts, want %d", len(rests), len(personas))
	}
}

// TestLLMReviewerTruncated: an invalid answer cut off at the token limit
// is not re-asked under the same limit; the error says why.
func TestLLMReviewerTruncated(t *testing.T) {
	cut := report("anti-ai-slop")[:40]
	tests := []struct {
		name    string
		replies []scripted.Reply
		calls   int
		wantErr error // nil: the review succeeds
	}{
		{"openai length", []scripted.Reply{{Text: cut, StopReason: "length", Usage: agent.Usage{OutputTokens: 4096}}, scripted.Text(report("anti-ai-slop"))}, 1, agent.ErrTruncated},
		{"anthropic max_tokens", []scripted.Reply{{Text: cut, StopReason: "max_tokens", Usage: agent.Usage{OutputTokens: 4096}}, scripted.Text(report("anti-ai-slop"))}, 1, agent.ErrTruncated},
		{"repair cut off", []scripted.Reply{{Text: cut, StopReason: "stop"}, {Text: cut, StopReason: "length", Usage: agent.Usage{OutputTokens: 4096}}}, 2, agent.ErrTruncated},
		{"valid though at the limit", []scripted.Reply{{Text: report("anti-ai-slop"), StopReason: "length"}}, 1, nil},
		{"not cut off is repaired", []scripted.Reply{{Text: cut, StopReason: "end_turn"}, scripted.Text(report("anti-ai-slop"))}, 2, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := scripted.New(tt.replies...)
			rev, err := agent.NewLLMReviewer(p, slop, agent.WithMaxTokens(4096)).Review(context.Background(), jaTarget())
			if p.Calls() != tt.calls {
				t.Errorf("%d calls, want %d", p.Calls(), tt.calls)
			}
			if tt.wantErr == nil {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if !errors.Is(err, tt.wantErr) || !errors.Is(err, finding.ErrSchemaViolation) {
				t.Fatalf("err = %v, want one wrapping %v and the schema violation", err, tt.wantErr)
			}
			if !strings.Contains(err.Error(), "4096 tokens") || !strings.Contains(err.Error(), `reviewer "anti-ai-slop"`) {
				t.Errorf("err = %q, want the reviewer and the limit named", err)
			}
			if rev.Usage.OutputTokens != 4096 {
				t.Errorf("Usage = %+v, want the cut-off call counted", rev.Usage)
			}
		})
	}
}
