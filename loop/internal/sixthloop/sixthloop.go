// Package sixthloop is the sixth loop, built on the kernel's exported API
// alone (go doc ./loop and its Examples): an author rewrites a section of a
// document, two reviewers review both drafts, a judge picks in both orders
// (loop.ComparePair), and the new draft is kept only when it wins both,
// until the current draft held twice in a row or 4 rounds; a gate question
// comes before the one write. It is a loop.Driver. It lives in an internal
// package, not in a _test file, so that package loop's tests and
// loop/temporal's tests run the same driver code.
package sixthloop

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// Name is the driver's name in its journal; RunDir its run folder in dir.
const Name, RunDir = "sixth", ".sixth"

// Args are the driver's JSON arguments.
type Args struct {
	Document string          `json:"document"`       // slash path relative to dir
	Section  document.Target `json:"section"`        // the part rewritten
	Gate     loop.DriverGate `json:"gate,omitempty"` // "file" (default) or "auto"
}

// Text is the typed answer (agent.Ask) of the author, a draft, and of the
// reviewers, their notes.
type Text struct {
	Text string `json:"text"`
}

// Verdict is the judge's typed answer.
type Verdict struct {
	Winner string `json:"winner" jsonschema:"enum=A,enum=B,enum=tie"`
	Reason string `json:"reason"`
}

// Loop is the sixth loop's driver. Observe, when set, sees every journal
// point (tests kill the process there).
type Loop struct {
	Author, Judge agent.Provider
	Reviewers     [2]agent.Provider
	Observe       func(journal.Event)
}

// Config is the run's configuration in dir, for rounds.UndoRun.
func (l Loop) Config(dir string) rounds.RunConfig {
	return rounds.RunConfig{Dir: filepath.Join(dir, RunDir), Driver: Name, JournalObserver: l.Observe}
}

// Run starts or resumes the loop in dir (loop.Driver).
func (l Loop) Run(ctx context.Context, dir string, raw json.RawMessage, resume bool) (loop.Stop, error) {
	args, err := loop.DriverArgs[Args](Name, raw)
	if err != nil {
		return loop.Stop{}, err
	}
	f, err := rounds.NewReviewFolder(dir, args.Gate, RunDir, "", args.Document)
	if err != nil {
		return loop.Stop{}, err
	}
	r, err := rounds.OpenRun(ctx, l.Config(dir), f.Docs, resume, true, func() Args { return args }, nil)
	if err != nil {
		return loop.Stop{}, err
	}
	defer r.Close()
	return f.Stop(l.rounds(ctx, r, f.Asker()))
}

func ask(prompt string) agent.Request {
	return agent.Request{Messages: []agent.Message{agent.UserText(prompt)}}
}

func (l Loop) rounds(ctx context.Context, r *rounds.Run[Args], asker loop.Asker) (*rounds.Outcome, error) {
	text, err := journal.Step(ctx, r.J, "read", func(context.Context) ([]byte, error) { return os.ReadFile(r.Docs[0].File) })
	if err != nil {
		return nil, err
	}
	reg, err := r.Settings.Section.Resolve(text)
	if err != nil {
		return nil, err
	}
	current := string(text[reg.Span.Start:reg.Span.End])
	stop := loop.FirstOf(loop.NoAnswer(), loop.WonInARow(2), loop.RoundCap(4))
	var notes []rounds.RoundNote
	var sums []loop.RoundSummary
	var reason loop.StopReason
	for n := 1; reason == ""; n++ {
		draft, call, err := rounds.AskCall[Text](ctx, r.J, fmt.Sprintf("r%d/author", n), "author", l.Author, ask("Rewrite this section; answer its new text.\n\n"+current))
		if err != nil {
			return nil, err
		}
		calls := []rounds.Call{call}
		drafts := [2]string{current, draft.Text}
		var notesOf [2]string
		for i, rev := range l.Reviewers {
			for d, text := range drafts {
				a, call, err := rounds.AskCall[Text](ctx, r.J, fmt.Sprintf("r%d/review/%d/%d", n, i+1, d), fmt.Sprintf("reviewer-%d", i+1), rev, ask("Review this draft.\n\n"+text))
				if err != nil {
					return nil, err
				}
				notesOf[d] += fmt.Sprintf("reviewer %d: %s\n", i+1, a.Text)
				calls = append(calls, call)
			}
		}
		pr, err := loop.ComparePair(ctx, r.J, fmt.Sprintf("r%d/judge", n), func(ctx context.Context, a, b int) (agent.Answer[Verdict], error) {
			prompt := fmt.Sprintf("Which draft is better: A or B (or tie)?\n\nA:\n%s\nNotes on A:\n%s\nB:\n%s\nNotes on B:\n%s", drafts[a], notesOf[a], drafts[b], notesOf[b])
			return agent.Ask[Verdict](ctx, l.Judge, ask(prompt))
		}, func(v agent.Answer[Verdict]) string { return v.Value.Winner })
		if err != nil {
			return nil, err
		}
		note := "the current draft held"
		if pr.Winner == 1 {
			note, current = "the new draft won both orders and was kept", drafts[1]
		}
		for _, a := range pr.Answers {
			calls = append(calls, rounds.Call{Who: "judge", Model: a.Model, Usage: a.Usage})
		}
		notes = append(notes, rounds.RoundNote{Round: n, Note: note, Calls: calls})
		sums = append(sums, loop.RoundSummary{Round: n, Answered: 1, Held: pr.Winner != 1, Changed: pr.Winner == 1})
		reason, _ = stop(sums)
	}
	ans, err := loop.AskOnce(ctx, r.J, asker, loop.Question{Key: "write", Kind: loop.Confirm, Prompt: "Write the kept draft into " + r.Docs[0].Name + "?"})
	switch {
	case errors.Is(err, loop.ErrWaiting):
		reason = loop.AwaitingDecisions
	case err != nil:
		return nil, err
	case ans.Choice == loop.Yes:
		err = loop.RewriteFiles(ctx, r.J, "write", r.RootDir(), []string{r.Docs[0].Name}, func(_ string, old []byte) ([]byte, error) {
			return loop.ReplaceTarget(old, r.Settings.Section, []byte(current))
		})
		if reason, err = r.Stopped(reason, err); err != nil {
			return nil, err
		}
	}
	return r.FinishNotes("Sixth loop: "+r.Settings.Section.String(), notes, reason, nil)
}
