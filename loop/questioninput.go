package loop

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/text/width"
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
		if c, ok := yesNo(a.Choice); ok {
			a.Choice = c
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

// yesNo reads s as yes or no: "y", "yes", "true", "ok", "はい" or "n",
// "no", "false", "いいえ", case and surrounding space ignored.
func yesNo(s string) (string, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "y", "yes", "true", "ok", "はい":
		return Yes, true
	case "n", "no", "false", "いいえ":
		return No, true
	}
	return "", false
}

// ParseAnswer reads one typed line as the answer to q, the way a
// line-based gate reads it; Key is q's. Surrounding white space
// (full-width included) is ignored, and a blank line is q's default
// answer. A Choice takes an option's 1-based number (read as a number
// first) or its ID (case ignored); a Confirm or Turn takes the yes/no
// words AskOnce accepts, "はい" and "いいえ" among them; full-width digits
// and letters read as their ASCII forms for both. An Input takes the line
// as its Text. Answer.Text of the other kinds is left empty: a gate asks
// for it apart. An error says, in words fit to show the person and
// without q's key, what the line should have been; a blank line for an
// Input without a default is one. For a valid q, the answer returned is
// one AskOnce accepts unchanged.
func (q Question) ParseAnswer(s string) (Answer, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		a := q.defaultAnswer()
		if q.Kind == Input && strings.TrimSpace(a.Text) == "" {
			return Answer{}, errors.New("type the answer")
		}
		return a, nil
	}
	a := Answer{Key: q.Key}
	switch q.Kind {
	case Input:
		a.Text = s
		return a, nil
	case Choice:
		folded := width.Fold.String(s)
		if n, err := strconv.Atoi(folded); err == nil && n >= 1 && n <= len(q.Options) {
			a.Choice = q.Options[n-1].ID
			return a, nil
		}
		for _, o := range q.Options {
			if strings.EqualFold(o.ID, folded) || o.ID == s {
				a.Choice = o.ID
				return a, nil
			}
		}
		ids := make([]string, len(q.Options))
		for i, o := range q.Options {
			ids[i] = o.ID
		}
		return Answer{}, fmt.Errorf("%q is neither a number from 1 to %d nor one of %s", s, len(q.Options), strings.Join(ids, ", "))
	}
	c, ok := yesNo(width.Fold.String(s))
	if !ok {
		return Answer{}, fmt.Errorf("%q is not yes or no (y, n)", s)
	}
	a.Choice = c
	return a, nil
}
