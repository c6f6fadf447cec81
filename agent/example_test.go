package agent_test

import (
	"context"
	"fmt"
	"strings"
	"testing/fstest"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

func ExampleLoadPersona() {
	// fstest.MapFS stands in for an embed.FS or os.DirFS.
	fsys := fstest.MapFS{
		"personas/fact-checker.md": {Data: []byte("---\r\ncategory: fact\r\nlens: Claims a reader could not verify\r\nstandards: sources\r\n---\r\nCheck at most five uncertain claims.\r\n")},
		"standards/sources.md":     {Data: []byte("Every figure names its source.\n")},
	}
	p, err := agent.LoadPersona(fsys, "personas", "fact-checker")
	if err != nil {
		fmt.Println(err)
		return
	}
	refs, err := agent.StandardReferences(fsys, "standards", p)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s (%s): %s\n", p.Name, p.FindingCategory(), p.Instructions)
	fmt.Printf("%s: %s\n", refs[0].Name, refs[0].Text)

	_, err = agent.ParsePersona("personas/typo.md", []byte("---\nname: x\nmodel: y\n---\n"))
	fmt.Println(err)
	// Output:
	// fact-checker (fact): Check at most five uncertain claims.
	// sources: Every figure names its source.
	// personas/typo.md:3: unknown key "model" (known: name, category, lens, standards, severity-scale)
}

func ExampleNumberLines() {
	fmt.Println("numbered view:")
	fmt.Print(string(agent.NumberLines([]byte("\uFEFF一行目\r\n二行目\r\n三\r\n四\r\n五\r\n六\r\n七\r\n八\r\n九\r\n十"))))
	// Output:
	// numbered view:
	//  1| 一行目
	//  2| 二行目
	//  3| 三
	//  4| 四
	//  5| 五
	//  6| 六
	//  7| 七
	//  8| 八
	//  9| 九
	// 10| 十
}

func ExampleNewLLMAgent() {
	p := scripted.New(scripted.Text("Verdict follows.\n```json\n{\"verdict\": \"OK\"}\n```"))
	judge := agent.NewLLMAgent(p, "arc-reviewer", "You review drafts against the arc design.")
	res, err := judge.Run(context.Background(), agent.Task{
		Material:     []agent.Reference{{Name: "Arc design", Text: "Episode 3 reveals the map."}, {Name: "Draft", Text: "..."}},
		Instructions: "Does the draft follow the arc?",
		Schema:       []byte(`{"type": "object", "required": ["verdict"], "properties": {"verdict": {"enum": ["OK", "REVISION_NEEDED"]}}}`),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Text)
	// Output:
	// {"verdict": "OK"}
}

func ExampleBuildReviewRequest() {
	t := agent.Target{
		Path:          "post.md",
		Text:          []byte("# Go\r\nIt is worth noting that Go compiles fast.\r\n"),
		ReaderProfile: "Web engineers new to Go",
		References:    []agent.Reference{{Name: "style", Text: "Short sentences."}},
	}
	req := agent.BuildReviewRequest(t, agent.Persona{Name: "anti-ai-slop", Category: "ai-slop"}, false)
	for _, part := range req.Messages[0].Parts {
		heading, _, _ := strings.Cut(part.Text, "\n")
		fmt.Printf("%-30s cache break: %v\n", heading, part.CacheBreak)
	}
	// Output:
	// # Reference material           cache break: true
	// # Reader profile               cache break: false
	// # Document: post.md            cache break: true
	// # Your role: anti-ai-slop      cache break: false
}
