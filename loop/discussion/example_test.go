package discussion_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop/discussion"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
	"github.com/kaigi-dev/kaigi/loop/export"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// A debate of two offline participants on one file: claims in round 1,
// rebuttals and concessions in round 2, a verdict from the points that
// survived.
func ExampleDiscussion_Run() {
	root, _ := os.MkdirTemp("", "discussion-example")
	defer os.RemoveAll(root)
	os.WriteFile(filepath.Join(root, "post.md"), []byte("# Notes\n\nIn today's fast-paced world, it is worth noting that Go is fast.\n\n> They say 99.9% of builds pass.\n"), 0o644)
	all := offline.Config{Enabled: []string{offline.SetAll}} // every rule: the defaults leave the stock phrase alone
	d := &discussion.Discussion{
		Spec: discussion.Spec{ID: "notes", Topic: "Is the post ready?", Targets: []string{"post.md"},
			Participants: []discussion.ParticipantSpec{{Name: "style", Lens: "stock phrases"}, {Name: "facts", Lens: "unsourced figures"}},
			Synthesizer:  discussion.SynthesizerSpec{Instruction: "Weigh what survived."}},
		Participants: []discussion.Participant{
			discussion.NewOffline("style", offline.AntiAISlop(all)),
			discussion.NewOffline("facts", offline.FactChecker(all)),
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

// Who plays a spec: with no Cast (or one that leaves every role offline,
// as providers/config does without a provider), each participant is the
// offline reviewer its model names, and the lead follows the surviving
// points.
func ExampleCast() {
	spec := discussion.Spec{ID: "notes", Topic: "Is the post ready?", Targets: []string{"post.md"},
		Participants: []discussion.ParticipantSpec{{Name: "style", Model: "anti-ai-slop"}, {Name: "facts", Model: "fact-checker"}}}
	ps, lead, err := discussion.Cast(nil, spec, ".", []string{offline.SetAll})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range ps {
		fmt.Println(p.Name(), "plays", p.(*discussion.Offline).Reviewer().Name())
	}
	_, off := lead.(*discussion.OfflineLead)
	fmt.Println(lead.Name(), "is offline:", off)
	// Output:
	// style plays anti-ai-slop
	// facts plays fact-checker
	// lead is offline: true
}

// The Outcome of a discussion Driver's Stop, decoded from its Result and
// restored from its folder: the verdict's decision, and what survived as
// findings for the CI formats.
func ExampleOutcome_At() {
	root, _ := os.MkdirTemp("", "discussion-example")
	defer os.RemoveAll(root)
	os.WriteFile(filepath.Join(root, "post.md"), []byte("# Release 2.0\n\nVersion 2.0 makes builds 40% faster and cuts memory use by 3x, and 95% of users upgrade in a day.\n"), 0o644)
	spec := discussion.Spec{ID: "notes", Topic: "Is the post ready?", Targets: []string{"post.md"},
		Participants: []discussion.ParticipantSpec{{Name: "style", Lens: "stock phrases", Model: "anti-ai-slop"}, {Name: "facts", Lens: "unsourced figures", Model: "fact-checker"}},
		Synthesizer:  discussion.SynthesizerSpec{Instruction: "Weigh what survived."}}
	d := discussion.NewDriver(func(discussion.Args) (*discussion.Discussion, error) {
		ps, lead, err := discussion.Cast(nil, spec, root, []string{offline.SetAll})
		return &discussion.Discussion{Spec: spec, Participants: ps, Lead: lead}, err
	})
	stop, err := d.Run(context.Background(), root, nil, false)
	if err != nil {
		fmt.Println(err)
		return
	}
	o := new(discussion.Outcome)
	if err := json.Unmarshal(stop.Result, o); err != nil {
		fmt.Println(err)
		return
	}
	if err := o.At(root, nil, stop); err != nil {
		fmt.Println(err)
		return
	}
	rep, err := o.Report(export.Tool{Name: "kaigi-discussion"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(stop.Reason, o.Decision())
	for _, r := range rep.Results {
		fmt.Println(r.File, r.Finding.ID, r.Finding.Severity)
	}
	// Output:
	// verdict WARN
	// post.md facts/p1 high
}
