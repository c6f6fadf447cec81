package scripted_test

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

func ExampleNew() {
	p := scripted.New(
		scripted.Text("```json\n{broken"), // malformed output is just text
		scripted.Reply{Text: `{"ok":true}`, Usage: agent.Usage{InputTokens: 120, OutputTokens: 8}},
	)
	ctx := context.Background()
	for range 3 {
		resp, err := p.Complete(ctx, agent.Request{Messages: []agent.Message{agent.UserText("review this")}})
		if errors.Is(err, scripted.ErrExhausted) {
			fmt.Println("exhausted after", p.Calls()-1, "replies")
			break
		}
		fmt.Printf("%q tokens=%d\n", resp.Text, resp.Usage.Total())
	}
	// Output:
	// "```json\n{broken" tokens=0
	// "{\"ok\":true}" tokens=128
	// exhausted after 2 replies
}

func ExampleNewResponder() {
	// Answer by the reviewer name found in the prompt.
	p := scripted.NewResponder(func(call int, req agent.Request) scripted.Reply {
		prompt := req.Messages[len(req.Messages)-1].Text()
		for _, name := range []string{"fact-checker", "anti-ai-slop"} {
			if strings.Contains(prompt, "You are "+name) {
				return scripted.Text(`{"reviewer":"` + name + `"}`)
			}
		}
		return scripted.Reply{Err: errors.New("unknown reviewer")}
	})
	resp, _ := p.Complete(context.Background(), agent.Request{
		Messages: []agent.Message{agent.UserText("You are fact-checker.")},
	})
	fmt.Println(resp.Text)
	fmt.Println(len(p.Requests()), "request recorded")
	// Output:
	// {"reviewer":"fact-checker"}
	// 1 request recorded
}
