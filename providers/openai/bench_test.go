package openai_test

import (
	"encoding/json"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/providers/conformance"
	"github.com/kaigi-dev/kaigi/providers/openai"
)

func BenchmarkStrictSchema(b *testing.B) {
	var schema map[string]any
	if err := json.Unmarshal(finding.Schema(), &schema); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		openai.StrictSchema(schema)
	}
}

// BenchmarkComplete measures one structured call against
// a local server: the provider's overhead per call, encoding and decoding included.
func BenchmarkComplete(b *testing.B) {
	url, _ := conformance.Server(b, wire, conformance.Reply{Text: `{"ok":true}`, Model: "m", Usage: agent.Usage{InputTokens: 10}})
	p := openai.New(openai.WithBaseURL(url+"/v1"), openai.WithModel("m"))
	req := agent.Request{
		Messages: []agent.Message{agent.UserText("review this")},
		Schema:   finding.Schema(), SchemaName: "council_report",
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Complete(b.Context(), req); err != nil {
			b.Fatal(err)
		}
	}
}
