package journal_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

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
