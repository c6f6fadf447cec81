//go:build unix

package cli_test

import (
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/cli"
)

func BenchmarkRender(b *testing.B) {
	doc := strings.Repeat("吾輩は猫である。名前はまだ無い。\r\n", 4000) // about 200 KB
	req := agent.Request{System: "You are a reviewer.", Messages: []agent.Message{
		agent.UserText(doc), agent.AssistantText("{}"), agent.UserText("Again."),
	}}
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		cli.Render(req)
	}
}

// BenchmarkComplete measures a whole call: process group start, a shell
// script answering, and the clean-up.
func BenchmarkComplete(b *testing.B) {
	p, err := cli.New([]string{"testdata/fake-agent.sh", "echo"})
	if err != nil {
		b.Fatal(err)
	}
	req := agent.Request{Messages: []agent.Message{agent.UserText("hello")}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Complete(b.Context(), req); err != nil {
			b.Fatal(err)
		}
	}
}
