package rounds_test

import (
	"context"
	"fmt"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// A gate written as a function: it applies high findings, rejects style
// findings with a reason the reviewers are told, and leaves the rest
// without a decision, pending, so the loop stops to be resumed.
func ExampleApproverFunc() {
	var gate rounds.Approver = rounds.ApproverFunc(func(ctx context.Context, b rounds.Batch) ([]rounds.Decision, error) {
		var ds []rounds.Decision
		for _, it := range b.Items {
			switch {
			case it.Finding.Severity == finding.High:
				ds = append(ds, rounds.Decision{Key: it.Key, Action: rounds.Apply})
			case it.Finding.Category == "style":
				ds = append(ds, rounds.Decision{Key: it.Key, Action: rounds.Reject, Reason: "the house style allows it"})
			}
		}
		return ds, nil
	})
	ds, err := gate.Approve(context.Background(), rounds.Batch{Round: 1, Page: 1, Pages: 1, Items: []loop.Item{
		{Key: "r1-1", Finding: finding.Finding{Category: "correctness", Severity: finding.High}},
		{Key: "r1-2", Finding: finding.Finding{Category: "style", Severity: finding.Low}},
		{Key: "r1-3", Finding: finding.Finding{Category: "clarity", Severity: finding.Medium}},
	}})
	for _, d := range ds {
		fmt.Printf("%s %s %q\n", d.Key, d.Action, d.Reason)
	}
	fmt.Println(err)
	// Output:
	// r1-1 apply ""
	// r1-2 reject "the house style allows it"
	// <nil>
}
