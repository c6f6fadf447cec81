package termui

import (
	"context"
	"strings"

	"github.com/charmbracelet/huh"

	"github.com/kaigi-dev/kaigi/loop"
)

// Ask answers a loop.Question on the terminal: a choice as a select list,
// an input as a line of text (its default filled in), a confirmation or a
// turn boundary as yes/no, followed by a free-text
// line when the question allows one. Quitting stops the loop
// (loop.ErrStop), which can then be resumed. It makes Gate a loop.Asker
// as well as a rounds.Approver.
func (g Gate) Ask(ctx context.Context, q loop.Question) (loop.Answer, error) {
	a := loop.Answer{Key: q.Key}
	if q.Kind == loop.Input {
		a.Text = q.Default
		if err := g.run(ctx, huh.NewGroup(huh.NewInput().Title(q.Prompt).Value(&a.Text))); err != nil {
			return loop.Answer{}, err
		}
		a.Text = strings.TrimSpace(a.Text)
		return a, nil
	}
	if q.Kind == loop.Choice {
		opts := make([]huh.Option[string], len(q.Options))
		for i, o := range q.Options {
			label := o.Label
			if label == "" {
				label = o.ID
			}
			opts[i] = huh.NewOption(label, o.ID)
		}
		a.Choice = q.Default
		if err := g.run(ctx, huh.NewGroup(huh.NewSelect[string]().Title(q.Prompt).Options(opts...).Value(&a.Choice))); err != nil {
			return loop.Answer{}, err
		}
	} else {
		yes := q.Default != loop.No
		if err := g.run(ctx, huh.NewGroup(huh.NewConfirm().Title(q.Prompt).Affirmative("Yes").Negative("No").Value(&yes))); err != nil {
			return loop.Answer{}, err
		}
		a.Choice = loop.No
		if yes {
			a.Choice = loop.Yes
		}
	}
	if q.Text {
		if err := g.run(ctx, huh.NewGroup(huh.NewInput().Title("Note (optional)").Value(&a.Text))); err != nil {
			return loop.Answer{}, err
		}
		a.Text = strings.TrimSpace(a.Text)
	}
	return a, nil
}
