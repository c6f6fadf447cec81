package loop_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/finding"
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

// The words a person or a decisions file may use for an action.
func ExampleParseAction() {
	for _, s := range []string{"apply", " R ", "d", "yes", "maybe"} {
		a, err := loop.ParseAction(s)
		fmt.Printf("%q %v\n", a, err != nil)
	}
	// Output:
	// "apply" false
	// "reject" false
	// "defer" false
	// "apply" false
	// "" true
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

// A folder holds an unfinished run from OpenRun until the run's Finish;
// a new run is refused there until it is resumed or undone.
func ExampleUnfinished() {
	folder, _ := os.MkdirTemp("", "unfinished-example")
	defer os.RemoveAll(folder)
	doc := filepath.Join(folder, "post.md")
	os.WriteFile(doc, []byte("# Post\n"), 0o644)
	cfg := loop.RunConfig{Dir: filepath.Join(folder, ".run"), Driver: "example"}
	fmt.Println(loop.Unfinished(cfg))
	r, err := loop.OpenRun(context.Background(), cfg, []string{doc}, false, true, func() struct{} { return struct{}{} }, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	r.Close()
	fmt.Println(loop.Unfinished(cfg))
	// Output:
	// false <nil>
	// true <nil>
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

// A finding's status as the artifacts show it.
func ExampleStatusLabel() {
	fmt.Println(loop.StatusLabel(finding.Applied, "gate", false, false))
	fmt.Println(loop.StatusLabel(finding.Applied, "policy", true, false))
	fmt.Println(loop.StatusLabel(finding.Open, "", false, true))
	fmt.Println(loop.StatusLabel(finding.Rejected, "gate", false, false))
	// Output:
	// applied (gate)
	// applied (dry run: not written)
	// open (pending)
	// rejected
}
