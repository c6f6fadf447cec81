package journal_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// A step runs once per run: the second execution (a resumed run) gets the
// journaled answer without calling the model again.
func ExampleStep() {
	dir, _ := os.MkdirTemp("", "journal-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "journal.jsonl")
	review := func(ctx context.Context) ([]string, error) {
		fmt.Println("calling the reviewer")
		return []string{"F001 stock phrase"}, nil
	}
	for execution := 1; execution <= 2; execution++ {
		j, err := journal.Open(path, journal.Options{Driver: "example"})
		if err != nil {
			fmt.Println(err)
			return
		}
		findings, err := journal.Step(context.Background(), j, "r1/review/anti-ai-slop", review)
		fmt.Println(execution, findings, err)
		j.Close()
	}
	// Output:
	// calling the reviewer
	// 1 [F001 stock phrase] <nil>
	// 2 [F001 stock phrase] <nil>
}

// Commit changes a file inside a root folder in two phases, and Undo
// reverts it; a name outside the folder is refused.
func ExampleJournal_Commit() {
	folder, _ := os.MkdirTemp("", "journal-example")
	defer os.RemoveAll(folder)
	os.WriteFile(filepath.Join(folder, "post.md"), []byte("It is worth noting that Go is fast.\n"), 0o644)
	ctx := context.Background()
	root, err := apply.OpenDir(folder)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer root.Close()
	j, err := journal.Open(filepath.Join(folder, "journal.jsonl"), journal.Options{Driver: "example"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer j.Close()

	doc, _ := root.ReadFile("post.md")
	anchors, _ := apply.Resolve(doc, []apply.Proposal{{Key: "slop/F1", Finding: finding.Finding{
		Quotes: []string{"It is worth noting that Go"}, Fix: "Go"}}}, apply.Options{})
	changes, _ := apply.Merge(anchors)
	p, _ := apply.NewPatch(doc, changes)
	if err := j.Commit(ctx, "r1/write", root, []journal.FileChange{{Name: "post.md", Patch: p}}); err != nil {
		fmt.Println(err)
		return
	}
	after, _ := root.ReadFile("post.md")
	fmt.Printf("%s", after)

	_, err = root.ReadFile("../elsewhere.md")
	fmt.Println(errors.Is(err, apply.ErrOutsideRoot))

	undone, err := j.Undo(ctx, root, nil)
	restored, _ := root.ReadFile("post.md")
	fmt.Printf("%v %v %s", undone, err, restored)
	// Output:
	// Go is fast.
	// true
	// [r1/write] <nil> It is worth noting that Go is fast.
}
