package multishot_test

import (
	"fmt"
	"os"

	"github.com/kaigi-dev/kaigi/loop/multishot"
)

// What a command prints after a follow-up: the session's state on one
// line, then the shots that found something (the empty one is left out).
func ExampleSummary_WriteOutText() {
	s := &multishot.Summary{Remaining: 2, Waves: make([]multishot.WaveReport, 3), Out: []multishot.OutRecord{
		{Slice: "code", Pass: 1, Shot: 1, Wave: 1, File: "logs/w1_code-1.md", IDs: []string{"f_a", "f_b"}, Status: "findings"},
		{Slice: "docs", Pass: 1, Shot: 1, Wave: 1, File: "logs/w1_docs-1.md", Status: "no_findings"},
		{Slice: "docs-ja", Pass: 2, Shot: 3, Wave: 3, File: "logs/w3_docs-ja-3.md", IDs: []string{"f_c"}, Status: "findings", Final: true},
	}}
	fmt.Println(s.Status())
	s.WriteOutText(os.Stdout)
	// Output:
	// ok=false remaining=2 waves=3
	//   out: {s:code p:1 sh:1 f:logs/w1_code-1.md ids:[f_a f_b] st:findings final:false}
	//   out: {s:docs-ja p:2 sh:3 f:logs/w3_docs-ja-3.md ids:[f_c] st:findings final:true}
}
