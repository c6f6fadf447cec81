package multishot_test

import (
	"fmt"

	"github.com/kaigi-dev/kaigi/loop/multishot"
)

// Before a new classification every slice still active is removed, in
// the user's words; a slice removed already is left as it is.
func ExampleRemove() {
	sum := &multishot.Summary{Slices: []multishot.SliceState{
		{Slice: multishot.Slice{Name: "code"}, Status: multishot.Clean},
		{Slice: multishot.Slice{Name: "docs"}, Status: multishot.Removed},
		{Slice: multishot.Slice{Name: "tests"}, Status: multishot.JudgeStop},
	}}
	for _, d := range multishot.Remove("Start over.", sum.Active()...) {
		fmt.Println(d.Op, d.Slice.Name, d.Words)
	}
	// Output:
	// remove code Start over.
	// remove tests Start over.
}

// A session's Outcome falls short while a finding is open.
func ExampleOutcome_Err() {
	out := &multishot.Outcome{Summary: &multishot.Summary{OK: true, Remaining: 1, Findings: make([]multishot.Finding, 3)}}
	fmt.Println(out.Err())
	out.Remaining = 0
	fmt.Println(out.Err())
	// Output:
	// multishot: not converged: 1 finding(s) of 3 open
	// <nil>
}
