package goldfish

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/loop"
)

// TestMissingTargetLeavesNothing: a run whose target names nothing in the
// file fails before its start is journaled, so it leaves no run folder,
// and the next run with a target that exists starts as if it had not been
// tried (issue 22, item 10).
func TestMissingTargetLeavesNothing(t *testing.T) {
	for _, bad := range []document.Target{
		{ID: "S9.99"},
		{Heading: "No such heading"},
		{Begin: "<!-- review:begin -->"},
		{ID: "S1.12", Level: 2},
	} {
		t.Run(bad.String(), func(t *testing.T) {
			l, spec := offlineLoop(t, "style")
			before, _ := os.ReadFile(spec)
			l.Target = bad
			_, err := l.Run(context.Background(), spec)
			var te *document.TargetError
			if !errors.Is(err, ErrSectionNotFound) || !errors.As(err, &te) {
				t.Fatalf("Run with %s: %v, want ErrSectionNotFound with the *document.TargetError", bad, err)
			}
			if !strings.Contains(err.Error(), "spec.md") || strings.Count(err.Error(), "goldfish:") != 1 {
				t.Errorf("the error does not name the file once, with one prefix: %v", err)
			}
			if _, err := os.Stat(l.Dir); !os.IsNotExist(err) {
				t.Errorf("the failed run left its folder behind: %v", err)
			}
			if after, _ := os.ReadFile(spec); string(after) != string(before) {
				t.Error("the failed run changed the file")
			}
			if _, err := l.Resume(context.Background(), spec); !errors.Is(err, loop.ErrNothingToResume) {
				t.Errorf("Resume after the failed run: %v, want ErrNothingToResume", err)
			}
			l.Target = document.Target{ID: "S1.12"}
			if _, err := l.Run(context.Background(), spec); err != nil && !errors.Is(err, loop.ErrNotConverged) {
				t.Fatalf("a run with a target that exists, after the failed one: %v", err)
			}
		})
	}
}
