package agent_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

// longDoc is a 2,000-line Japanese document with CRLF line ends (~120 KB).
var longDoc = []byte(strings.Repeat("Goは速い言語であると言えるでしょう。多くの企業が採用しています。\r\n", 2000))

func BenchmarkNumberLines(b *testing.B) {
	b.SetBytes(int64(len(longDoc)))
	b.ReportAllocs()
	for b.Loop() {
		agent.NumberLines(longDoc)
	}
}

func BenchmarkBuildReviewRequest(b *testing.B) {
	t := jaTarget()
	t.Text = longDoc
	b.SetBytes(int64(len(longDoc)))
	b.ReportAllocs()
	for b.Loop() {
		agent.BuildReviewRequest(t, slop, true)
	}
}

func BenchmarkLLMReviewerReview(b *testing.B) {
	reply := scripted.Reply{Text: "```json\n" + report("anti-ai-slop") + "\n```"}
	p := scripted.NewResponder(func(int, agent.Request) scripted.Reply { return reply })
	r := agent.NewLLMReviewer(p, slop)
	t := jaTarget()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.Review(context.Background(), t); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParsePersona(b *testing.B) {
	data := []byte("\uFEFF---\r\nname: fact-checker\r\ncategory: fact\r\nstandards:\r\n  - sources\r\n  - style\r\n---\r\n" +
		strings.Repeat("数字には出典を確認すること。\r\n", 50))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := agent.ParsePersona("fact-checker.md", data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAsk measures the library's side of one typed call: schema
// generation and compilation from the type, extraction and decoding.
func BenchmarkAsk(b *testing.B) {
	reply := scripted.Text("Verdict:\n```json\n{\"verdict\": \"OK\", \"reasons\": [\"沿っている\", \"短い\"]}\n```")
	p := scripted.NewResponder(func(int, agent.Request) scripted.Reply { return reply })
	req := askReq()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := agent.Ask[Verdict](context.Background(), p, req); err != nil {
			b.Fatal(err)
		}
	}
}
