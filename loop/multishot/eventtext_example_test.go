package multishot_test

import (
	"os"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/multishot"
)

// The progress lines of a wave: the slices, the wave, a shot and the
// judge of a slice.
func ExampleEvent_WriteText() {
	for _, e := range []multishot.Event{
		{Event: loop.Event{Kind: "slices", Text: "2 slice(s)"}},
		{Event: loop.Event{Kind: "wave", Round: 1, Text: "2 slice(s), 4 shot(s)"}},
		{Event: loop.Event{Kind: "shot", Round: 1, Text: "2 finding(s)\n"}, Slice: "docs", Shot: 2},
		{Event: loop.Event{Kind: "judge", Round: 1, Text: "stop"}, Slice: "docs"},
	} {
		e.WriteText(os.Stdout)
	}
	// Output:
	// slices: 2 slice(s)
	// wave 1: 2 slice(s), 4 shot(s)
	//   docs shot 2: 2 finding(s)
	//   docs judge: stop
}
