package loop_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// A driver that starts or resumes as its folder requires and returns a
// finished run's journaled result unless asked again: one Folder, one
// OpenMode; the lifecycle locks, sweeps, rotates and refuses.
func ExampleFolder_Open() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "example-")
	defer os.RemoveAll(dir)
	f := loop.Folder{Dir: filepath.Join(dir, ".run"), End: "greet.end",
		Journal: journal.Options{Driver: "greet", Kinds: []string{"greet.end"}}}
	greet := func(again bool, name string) (string, error) {
		mode := loop.OpenStart | loop.OpenResume | loop.OpenKeep // a finished run is returned
		if again {
			mode = loop.OpenStartOrResume // a finished run moves to history/run-K
		}
		j, state, err := f.Open(ctx, mode)
		if err != nil {
			return "", err
		}
		defer j.Close()
		text, err := journal.Step(ctx, j, loop.StartKey, func(context.Context) (string, error) { return "hello, " + name, nil })
		if err != nil || state == loop.RunFinished {
			return text, err // the journaled result, whatever name says now
		}
		_, err = j.Append("greet.end", "", text)
		return text, err
	}
	fmt.Println(greet(false, "Ren"))
	fmt.Println(greet(false, "Mei"))
	fmt.Println(greet(true, "Mei"))
	_, _, err := f.Open(ctx, loop.OpenResume)
	fmt.Println(errors.Is(err, loop.ErrRunFinished), errors.Is(err, loop.ErrNothingToResume))
	_, err = os.Stat(filepath.Join(f.Dir, "history", "run-1", loop.JournalName))
	fmt.Println(err)
	// Output:
	// hello, Ren <nil>
	// hello, Ren <nil>
	// hello, Mei <nil>
	// true true
	// <nil>
}
