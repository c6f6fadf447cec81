package anthropic_test

import (
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/providers/anthropic"
	"github.com/kaigi-dev/kaigi/providers/conformance"
)

// BenchmarkComplete measures one structured, cache-marked call against a
// local server: the provider's overhead, encoding and decoding included.
func BenchmarkComplete(b *testing.B) {
	url, _ := conformance.Server(b, wire, conformance.Reply{Text: `{"ok":true}`, Model: "m"})
	p := anthropic.New(anthropic.WithBaseURL(url), anthropic.WithModel("m"))
	doc := strings.Repeat("吾輩は猫である。名前はまだ無い。\n", 500) // about 24 KB
	req := agent.Request{
		System: agent.CouncilSystemPrompt,
		Messages: []agent.Message{{Role: agent.User, Parts: []agent.Part{
			{Text: doc, CacheBreak: true}, {Text: "Review as the fact-checker."},
		}}},
		Schema: finding.Schema(), SchemaName: "council_report",
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Complete(b.Context(), req); err != nil {
			b.Fatal(err)
		}
	}
}
