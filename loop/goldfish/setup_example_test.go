package goldfish_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop/goldfish"
)

// A run begun from a program's inputs: the plan names the section and the
// reviewers, the intake (loop.AutoAsker: no Loop.Asker) confirms it, and
// with no Cast every role is the built-in agent. A run that then waits
// for an answer in the run folder would be told with WriteWaiting.
func ExampleSetup_Begin() {
	folder, spec := specCopy()
	defer os.RemoveAll(folder)
	s := goldfish.Setup{
		Plan: goldfish.Plan{File: spec, Target: "S1.12", Reviewers: []string{"design_critic", "style"}},
		Loop: goldfish.Loop{Dir: filepath.Join(folder, goldfish.DefaultDir)},
	}
	l, err := s.Begin(context.Background())
	if goldfish.WriteNotStarted(os.Stdout, s.Loop.Dir, err) || err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(l.Target, len(l.Reviewers), l.Reviewers[1].Name())
	fmt.Println(goldfish.WriteNotStarted(os.Stdout, "run", goldfish.ErrNotConfirmed))
	goldfish.WriteWaiting(os.Stdout, "run")
	// Output:
	// the section with id "S1.12" 2 style
	// Not started: the plan was not confirmed; nothing was written.
	// true
	//
	// Waiting for an answer: see run/questions.json, write the answers to run/answers.json (or the decisions to run/decisions.json) and run again with -resume.
}
