package discussion_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop/discussion"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// A debate of two offline participants on one file: claims in round 1,
// rebuttals and concessions in round 2, a verdict from the points that
// survived.
func ExampleDiscussion_Run() {
	root, _ := os.MkdirTemp("", "discussion-example")
	defer os.RemoveAll(root)
	os.WriteFile(filepath.Join(root, "post.md"), []byte("# Notes\n\nIn today's fast-paced world, it is worth noting that Go is fast.\n\n> They say 99.9% of builds pass.\n"), 0o644)
	d := &discussion.Discussion{
		Spec: discussion.Spec{ID: "notes", Topic: "Is the post ready?", Targets: []string{"post.md"},
			Participants: []discussion.ParticipantSpec{{Name: "style", Lens: "stock phrases"}, {Name: "facts", Lens: "unsourced figures"}},
			Synthesizer:  discussion.SynthesizerSpec{Instruction: "Weigh what survived."}},
		Participants: []discussion.Participant{
			discussion.NewOffline("style", offline.AntiAISlop(offline.Config{Enabled: []string{offline.SetAll}})),
			discussion.NewOffline("facts", offline.FactChecker(offline.Config{Enabled: []string{offline.SetAll}})),
		},
		Lead: discussion.NewOfflineLead("lead"),
		Root: root,
	}
	o, err := d.Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range o.Board.List(board.Filter{Kinds: []board.Kind{board.Claim, board.Rebuttal, board.Concession}}) {
		fmt.Println(p.Round, p.ID, p.Kind, p.Refs)
	}
	fmt.Println("surviving:", o.Board.Surviving())
	// Output:
	// 1 style/p1 claim []
	// 1 facts/p1 claim []
	// 2 style/p2 rebuttal [facts/p1]
	// 2 facts/p2 concession [style/p1]
	// surviving: [style/p1]
}
