package rounds_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// A round's decisions by item key: a later decision for a key replaces
// the earlier one and keeps its place, and the rejections, in the order
// made, are what the next round's reviewers are told.
func ExampleDecisions() {
	items := []loop.Item{{Key: "r1/a/F001"}, {Key: "r1/a/F002"}, {Key: "r1/b/F001"}}
	var ds rounds.Decisions
	ds.Add(rounds.Decision{Key: "r1/b/F001", Action: rounds.Reject, Reason: "the house style allows it"},
		rounds.Decision{Key: "r1/a/F001", Action: rounds.Defer})
	ds.Add(rounds.Decision{Key: "r1/a/F001", Action: rounds.Reject, Reason: "out of scope"})
	d, ok := ds.Get("r1/a/F002")
	fmt.Printf("%q %v\n", d.Action, ok)
	for _, r := range ds.Rejected(1, items) {
		fmt.Println(r.Item.Key, r.Reason)
	}
	// Output:
	// "" false
	// r1/b/F001 the house style allows it
	// r1/a/F001 out of scope
}

// The gate sees a round's findings in pages of at most MaxBatch, and may
// approve at most one finding of a conflict group (two edits of the same
// text): a gate that approves both is refused (ErrConflictingApprovals) and
// nothing of its batch is recorded.
func ExampleRun_Decide() {
	folder, _ := os.MkdirTemp("", "decide-example")
	defer os.RemoveAll(folder)
	ctx := context.Background()
	review := func(name, text string, c council.Council) (*rounds.Run[struct{}], *rounds.Round, error) { // round 1 of a new run
		doc := filepath.Join(folder, name)
		os.WriteFile(doc, []byte(text), 0o644)
		cfg := rounds.RunConfig{Dir: filepath.Join(folder, "."+name), Driver: "example"}
		r, err := rounds.OpenRun(ctx, cfg, []string{doc}, false, true, func() struct{} { return struct{}{} }, nil)
		if err != nil {
			return nil, nil, err
		}
		rd, err := reviewOnce(ctx, r, c, 1)
		return r, rd, err
	}

	lines := make([]string, rounds.MaxBatch+1)
	var many []finding.Finding
	for i := range lines {
		lines[i] = fmt.Sprintf("Line %d is very long.", i+1)
		many = append(many, finding.Finding{ID: fmt.Sprintf("F%03d", i+1), Category: "clarity", LineRange: finding.LineRange{Start: i + 1, End: i + 1},
			Issue: "wordy", Fix: "long", Confidence: 90, Severity: finding.Medium, Quotes: []string{"very long"}})
	}
	r, rd, err := review("post.md", strings.Join(lines, "\n")+"\n", council.Council{Members: council.Members(reviewerOf("style", many...))})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()
	pages := rounds.ApproverFunc(func(_ context.Context, b rounds.Batch) ([]rounds.Decision, error) {
		fmt.Printf("page %d of %d: %d findings\n", b.Page, b.Pages, len(b.Items))
		return nil, loop.ErrStop
	})
	fmt.Println(r.Decide(ctx, rd, rounds.Policy{}, pages))

	edit := func(fix string) finding.Finding {
		return finding.Finding{ID: "F001", Category: "clarity", LineRange: finding.LineRange{Start: 1, End: 1},
			Issue: "vague", Fix: fix, Confidence: 90, Severity: finding.Medium, Quotes: []string{"A title"}}
	}
	r2, rd, err := review("title.md", "A title\n", council.Council{Members: council.Members(reviewerOf("a", edit("The title")), reviewerOf("b", edit("Our title")))})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r2.Close()
	both := rounds.ApproverFunc(func(_ context.Context, b rounds.Batch) ([]rounds.Decision, error) {
		var ds []rounds.Decision
		for _, it := range b.Items {
			ds = append(ds, rounds.Decision{Key: it.Key, Action: rounds.Apply})
		}
		return ds, nil
	})
	_, err = r2.Decide(ctx, rd, rounds.Policy{}, both)
	fmt.Println(errors.Is(err, rounds.ErrConflictingApprovals))
	// Output:
	// page 1 of 2: 20 findings
	// gate-stopped <nil>
	// true
}
