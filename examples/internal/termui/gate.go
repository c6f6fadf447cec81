package termui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/huh"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// Gate asks a human on a terminal: it shows one batch of findings as a
// checklist of fixes to apply, then a checklist of the rest to reject (so
// reviewers do not propose them again), then one reason for all the
// rejections; what is neither is deferred. It refuses a choice of two
// findings of one conflict group. Quitting a checklist stops the loop
// (loop.ErrStop), which can then be resumed.
type Gate struct {
	// In and Out are the terminal; nil means the process's own.
	In  io.Reader
	Out io.Writer
	// Accessible asks in plain numbered prompts instead of a full-screen
	// form (for screen readers and simple terminals).
	Accessible bool
}

// Approve asks about the items of b.
func (g Gate) Approve(ctx context.Context, b rounds.Batch) ([]rounds.Decision, error) {
	var applicable []loop.Item
	for _, it := range b.Items {
		if it.Applicable() {
			applicable = append(applicable, it)
		}
	}
	title := fmt.Sprintf("Round %d, page %d of %d", b.Round, b.Page, b.Pages)
	var apply, reject []string
	var reason string
	if len(applicable) > 0 {
		err := g.run(ctx, huh.NewGroup(huh.NewMultiSelect[string]().
			Title(title+": fixes to apply").
			Description("x toggles, enter confirms; unchosen findings are offered for rejection next").
			Options(options(applicable)...).
			Validate(oneOfEachConflict(applicable)).
			Value(&apply)))
		if err != nil {
			return nil, err
		}
	}
	if rest := without(b.Items, apply); len(rest) > 0 {
		err := g.run(ctx, huh.NewGroup(huh.NewMultiSelect[string]().
			Title(title+": findings to reject (not proposed again)").
			Description("what you leave unchosen stays open for the next round").
			Options(options(rest)...).
			Value(&reject)))
		if err != nil {
			return nil, err
		}
	}
	if len(reject) > 0 {
		err := g.run(ctx, huh.NewGroup(huh.NewInput().
			Title(fmt.Sprintf("Reason for rejecting %d finding(s) (optional; reviewers are told)", len(reject))).
			Value(&reason)))
		if err != nil {
			return nil, err
		}
	}
	return decisions(b.Items, apply, reject, strings.TrimSpace(reason)), nil
}

// run shows one form on the gate's terminal. A user who quits the form
// (Ctrl-C, Esc) stops the loop: the error wraps loop.ErrStop.
func (g Gate) run(ctx context.Context, groups ...*huh.Group) error {
	form := huh.NewForm(groups...).WithAccessible(g.Accessible)
	if g.In != nil {
		form = form.WithInput(g.In)
	}
	if g.Out != nil {
		form = form.WithOutput(g.Out)
	}
	return gateErr(form.RunWithContext(ctx))
}

// gateErr turns a form's error into the gate's: a user who quit means
// loop.ErrStop.
func gateErr(err error) error {
	switch {
	case errors.Is(err, huh.ErrUserAborted):
		return fmt.Errorf("termui: gate: %w", loop.ErrStop)
	case err != nil:
		return fmt.Errorf("termui: gate: %w", err)
	}
	return nil
}

// options lists items as checklist options labelled
// "[severity/confidence] reviewer: issue (line N)".
func options(items []loop.Item) []huh.Option[string] {
	out := make([]huh.Option[string], len(items))
	for i, it := range items {
		label := fmt.Sprintf("%s (line %s)", loop.Printable(it.Label()), it.Lines)
		if it.Conflict != 0 {
			label += fmt.Sprintf(" [conflict %d]", it.Conflict)
		}
		if !it.Applicable() {
			label += " [advice]"
		}
		out[i] = huh.NewOption(label, it.Key)
	}
	return out
}

// without returns the items whose keys are not in keys.
func without(items []loop.Item, keys []string) []loop.Item {
	drop := make(map[string]bool, len(keys))
	for _, k := range keys {
		drop[k] = true
	}
	var out []loop.Item
	for _, it := range items {
		if !drop[it.Key] {
			out = append(out, it)
		}
	}
	return out
}

// oneOfEachConflict refuses a selection holding two items of one conflict
// group.
func oneOfEachConflict(items []loop.Item) func([]string) error {
	group := make(map[string]int, len(items))
	for _, it := range items {
		group[it.Key] = it.Conflict
	}
	return func(keys []string) error {
		seen := map[int]string{}
		for _, k := range keys {
			g := group[k]
			if g == 0 {
				continue
			}
			if other, dup := seen[g]; dup {
				return fmt.Errorf("%s and %s change the same text (conflict %d): choose one", other, k, g)
			}
			seen[g] = k
		}
		return nil
	}
}

// decisions turns the chosen keys into decisions for every item.
func decisions(items []loop.Item, apply, reject []string, reason string) []rounds.Decision {
	chosen := make(map[string]rounds.Action, len(apply)+len(reject))
	for _, k := range apply {
		chosen[k] = rounds.Apply
	}
	for _, k := range reject {
		chosen[k] = rounds.Reject
	}
	out := make([]rounds.Decision, len(items))
	for i, it := range items {
		d := rounds.Decision{Key: it.Key, Action: rounds.Defer}
		if a, ok := chosen[it.Key]; ok {
			d.Action = a
		}
		if d.Action == rounds.Reject {
			d.Reason = reason
		}
		out[i] = d
	}
	return out
}
