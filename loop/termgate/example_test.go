package termgate_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
	"github.com/kaigi-dev/kaigi/loop/termgate"
)

// show prints what a Gate wrote, each prompt on a line of its own.
func show(screen string) {
	for _, line := range strings.Split(screen, "\n") {
		fmt.Println(strings.TrimRight(line, " "))
	}
}

func ExampleGate_Ask() {
	var screen strings.Builder // os.Stderr in a command
	g := &termgate.Gate{In: strings.NewReader("4\n2\n"), Out: &screen}
	a, err := g.Ask(context.Background(), loop.Question{
		Key: "r1/gate", Kind: loop.Choice, Prompt: "What next?",
		Options: []loop.Option{{ID: "continue", Label: "Continue"}, {ID: "inspect", Label: "Inspect one by one"}},
	})
	show(screen.String())
	fmt.Printf("%+v %v\n", a, err)
	// Output:
	// What next?
	//   1) Continue
	//   2) Inspect one by one
	// Choose 1-2 (Enter for 1, q to stop):   "4" is neither a number from 1 to 2 nor one of continue, inspect; try again (2 of 3)
	// What next?
	//   1) Continue
	//   2) Inspect one by one
	// Choose 1-2 (Enter for 1, q to stop):
	// {Key:r1/gate Choice:inspect Text:} <nil>
}

func ExampleGate_Approve() {
	var screen strings.Builder // os.Stderr in a command
	g := &termgate.Gate{In: strings.NewReader("r\nToo informal here.\n"), Out: &screen}
	d, err := g.Approve(context.Background(), rounds.Batch{Round: 1, Page: 1, Pages: 1, Items: []loop.Item{{
		Key: "r1/style/F1", Reviewer: "style",
		Finding: finding.Finding{Issue: "Wordy phrase", Severity: "minor", Confidence: 90},
		Lines:   finding.LineRange{Start: 4, End: 4},
		Edit:    &apply.Edit{Old: "in order to", New: "to"},
	}}})
	show(screen.String())
	fmt.Printf("%+v %v\n", d, err)
	// Output:
	// Round 1, page 1 of 1: 1 finding(s) to decide
	//
	// 1/1 [minor/90] style: Wordy phrase
	//     line 4
	//     - in order to
	//     + to
	// a apply, r reject, d defer (Enter), q stop: Reason for rejecting 1 finding(s) (optional; reviewers are told):
	// [{Key:r1/style/F1 Action:reject Reason:Too informal here. By:}] <nil>
}

func ExampleChoose() {
	// A command's -gate flag; Interactive as golang.org/x/term reports it
	// for os.Stdin and os.Stderr.
	flagGate, interactive := "", false
	g, mode, err := termgate.Choose(termgate.Mode(flagGate), termgate.Config{
		Dir:         os.TempDir(),
		Interactive: interactive,
		In:          os.Stdin,
		Out:         os.Stderr,
	})
	fmt.Println(mode, err)

	// -gate terminal without a terminal: fall back to the files.
	_, _, err = termgate.Choose(termgate.Terminal, termgate.Config{Dir: os.TempDir()})
	if errors.Is(err, termgate.ErrNotTerminal) {
		g, mode, err = termgate.Choose(termgate.File, termgate.Config{Dir: os.TempDir()})
	}
	fmt.Println(mode, err)
	_ = g // hand g to the driver: g.Ask answers questions, g.Approve decides findings
	// Output:
	// file <nil>
	// file <nil>
}
