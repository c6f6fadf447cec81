package multishot

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
)

// TestDriverFollowUp: a start with Args.FollowUp runs a follow-up wave
// on the finished session (a slice added: its Result the session's
// Summary, one wave more), a reclassification over active slices is refused with
// ErrActiveSlices, and an unknown follow-up is an error.
func TestDriverFollowUp(t *testing.T) {
	ctx := context.Background()
	d := NewDriver(func(Args) (*Loop, error) { return killLoop(t.TempDir(), nil), nil })
	r := driverRepo(t)
	run := func(a Args) (loop.Stop, error) {
		a.Kind, a.Task, a.Gate = Uncommitted, "open a file", loop.GateAuto
		raw, _ := json.Marshal(a)
		return d.Run(ctx, r.dir, raw, false)
	}
	waves := func(s loop.Stop) int {
		var sum Summary
		if err := json.Unmarshal(s.Result, &sum); err != nil {
			t.Fatalf("result %s: %v", s.Result, err)
		}
		return len(sum.Waves)
	}
	first, err := run(Args{})
	if err != nil {
		t.Fatal(err)
	}
	add := Directive{Op: AddSlice, Slice: Slice{Name: "again", Prompt: "review the guide again", Files: []string{"docs/guide.md"}}, Words: "look at the guide once more"}
	next, err := run(Args{FollowUp: FollowContinue, Directives: []Directive{add}})
	if err != nil || waves(next) != waves(first)+1 {
		t.Fatalf("continue: %s, %v; waves %d after %d", next.Text, err, waves(next), waves(first))
	}
	if _, err := run(Args{FollowUp: FollowReclassify}); err == nil || !strings.Contains(err.Error(), ErrActiveSlices.Error()) {
		t.Errorf("reclassify over active slices: %v", err)
	}
	if _, err := run(Args{FollowUp: "again"}); err == nil || !strings.Contains(err.Error(), `follow-up "again"`) {
		t.Errorf("an unknown follow-up: %v", err)
	}
}
