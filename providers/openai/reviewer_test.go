package openai_test

import (
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/providers/conformance"
	"github.com/kaigi-dev/kaigi/providers/openai"
)

// TestLLMReviewer runs agent.NewLLMReviewer over the provider: with
// structured output the schema travels in response_format and not in the
// prompt; without it, the other way round. Either way the answer, shaped
// like strict mode shapes it, becomes a valid Report.
func TestLLMReviewer(t *testing.T) {
	answer := `{"reviewer":"anti-ai-slop","schema_version":"1","summary":"One stock phrase.","memo":"",
		"findings":[{"id":"F001","category":"ai-slop","file":"","line_range":"2","issue":"Stock phrase",
		"fix":"Caching matters.","confidence":85,"severity":"low","quotes":["It is worth noting that caching matters."]}]}`
	for _, structured := range []bool{true, false} {
		t.Run(map[bool]string{true: "structured", false: "schema in prompt"}[structured], func(t *testing.T) {
			url, calls := conformance.Server(t, wire, conformance.Reply{Text: answer, Model: "gpt-test"})
			p := openai.New(openai.WithBaseURL(url+"/v1"), openai.WithModel("gpt-test"), openai.WithSchemaSupport(structured))
			r := agent.NewLLMReviewer(p, agent.Persona{Name: "anti-ai-slop", Category: "ai-slop"})
			rev, err := r.Review(t.Context(), agent.Target{Path: "a.md", Text: []byte("# 題\r\nIt is worth noting that caching matters.\r\n")})
			if err != nil {
				t.Fatal(err)
			}
			if len(rev.Report.Findings) != 1 || rev.Report.Findings[0].Severity != finding.Low || rev.Model != "gpt-test" || rev.Usage.Calls != 1 {
				t.Errorf("review = %+v", rev)
			}
			b := decodeBody(t, calls()[0])
			prompt := b.Messages[len(b.Messages)-1].Content
			inPrompt := strings.Contains(prompt, "The JSON Schema your answer must match")
			if (b.ResponseFormat != nil) != structured || inPrompt == structured {
				t.Errorf("structured=%v: response_format sent %v, schema in prompt %v", structured, b.ResponseFormat != nil, inPrompt)
			}
		})
	}
}
