// Package wirecases holds requests that exercise a provider's encoding of
// agent.Request (system prompt, Japanese and CRLF text, temperature,
// token cap, cache break points, a conversation, schemas with keywords
// each API adjusts), for the tests that compare the openai and anthropic
// wire bodies with those the official SDKs sent before the providers
// spoke the wire themselves.
package wirecases

import (
	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/providers/conformance"
)

// Requests returns the cases, in a fixed order: a provider's
// testdata/sdk-requests/N.json is the body of Requests()[N].
func Requests() []agent.Request {
	temp := 0.3
	reqs := []agent.Request{
		{Model: "m", System: "sys", Messages: []agent.Message{agent.UserText("hi\r\nあ")}, Temperature: &temp, MaxTokens: 77},
		{Model: "m", Messages: []agent.Message{agent.UserText("hi")}, Schema: finding.Schema()},
		{Model: "m", Messages: []agent.Message{agent.UserText("hi")}, Schema: []byte(conformance.ReportSchema)},
		{Model: "m", Messages: []agent.Message{{Role: agent.User, Parts: []agent.Part{{Text: "a", CacheBreak: true}, {Text: "b"}}}, agent.AssistantText("x"), agent.UserText("y")}},
	}
	for _, s := range []string{
		`{"$ref":"#/$defs/R","$defs":{"R":{"type":"object","properties":{"zeta":{"oneOf":[{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"string"}}}]},"alpha":{"type":"string"}}}}}`,
		`{"type":"object","properties":{"when":{"type":"string","format":"date-time"},"re":{"type":"string","format":"regex","pattern":"^a"},"xs":{"type":"array","minItems":2,"maxItems":5,"items":{"type":"integer","exclusiveMinimum":0}},"ys":{"type":"array","minItems":1},"m":{"type":"object","additionalProperties":{"type":"integer","default":3}},"free":{"description":"anything"},"o":{"type":"object"},"u":{"anyOf":[{},{"type":"string"},{"description":"x"},true]},"both":{"anyOf":[{"type":"string"}],"oneOf":[{"type":"integer"}]},"all":{"allOf":[{"type":"object","properties":{"k":{"type":"string","examples":["a"]}}}]},"c":{"const":"x","title":"T"},"e":{"enum":[1,2],"deprecated":true},"ref":{"$ref":"#/$defs/X","description":"dropped"},"nul":{"type":"null"},"b":{"type":"boolean","readOnly":true}},"$defs":{"X":{"type":"string","maxLength":3}},"required":["when"],"x-extra":1,"definitions":{"Y":{"type":"string"}},"$comment":"c"}`,
		`{"type":"object","properties":{"a":{"type":"string","minLength":1,"maxLength":10,"pattern":"x","format":"email"},"n":{"type":"number","multipleOf":0.5,"maximum":1e3}},"additionalProperties":true}`,
	} {
		reqs = append(reqs, agent.Request{Model: "m", Messages: []agent.Message{agent.UserText("hi")}, Schema: []byte(s)})
	}
	return reqs
}
