package termgate

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/loop"
)

// Ask asks q: a choice as a numbered list (a number or an option's ID
// answers), a confirmation or a turn boundary as yes/no, an input as a
// line of text; Enter alone gives q's default, which the prompt shows.
// When q allows free text with a choice or yes/no, a second line asks
// for a note (Enter alone for none). The answer is read with
// loop.Question.ParseAnswer; see Gate for errors, stopping and ctx.
func (g *Gate) Ask(ctx context.Context, q loop.Question) (loop.Answer, error) {
	if err := q.Validate(); err != nil {
		return loop.Answer{}, fmt.Errorf("termgate: %w", err)
	}
	unlock, err := g.lock(ctx)
	if err != nil {
		return loop.Answer{}, err
	}
	defer unlock()
	quit := q.Kind != loop.Input && !slices.ContainsFunc(q.Options, func(o loop.Option) bool {
		id := strings.ToLower(o.ID)
		return id == "q" || id == "quit"
	})
	a, err := prompt(ctx, g, questionText(q, quit), quit, q.ParseAnswer)
	if err != nil {
		return loop.Answer{}, err
	}
	if q.Text && q.Kind != loop.Input {
		note, err := prompt(ctx, g, "Note (optional, Enter for none): ", false, func(s string) (string, error) {
			return strings.TrimSpace(s), nil
		})
		if err != nil {
			return loop.Answer{}, err
		}
		a.Text = note
	}
	return a, nil
}

// questionText is the prompt of q, ending where the answer is typed.
func questionText(q loop.Question, quit bool) string {
	var b strings.Builder
	b.WriteString(loop.Printable(q.Prompt))
	def, _ := q.ParseAnswer("")
	stop := ""
	if quit {
		stop = ", q to stop"
	}
	switch q.Kind {
	case loop.Choice:
		b.WriteString("\n")
		n := 1
		for i, o := range q.Options {
			label := o.Label
			if label == "" {
				label = o.ID
			}
			fmt.Fprintf(&b, "  %d) %s\n", i+1, loop.Printable(label))
			if o.ID == def.Choice {
				n = i + 1
			}
		}
		fmt.Fprintf(&b, "Choose 1-%d (Enter for %d%s): ", len(q.Options), n, stop)
	case loop.Input:
		if def.Text != "" {
			fmt.Fprintf(&b, " (Enter for %s)", loop.Printable(def.Text))
		}
		b.WriteString(": ")
	default:
		yn := "Y/n"
		if def.Choice == loop.No {
			yn = "y/N"
		}
		fmt.Fprintf(&b, " [%s%s]: ", yn, stop)
	}
	return b.String()
}
