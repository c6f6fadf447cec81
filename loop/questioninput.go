package loop

import (
	"context"
	"fmt"
	"strings"
)

// Input is a question answered with free text, in Answer.Text (Choice is
// empty); Question.Default is the text an automatic asker gives, and an
// Input question without one has no automatic answer. An answer of blank
// text is refused. Example: the Goldfish intake's "Which file is to be
// reviewed?".
const Input QuestionKind = "input"

// defaultAnswer returns the answer an automatic asker gives to q.
func (q Question) defaultAnswer() Answer {
	if q.Kind == Input {
		return Answer{Key: q.Key, Text: q.Default}
	}
	return Answer{Key: q.Key, Choice: q.defaultChoice()}
}

// Ask asks q through asker once, journaling nothing: AskOnce for a
// question asked before a run exists (an intake). The answer is checked
// and normalised as AskOnce does; ErrWaiting and ErrStop come back
// wrapped.
func Ask(ctx context.Context, asker Asker, q Question) (Answer, error) {
	if err := q.Validate(); err != nil {
		return Answer{}, err
	}
	return ask(ctx, asker, q)
}

// ask asks a valid q and checks the answer.
func ask(ctx context.Context, asker Asker, q Question) (Answer, error) {
	a, err := asker.Ask(ctx, q)
	if err != nil {
		return Answer{}, fmt.Errorf("question %s: %w", q.Key, err)
	}
	if q.Kind == Confirm || q.Kind == Turn {
		switch strings.ToLower(strings.TrimSpace(a.Choice)) {
		case "y", "yes", "true", "ok":
			a.Choice = Yes
		case "n", "no", "false":
			a.Choice = No
		}
	}
	if a.Key == "" {
		a.Key = q.Key
	}
	if err := q.check(a); err != nil {
		return Answer{}, fmt.Errorf("question %s: %w", q.Key, err)
	}
	return a, nil
}
