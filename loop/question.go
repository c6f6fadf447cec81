package loop

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/loop/journal"
)

// QuestionKind says what shape of answer a Question takes.
type QuestionKind string

// The kinds of questions a loop asks besides approving findings.
const (
	// Choice picks one of the question's Options. Example: the Goldfish
	// loop's "auto-approve all / continue / inspect one by one".
	Choice QuestionKind = "choice"
	// Confirm is yes or no, with optional free text when Question.Text is
	// set. Example: write-episode's FORCE_PASS, or "save this episode?".
	Confirm QuestionKind = "confirm"
	// Turn is a turn boundary: "run the next round?", yes or no.
	Turn QuestionKind = "turn"
)

// The answers of Confirm and Turn questions.
const (
	Yes = "yes"
	No  = "no"
)

// Option is one choice of a Choice question.
type Option struct {
	// ID is what an answer names. Example: "inspect".
	ID string `json:"id"`
	// Label says the option in words. Example: "Inspect one by one".
	Label string `json:"label"`
}

// Question is a decision point for a person (or a policy standing in for
// one) that is not the approval of findings (see rounds.Approver for that).
type Question struct {
	// Key names the question within the run, uniquely; answers and the
	// journal refer to it. Example: "r2/next-round".
	Key string `json:"key"`
	// Kind is the shape of the answer.
	Kind QuestionKind `json:"kind"`
	// Prompt is the question in words.
	Prompt string `json:"prompt"`
	// Options are the choices of a Choice question (at least two, IDs
	// unique); empty for the other kinds.
	Options []Option `json:"options,omitempty"`
	// Text allows free text with the answer (a reason, a note).
	Text bool `json:"text,omitempty"`
	// Default is the answer an automatic gate gives: an option ID for
	// Choice, Yes or No otherwise. Empty means the first option, or Yes.
	Default string `json:"default,omitempty"`
}

// Answer answers one Question.
type Answer struct {
	// Key is the question's Key.
	Key string `json:"key"`
	// Choice is an option ID for Choice questions, Yes or No otherwise.
	Choice string `json:"choice"`
	// Text is the free text given with the answer; empty unless the
	// question allows it.
	Text string `json:"text,omitempty"`
}

// ErrWaiting reports that an Asker has no answer yet (a file gate whose
// answers file does not name the question): the driver stops, to be
// resumed once the answer exists.
var ErrWaiting = errors.New("waiting for an answer")

// ErrStop is what an Asker or a gate (rounds.Approver) returns (wrapped)
// to stop the loop: a person quit the checklist or the question. What was
// decided before is kept; a driver renders what it has and stops, to be
// resumed.
var ErrStop = errors.New("stopped at the gate")

// Asker answers questions: automatic policy (AutoAsker), a file for
// non-interactive use (FileAsker), a callback (AskFunc), or a person at a
// terminal (package loop/termgate, whose Choose picks among them). Ask returns ErrWaiting (wrapped) when it cannot
// answer now, and ErrStop when the person asked to stop.
type Asker interface {
	Ask(ctx context.Context, q Question) (Answer, error)
}

// AskFunc adapts a function to the Asker interface: the callback form.
type AskFunc func(ctx context.Context, q Question) (Answer, error)

// Ask calls f.
func (f AskFunc) Ask(ctx context.Context, q Question) (Answer, error) { return f(ctx, q) }

// AutoAsker answers every question with its default: for CI, and for the
// "-yes" flag of the examples.
type AutoAsker struct{}

// Ask returns q's default answer.
func (AutoAsker) Ask(_ context.Context, q Question) (Answer, error) {
	return q.defaultAnswer(), nil
}

// defaultChoice returns the answer an automatic gate gives.
func (q Question) defaultChoice() string {
	switch {
	case q.Default != "":
		return q.Default
	case q.Kind == Choice && len(q.Options) > 0:
		return q.Options[0].ID
	}
	return Yes
}

// Validate reports what is wrong with q, or nil.
func (q Question) Validate() error {
	if q.Key == "" {
		return errors.New("question has no key")
	}
	switch q.Kind {
	case Choice:
		if len(q.Options) < 2 {
			return fmt.Errorf("question %s: a choice needs at least two options", q.Key)
		}
		for i, o := range q.Options {
			if o.ID == "" || slices.ContainsFunc(q.Options[:i], func(p Option) bool { return p.ID == o.ID }) {
				return fmt.Errorf("question %s: option %d has an empty or repeated id %q", q.Key, i+1, o.ID)
			}
		}
	case Confirm, Turn, Input:
		if len(q.Options) > 0 {
			return fmt.Errorf("question %s: a %s question takes no options", q.Key, q.Kind)
		}
	default:
		return fmt.Errorf("question %s: unknown kind %q (want choice, confirm, turn or input)", q.Key, q.Kind)
	}
	if q.Default != "" && q.Kind != Input {
		if err := q.check(Answer{Key: q.Key, Choice: q.Default}); err != nil {
			return fmt.Errorf("question %s: default: %w", q.Key, err)
		}
	}
	return nil
}

// check reports whether a is a valid answer to q, normalising nothing.
func (q Question) check(a Answer) error {
	if a.Key != q.Key {
		return fmt.Errorf("answer is for %q, not %q", a.Key, q.Key)
	}
	if q.Kind == Input {
		if a.Choice != "" || strings.TrimSpace(a.Text) == "" {
			return fmt.Errorf("question %s takes text, not a choice (%q) or blank text", q.Key, a.Choice)
		}
		return nil
	}
	if a.Text != "" && !q.Text {
		return fmt.Errorf("question %s takes no text", q.Key)
	}
	if q.Kind == Choice {
		if !slices.ContainsFunc(q.Options, func(o Option) bool { return o.ID == a.Choice }) {
			ids := make([]string, len(q.Options))
			for i, o := range q.Options {
				ids[i] = o.ID
			}
			return fmt.Errorf("%q is not one of %s", a.Choice, strings.Join(ids, ", "))
		}
		return nil
	}
	if a.Choice != Yes && a.Choice != No {
		return fmt.Errorf("%q is not %s or %s", a.Choice, Yes, No)
	}
	return nil
}

// AskOnce asks q through asker once per run: the answer is journaled as
// the step "ask/"+q.Key, so a resumed run gets the same answer without
// asking again. Yes/no answers are accepted in any case ("Y", "no"); an
// answer that does not fit the question is an error naming both, and is
// not journaled. ErrWaiting and ErrStop from the asker are returned
// (wrapped), and nothing is journaled.
func AskOnce(ctx context.Context, j *journal.Journal, asker Asker, q Question) (Answer, error) {
	if err := q.Validate(); err != nil {
		return Answer{}, err
	}
	return journal.Step(ctx, j, "ask/"+q.Key, func(ctx context.Context) (Answer, error) {
		return ask(ctx, asker, q)
	})
}
