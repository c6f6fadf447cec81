package loop_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop"
)

// The file form of a gate: a question with no answer is written to the
// questions file and Ask returns ErrWaiting, so the driver stops; once
// someone writes the answers file, the resumed run finds the answer.
func ExampleFileAsker() {
	dir, _ := os.MkdirTemp("", "loop-fileasker")
	defer os.RemoveAll(dir)
	gate := loop.FileAsker{Dir: dir}
	q := loop.Question{Key: "r1/next-round", Kind: loop.Confirm, Prompt: "Run another round?"}
	_, err := gate.Ask(context.Background(), q)
	fmt.Println(errors.Is(err, loop.ErrWaiting))
	waiting, _ := os.ReadFile(filepath.Join(dir, loop.QuestionsFile))
	fmt.Print(string(waiting))

	os.WriteFile(filepath.Join(dir, loop.AnswersFile), []byte(`[{"key": "r1/next-round", "choice": "no"}]`), 0o644)
	a, err := gate.Ask(context.Background(), q)
	fmt.Println(a.Choice, err)
	// Output:
	// true
	// [
	//   {
	//     "key": "r1/next-round",
	//     "kind": "confirm",
	//     "prompt": "Run another round?"
	//   }
	// ]
	// no <nil>
}
