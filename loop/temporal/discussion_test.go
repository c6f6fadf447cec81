package temporal_test

import (
	"regexp"
	"testing"

	"github.com/kaigi-dev/kaigi/loop/discussion"
	"github.com/kaigi-dev/kaigi/loop/temporal"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// discussionDriver is the discussion review's Driver
// (discussion.NewDriver): a third loop, unchanged, on the workflow, its
// seats offline as discussion.Cast seats them.
func discussionDriver() temporal.Driver {
	spec := discussion.Spec{ID: "notes", Topic: "Is the post ready?", Targets: []string{"post.md"},
		Participants: []discussion.ParticipantSpec{{Name: "style", Lens: "stock phrases", Model: offline.AntiAISlopName}, {Name: "facts", Lens: "unsourced figures", Model: offline.FactCheckerName}},
		Synthesizer:  discussion.SynthesizerSpec{Instruction: "Weigh what survived."}}
	return discussion.NewDriver(func(discussion.Args) (*discussion.Discussion, error) {
		ps, lead, err := discussion.Cast(nil, spec, ".", nil)
		return &discussion.Discussion{Spec: spec, Participants: ps, Lead: lead}, err
	})
}

// TestDiscussionSameAsInProcess: the discussion review on the workflow
// leaves the same board, verdict and artifacts as in a process.
func TestDiscussionSameAsInProcess(t *testing.T) {
	work := t.TempDir()
	docs := map[string][]byte{"post.md": []byte("# Notes\r\n\r\nIn today's fast-paced world, it is worth noting that Go is fast.\r\n\r\n> They say 99.9% of builds pass.")}
	stop, want := inProcess(t, discussionDriver(), work, "discussion-1", nil, docs)

	res, got := onWorkflow(t, discussionDriver(), work, "discussion-1", temporal.Input{Driver: "discussion"}, docs, nil)
	if res.Reason != stop.Reason {
		t.Errorf("stopped %q, in a process %q", res.Reason, stop.Reason)
	}
	sameTree(t, got, want, regexp.MustCompile(`^r\d+/labels/`)) // each run draws its own labels
	t.Logf("%s after %d advances and %d calls", res.Reason, res.Advances, res.Calls)
}
