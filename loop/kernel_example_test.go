package loop_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop"
)

// An intake question asked before a run exists: nothing is journaled, and
// the answer comes back checked and normalised ("y" to a confirm is
// "yes").
func ExampleAsk() {
	person := loop.AskFunc(func(ctx context.Context, q loop.Question) (loop.Answer, error) {
		fmt.Println("asked:", q.Prompt)
		return loop.Answer{Choice: "y"}, nil
	})
	a, err := loop.Ask(context.Background(), person, loop.Question{Key: "start", Kind: loop.Confirm, Prompt: "Review post.md?"})
	fmt.Println(a.Key, a.Choice, err)
	// Output:
	// asked: Review post.md?
	// start yes <nil>
}

// A run folder remembers where its document is relative to it; a copy of
// the folder elsewhere, whose journal still names the original document,
// is refused.
func ExampleCheckLocation() {
	root, _ := os.MkdirTemp("", "location-example")
	defer os.RemoveAll(root)
	doc := filepath.Join(root, "post.md")
	os.WriteFile(doc, []byte("# Post\n"), 0o644)
	dir := filepath.Join(root, ".run")
	copied := filepath.Join(root, "backup", ".run")
	os.MkdirAll(dir, 0o755)
	os.MkdirAll(copied, 0o755)

	rel := loop.FileRel(dir, doc) // journaled with doc when the run starts
	fmt.Println(rel, loop.CheckLocation(dir, doc, rel))
	fmt.Println(errors.Is(loop.CheckLocation(copied, doc, rel), loop.ErrFolderMoved))
	// Output:
	// ../post.md <nil>
	// true
}

// A run laid out at another place as a whole (a durable engine's copy)
// reads the absolute paths its journal holds under the new place; other
// paths are left as they are.
func ExampleRelocate() {
	ctx := loop.Relocate(context.Background(), "/srv/project", "/tmp/activity-7/project")
	fmt.Println(loop.Relocated(ctx, "/srv/project/docs/post.md"))
	fmt.Println(loop.Relocated(ctx, "/srv/projects/other.md"))
	fmt.Println(loop.Relocated(context.Background(), "/srv/project/docs/post.md"))
	// Output:
	// /tmp/activity-7/project/docs/post.md
	// /srv/projects/other.md
	// /srv/project/docs/post.md
}
