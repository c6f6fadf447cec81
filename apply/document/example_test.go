package document_test

import (
	"fmt"

	"github.com/kaigi-dev/kaigi/apply/document"
)

// A review loop resolves its target anew every round: here an edit above
// the section moves it down two lines, and the unchanged hash says the
// section itself was not touched.
func Example() {
	spec := []byte("# Spec\n\n#### Retry {#S1.12}\n\nRetry three times.\n\n#### Timeouts {#S1.13}\n\nTen seconds.\n")
	target := document.Target{ID: "S1.12", Level: 4}

	before, err := target.Resolve(spec)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(before.Section.Title, before.Lines)

	edited := []byte("# Spec\n\nAn intro.\n\n#### Retry {#S1.12}\n\nRetry three times.\n\n#### Timeouts {#S1.13}\n\nTen seconds.\n")
	after, err := target.Resolve(edited)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(after.Lines, after.Hash == before.Hash)

	_, err = document.Target{ID: "S9.9"}.Resolve(edited)
	fmt.Println(err)
	// Output:
	// Retry {3 6}
	// {5 8} true
	// document: target not found: the section with id "S9.9": no such heading among 3
}

// ExampleParse lists a text's sections with their ids and slugs.
func ExampleParse() {
	text := []byte("---\ntitle: x\n---\n# はじめに\n\n## Retry `policy` {#S1.12}\n\n```md\n# not a heading\n```\n")
	o := document.Parse(text)
	fmt.Println(o.FrontMatter.Format, o.FrontMatter.Lines)
	for _, s := range o.Sections {
		fmt.Printf("H%d %q id=%q slug=%q lines %d-%d\n", s.Level, s.Title, s.ID, s.Slug, s.Lines.Start, s.Lines.End)
	}
	for _, b := range o.Blocks {
		fmt.Println(b.Kind, b.Lines.Start, b.Lines.End)
	}
	// Output:
	// yaml {1 3}
	// H1 "はじめに" id="" slug="はじめに" lines 4-10
	// H2 "Retry `policy`" id="S1.12" slug="retry-policy" lines 6-10
	// front matter 1 3
	// heading 4 4
	// heading 6 6
	// fenced code 8 10
}
