package cli_test

import (
	"fmt"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/cli"
)

func TestRender(t *testing.T) {
	tests := []struct {
		name string
		req  agent.Request
		want string
	}{
		{"empty", agent.Request{}, ""},
		{"one user message", agent.Request{Messages: []agent.Message{agent.UserText("hi")}}, "hi"},
		{"system first", agent.Request{System: "sys", Messages: []agent.Message{agent.UserText("hi")}}, "sys\n\nhi"},
		{
			"parts joined, bytes kept",
			agent.Request{Messages: []agent.Message{{Role: agent.User, Parts: []agent.Part{{Text: "\ufeff文書\r\n", CacheBreak: true}, {Text: "指示"}}}}},
			"\ufeff文書\r\n指示",
		},
		{
			"conversation",
			agent.Request{System: "sys", Messages: []agent.Message{agent.UserText("q1"), agent.AssistantText("a1"), agent.UserText("q2")}},
			"sys\n\n## user\nq1\n\n## assistant\na1\n\n## user\nq2",
		},
		{
			"schema and settings left out",
			agent.Request{Model: "m", Schema: []byte(`{"type":"object"}`), MaxTokens: 9, Messages: []agent.Message{agent.UserText("x")}},
			"x",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cli.Render(tt.req); got != tt.want {
				t.Errorf("Render() = %q, want %q", got, tt.want)
			}
		})
	}
}

func ExampleRender() {
	fmt.Println(cli.Render(agent.Request{
		System: "You are a careful editor.",
		Messages: []agent.Message{
			agent.UserText("Is this clear?"),
			agent.AssistantText("Mostly."),
			agent.UserText("What is unclear?"),
		},
	}))
	// Output:
	// You are a careful editor.
	//
	// ## user
	// Is this clear?
	//
	// ## assistant
	// Mostly.
	//
	// ## user
	// What is unclear?
}
