package agent_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

var _ agent.Agent = (*agent.LLMAgent)(nil)

const verdictSchema = `{"type":"object","required":["verdict"],"properties":{"verdict":{"enum":["OK","REVISION_NEEDED"]}},"additionalProperties":false}`

func TestLLMAgentRequest(t *testing.T) {
	task := agent.Task{
		Instructions: "Judge the draft.",
		Material:     []agent.Reference{{Name: "arc", Text: "Arc design."}, {Name: "draft", Text: "第一話。\n"}},
		Schema:       []byte(verdictSchema),
	}
	for _, structured := range []bool{false, true} {
		p := scripted.New()
		p.Structured = structured
		a := agent.NewLLMAgent(p, "judge", "You judge drafts.", agent.WithModel("m"), agent.WithMaxTokens(100), agent.WithTemperature(0.2))
		req := a.Request(task)
		if req.System != "You judge drafts." || req.Model != "m" || req.MaxTokens != 100 || *req.Temperature != 0.2 {
			t.Errorf("request settings = %+v", req)
		}
		parts := req.Messages[0].Parts
		if len(parts) != 3 || !parts[1].CacheBreak || parts[0].CacheBreak || parts[2].CacheBreak {
			t.Fatalf("parts = %+v, want two material parts (the last with CacheBreak) and the instructions", parts)
		}
		if parts[0].Text != "# arc\n\nArc design.\n\n" || parts[1].Text != "# draft\n\n第一話。\n\n" {
			t.Errorf("material parts = %q, %q", parts[0].Text, parts[1].Text)
		}
		if got := strings.Contains(parts[2].Text, verdictSchema); got == structured {
			t.Errorf("structured=%v but schema in prompt = %v", structured, got)
		}
		if string(req.Schema) != verdictSchema {
			t.Errorf("Request.Schema = %s", req.Schema)
		}
	}
	if parts := agent.NewLLMAgent(scripted.New(), "a", "").Request(agent.Task{Instructions: "x"}).Messages[0].Parts; len(parts) != 1 || parts[0].CacheBreak {
		t.Errorf("no material: parts = %+v", parts)
	}
}

func TestLLMAgentRun(t *testing.T) {
	errDown := errors.New("server down")
	tests := []struct {
		name     string
		schema   string
		reply    scripted.Reply
		wantText string
		wantErr  error  // checked with errors.Is when set
		errHas   string // substring of the error when set
	}{
		{name: "plain text", reply: scripted.Text("A draft.\n"), wantText: "A draft.\n"},
		{name: "object in prose and fence", schema: verdictSchema,
			reply: scripted.Text("Here it is:\n```json\n{\"verdict\": \"OK\"}\n```\nDone {not json}"), wantText: `{"verdict": "OK"}`},
		{name: "braces in prose before the object", schema: verdictSchema,
			reply: scripted.Text("Use {x} then {\"verdict\":\"REVISION_NEEDED\"}"), wantText: `{"verdict":"REVISION_NEEDED"}`},
		{name: "no object", schema: verdictSchema, reply: scripted.Text("OK"), wantErr: agent.ErrNoJSON},
		{name: "does not match", schema: verdictSchema, reply: scripted.Text(`{"verdict":"MAYBE"}`), errHas: "/verdict"},
		{name: "provider error", reply: scripted.Error(errDown), wantErr: errDown, errHas: `agent "judge"`},
		{name: "bad task schema", schema: `{"type": 7}`, reply: scripted.Text("{}"), errHas: "Task.Schema"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := scripted.New(tt.reply, tt.reply) // an invalid answer is repaired once
			a := agent.NewLLMAgent(p, "judge", "")
			res, err := a.Run(context.Background(), agent.Task{Instructions: "Judge.", Schema: []byte(tt.schema)})
			if tt.wantErr == nil && tt.errHas == "" {
				if err != nil || res.Text != tt.wantText || res.Usage.Calls != 1 {
					t.Fatalf("Run = %+v, %v; want %q", res, err, tt.wantText)
				}
				return
			}
			if err == nil {
				t.Fatalf("Run = %+v, want an error", res)
			}
			if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
				t.Errorf("err = %v, want %v", err, tt.wantErr)
			}
			if !strings.Contains(err.Error(), tt.errHas) {
				t.Errorf("err = %v, want it to mention %q", err, tt.errHas)
			}
		})
	}
}

func TestLLMAgentCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := agent.NewLLMAgent(scripted.New(scripted.Text("x")), "a", "").Run(ctx, agent.Task{Instructions: "x"})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}
