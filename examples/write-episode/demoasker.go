package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/kaigi-dev/kaigi/loop"
)

// answersFirst is the demo's gate: a question the run folder's answers
// file answers (the sample answers its 2Q question there, as a designer
// using -gate file would) gets that answer, said on log; every other
// question gets its default, as -gate auto gives.
type answersFirst struct {
	dir string
	log io.Writer
}

func (a answersFirst) Ask(ctx context.Context, q loop.Question) (loop.Answer, error) {
	path := filepath.Join(a.dir, loop.AnswersFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return loop.AutoAsker{}.Ask(ctx, q)
	}
	if err != nil {
		return loop.Answer{}, err
	}
	var answers []loop.Answer
	if err := json.Unmarshal(data, &answers); err != nil {
		return loop.Answer{}, fmt.Errorf("%s: %w", path, err)
	}
	if i := slices.IndexFunc(answers, func(x loop.Answer) bool { return x.Key == q.Key }); i >= 0 {
		fmt.Fprintf(a.log, "  %-8s ? %s\n           answered from %s: %s\n", "", q.Prompt, loop.AnswersFile, answers[i].Text+answers[i].Choice)
		return answers[i], nil
	}
	return loop.AutoAsker{}.Ask(ctx, q)
}

// auto reports a gate that gives the defaults where nobody answered.
func auto(a loop.Asker) bool {
	switch a.(type) {
	case loop.AutoAsker, answersFirst:
		return true
	}
	return false
}
