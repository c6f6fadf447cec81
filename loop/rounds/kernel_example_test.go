package rounds_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// The words a person or a decisions file may use for an action.
func ExampleParseAction() {
	for _, s := range []string{"apply", " R ", "d", "yes", "maybe"} {
		a, err := rounds.ParseAction(s)
		fmt.Printf("%q %v\n", a, err != nil)
	}
	// Output:
	// "apply" false
	// "reject" false
	// "defer" false
	// "apply" false
	// "" true
}

// A folder holds an unfinished run from OpenRun until the run's Finish;
// a new run is refused there until it is resumed or undone.
func ExampleUnfinished() {
	folder, _ := os.MkdirTemp("", "unfinished-example")
	defer os.RemoveAll(folder)
	doc := filepath.Join(folder, "post.md")
	os.WriteFile(doc, []byte("# Post\n"), 0o644)
	cfg := rounds.RunConfig{Dir: filepath.Join(folder, ".run"), Driver: "example"}
	fmt.Println(rounds.Unfinished(cfg))
	r, err := rounds.OpenRun(context.Background(), cfg, []string{doc}, false, true, func() struct{} { return struct{}{} }, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	r.Close()
	fmt.Println(rounds.Unfinished(cfg))
	// Output:
	// false <nil>
	// true <nil>
}

// A finding's status as the artifacts show it.
func ExampleStatusLabel() {
	fmt.Println(rounds.StatusLabel(finding.Applied, "gate", false, false))
	fmt.Println(rounds.StatusLabel(finding.Applied, "policy", true, false))
	fmt.Println(rounds.StatusLabel(finding.Open, "", false, true))
	fmt.Println(rounds.StatusLabel(finding.Rejected, "gate", false, false))
	// Output:
	// applied (gate)
	// applied (dry run: not written)
	// open (pending)
	// rejected
}
