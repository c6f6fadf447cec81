package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/kaigi-dev/kaigi/loop"
)

// demoAsker is the demo's gate: a question the run folder's answers file
// answers (the sample answers its 2Q question there, as a designer using
// -gate file would) gets that answer, said on log; every other question
// gets its default, as -gate auto gives.
type demoAsker struct {
	file loop.FileAsker
	log  io.Writer
}

func newDemoAsker(dir string, log io.Writer) demoAsker {
	return demoAsker{file: loop.FileAsker{Dir: dir, Fallback: loop.AskFunc(func(context.Context, loop.Question) (loop.Answer, error) { return loop.Answer{}, errUnanswered })}, log: log}
}

// errUnanswered is the fallback's: the file does not answer the question.
var errUnanswered = errors.New("not in the answers file")

func (d demoAsker) Ask(ctx context.Context, q loop.Question) (loop.Answer, error) {
	a, err := d.file.Ask(ctx, q)
	if errors.Is(err, errUnanswered) {
		return loop.AutoAsker{}.Ask(ctx, q)
	}
	if err == nil {
		fmt.Fprintf(d.log, "  %-8s ? %s\n           answered from %s: %s\n", "", q.Prompt, loop.AnswersFile, a.Text+a.Choice)
	}
	return a, err
}
