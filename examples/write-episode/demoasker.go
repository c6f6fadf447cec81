package main

import (
	"context"
	"fmt"
	"io"

	"github.com/kaigi-dev/kaigi/loop"
)

// demoAsker is the demo's gate: a question the run folder dir's answers
// file answers (the sample answers its 2Q question there, as a designer
// using -gate file would) gets that answer, said on log; every other
// question gets its default, as -gate auto gives.
func demoAsker(dir string, log io.Writer) loop.Asker {
	return loop.AskFunc(func(ctx context.Context, q loop.Question) (loop.Answer, error) {
		byDefault := false
		a, err := loop.FileAsker{Dir: dir, Fallback: loop.AskFunc(func(ctx context.Context, q loop.Question) (loop.Answer, error) {
			byDefault = true
			return loop.AutoAsker{}.Ask(ctx, q)
		})}.Ask(ctx, q)
		if err == nil && !byDefault {
			fmt.Fprintf(log, "  %-8s ? %s\n           answered from %s: %s\n", "", q.Prompt, loop.AnswersFile, a.Text+a.Choice)
		}
		return a, err
	})
}
