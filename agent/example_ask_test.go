package agent_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

func ExampleAsk() {
	// A judge's answer as a Go type; its JSON Schema is generated from it.
	type Verdict struct {
		Verdict string   `json:"verdict" jsonschema:"enum=OK,enum=REVISION_NEEDED"`
		Reasons []string `json:"reasons"`
	}
	// The model first answers off-schema, then corrects itself when the
	// validator's messages are sent back.
	p := scripted.New(
		scripted.Reply{Text: `{"verdict": "maybe"}`, Model: "judge-model", Usage: agent.Usage{InputTokens: 900, OutputTokens: 12}},
		scripted.Reply{Text: "Corrected:\n```json\n{\"verdict\": \"REVISION_NEEDED\", \"reasons\": [\"the map is never shown\"]}\n```", Model: "judge-model", Usage: agent.Usage{InputTokens: 950, OutputTokens: 20}},
	)
	req := agent.Request{Messages: []agent.Message{agent.UserText("Does episode 3 follow the arc design? ...")}}
	ans, err := agent.Ask[Verdict](context.Background(), p, req)
	if err != nil {
		var invalid *agent.AnswerError
		switch {
		case errors.Is(err, agent.ErrTruncated):
			fmt.Println("cut off: raise the token limit")
		case errors.As(err, &invalid):
			fmt.Println("still invalid:", invalid.Violations)
		default:
			fmt.Println(err)
		}
		return
	}
	fmt.Println(ans.Value.Verdict, ans.Value.Reasons)
	fmt.Printf("%d calls on %s, %d input tokens\n", ans.Usage.Calls, ans.Model, ans.Usage.InputTokens)
	fmt.Print(p.Requests()[1].Messages[2].Text()) // the repair request
	// Output:
	// REVISION_NEEDED [the map is never shown]
	// 2 calls on judge-model, 1850 input tokens
	// Your answer does not match the JSON Schema of this request. The validator reported:
	//
	// - /reasons: required property is missing
	// - /verdict: must be one of "OK", "REVISION_NEEDED", got "maybe"
	//
	// Answer again with the corrected JSON only: no prose, no code fence. Keep everything else you had.
}
