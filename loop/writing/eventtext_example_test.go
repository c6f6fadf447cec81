package writing_test

import (
	"os"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/writing"
)

// A step's progress lines, as it begins and once completed.
func ExampleEvent_WriteText() {
	writing.Event{Event: loop.Event{Kind: "3W", Text: "the author writes draft v0"}, Status: "in_progress"}.WriteText(os.Stdout)
	writing.Event{Event: loop.Event{Kind: "3W", Text: "draft v0: 1,204 characters"}, Status: "completed"}.WriteText(os.Stdout)
	// Output:
	//   3W       … the author writes draft v0
	//   3W       ✓ draft v0: 1,204 characters
}
