package agent_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

// TestTaskHistory: the conversation follows the material and precedes the
// instructions, so the cached prefix stays first; a growing conversation
// is cached up to its last turn.
func TestTaskHistory(t *testing.T) {
	history := []agent.Message{
		agent.UserText("第一稿を書いて。"),
		agent.AssistantText("第一稿です。"),
		agent.UserText("短くして。"),
		agent.AssistantText("短い稿です。"),
	}
	task := agent.Task{
		Material:     []agent.Reference{{Name: "arc", Text: "Episode 3 reveals the map."}},
		History:      history,
		Instructions: "Now add the map.",
	}
	req := agent.NewLLMAgent(scripted.New(), "author", "You write.").Request(task)
	msgs := req.Messages
	roles := make([]agent.Role, len(msgs))
	for i, m := range msgs {
		roles[i] = m.Role
	}
	want := []agent.Role{agent.User, agent.Assistant, agent.User, agent.Assistant, agent.User}
	if len(roles) != len(want) {
		t.Fatalf("roles = %v, want %v", roles, want)
	}
	for i := range want {
		if roles[i] != want[i] {
			t.Fatalf("roles = %v, want %v", roles, want)
		}
	}
	first := msgs[0].Parts
	if len(first) != 2 || first[0].Text != "# arc\n\nEpisode 3 reveals the map.\n\n" || !first[0].CacheBreak || first[1].Text != "第一稿を書いて。" || first[1].CacheBreak {
		t.Errorf("first message = %+v, want the material (cache break) then the first turn", first)
	}
	if last := msgs[3].Parts; !last[len(last)-1].CacheBreak {
		t.Error("the end of the history is not a cache break point")
	}
	if msgs[4].Text() != "Now add the map.\n" || msgs[4].Parts[0].CacheBreak {
		t.Errorf("last message = %+v, want the instructions", msgs[4])
	}
	for _, m := range history {
		for _, p := range m.Parts {
			if p.CacheBreak {
				t.Fatal("Request changed the caller's History")
			}
		}
	}

	// A history that ends with the user's turn is joined with the
	// instructions, and without material the history comes first.
	req = agent.NewLLMAgent(scripted.New(), "a", "").Request(agent.Task{History: history[:1], Instructions: "Go on."})
	if len(req.Messages) != 1 || req.Messages[0].Text() != "第一稿を書いて。Go on.\n" {
		t.Errorf("messages = %+v, want one user message", req.Messages)
	}
}

// TestLLMAgentRepair: an agent's structured answer is repaired once, like
// a reviewer's, and then is a typed error; a cut-off plain answer is
// reported as truncation.
func TestLLMAgentRepair(t *testing.T) {
	task := agent.Task{Instructions: "Judge.", Schema: []byte(verdictSchema), History: []agent.Message{agent.UserText("earlier"), agent.AssistantText("ok")}}
	p := scripted.New(scripted.Text(`{"verdict": "MAYBE"}`), scripted.Text(`Fixed: {"verdict": "OK"}`))
	res, err := agent.NewLLMAgent(p, "judge", "").Run(context.Background(), task)
	if err != nil || res.Text != `{"verdict": "OK"}` || res.Usage.Calls != 2 {
		t.Fatalf("Run = %+v, %v; want the repaired verdict after 2 calls", res, err)
	}
	repair := p.Requests()[1].Messages
	if n := len(repair); n != 5 || !strings.Contains(repair[n-1].Text(), "/verdict") || repair[n-2].Text() != `{"verdict": "MAYBE"}` {
		t.Errorf("repair conversation = %+v", repair)
	}

	p = scripted.New(scripted.Text(`{"verdict": "MAYBE"}`), scripted.Text(`{"verdict": "PERHAPS"}`))
	_, err = agent.NewLLMAgent(p, "judge", "").Run(context.Background(), task)
	var ae *agent.AnswerError
	if !errors.As(err, &ae) || !strings.Contains(err.Error(), `agent "judge"`) || !strings.Contains(err.Error(), "/verdict") {
		t.Errorf("err = %v, want an *AnswerError naming the agent and the violation", err)
	}

	p = scripted.New(scripted.Reply{Text: "Once upon a time, the", StopReason: "max_tokens"})
	_, err = agent.NewLLMAgent(p, "author", "", agent.WithMaxTokens(50)).Run(context.Background(), agent.Task{Instructions: "Write."})
	if !errors.Is(err, agent.ErrTruncated) || !strings.Contains(err.Error(), "50 tokens") {
		t.Errorf("err = %v, want agent.ErrTruncated naming the limit", err)
	}
}
