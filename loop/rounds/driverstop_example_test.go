package rounds_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// A round-framework Driver's folder, from its arguments: the run folder,
// the file gate's decisions file and the documents, as local paths inside
// the Driver's dir, and the gate and asker the arguments name. A path that
// leaves dir, or a gate it does not know, is refused.
func ExampleNewReviewFolder() {
	dir, _ := os.MkdirTemp("", "reviewfolder-example")
	defer os.RemoveAll(dir)
	show := func(f rounds.ReviewFolder, err error) {
		if err != nil {
			fmt.Println("refused")
			return
		}
		rel := func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }
		_, file := f.Gate().(rounds.FileGate)
		_, asks := f.Asker().(loop.FileAsker)
		fmt.Println(rel(f.Run), rel(f.Decisions), rel(f.Docs[0]), file, asks)
	}
	show(rounds.NewReviewFolder(dir, loop.GateFile, ".review", "decisions.json", "docs/post.md"))
	show(rounds.NewReviewFolder(dir, loop.GateAuto, ".review", "decisions.json", "docs/post.md"))
	show(rounds.NewReviewFolder(dir, loop.GateAuto, ".review", "decisions.json", "../post.md"))
	show(rounds.NewReviewFolder(dir, "terminal?", ".review", "decisions.json", "docs/post.md"))
	// Output:
	// .review .review/decisions.json docs/post.md true true
	// .review .review/decisions.json docs/post.md false false
	// refused
	// refused
}

// ExamplePendingFile: where a run waiting at round 2 keeps the findings
// a human decides on.
func ExamplePendingFile() {
	fmt.Println(rounds.PendingFile(".editorial", 2))
	// Output: .editorial/round-2/pending.json
}
