package termgate

import (
	"context"
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// Approve asks about each item of b in turn: it shows the finding (its
// file, lines, conflict group, the text it replaces and the replacement)
// and reads "a" (apply), "r" (reject: reviewers do not propose it again)
// or "d" (defer: left open), or any word rounds.ParseAction takes; Enter
// alone defers. It refuses, and asks again, to apply an item with no edit
// (advice) or a second item of one conflict group. When something was
// rejected, a last line asks one reason for the rejections (Enter for
// none). Every item of b gets a decision. See Gate for errors, stopping
// and ctx.
func (g *Gate) Approve(ctx context.Context, b rounds.Batch) ([]rounds.Decision, error) {
	if len(b.Items) == 0 {
		return nil, nil
	}
	unlock, err := g.lock(ctx)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if _, err := fmt.Fprintf(g.Out, "Round %d, page %d of %d: %d finding(s) to decide\n", b.Round, b.Page, b.Pages, len(b.Items)); err != nil {
		return nil, fmt.Errorf("termgate: writing a prompt: %w", err)
	}
	out := make([]rounds.Decision, len(b.Items))
	applied := map[int]int{} // conflict group -> 1-based number of the item applied
	rejected := 0
	for i, it := range b.Items {
		text := itemText(i+1, len(b.Items), it)
		act, err := prompt(ctx, g, text, true, func(s string) (rounds.Action, error) {
			if strings.TrimSpace(s) == "" {
				return rounds.Defer, nil
			}
			a, err := rounds.ParseAction(s)
			if err != nil {
				return "", err
			}
			if a == rounds.Apply && !it.Applicable() {
				return "", fmt.Errorf("%s has no edit to apply (advice): reject or defer it", it.Key)
			}
			if n, ok := applied[it.Conflict]; a == rounds.Apply && it.Conflict != 0 && ok {
				return "", fmt.Errorf("%s changes the same text as finding %d, which you apply (conflict %d): reject or defer one", it.Key, n, it.Conflict)
			}
			return a, nil
		})
		if err != nil {
			return nil, err
		}
		if act == rounds.Apply && it.Conflict != 0 {
			applied[it.Conflict] = i + 1
		}
		if act == rounds.Reject {
			rejected++
		}
		out[i] = rounds.Decision{Key: it.Key, Action: act}
	}
	if rejected > 0 {
		reason, err := prompt(ctx, g, fmt.Sprintf("Reason for rejecting %d finding(s) (optional; reviewers are told): ", rejected), false, func(s string) (string, error) {
			return strings.TrimSpace(s), nil
		})
		if err != nil {
			return nil, err
		}
		for i := range out {
			if out[i].Action == rounds.Reject {
				out[i].Reason = reason
			}
		}
	}
	return out, nil
}

// itemText shows item n of total and asks what to do with it.
func itemText(n, total int, it loop.Item) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n%d/%d %s\n", n, total, loop.Printable(it.Label()))
	where := "line " + it.Lines.String()
	if it.File != "" {
		where = it.File + ", " + where
	}
	var tags []string
	if it.Conflict != 0 {
		tags = append(tags, fmt.Sprintf("conflict %d", it.Conflict))
	}
	if it.Far {
		tags = append(tags, "found away from the reviewer's lines")
	}
	if !it.Applicable() {
		tags = append(tags, "advice")
	}
	if len(tags) > 0 {
		where += " [" + strings.Join(tags, ", ") + "]"
	}
	fmt.Fprintf(&b, "    %s\n", loop.Printable(where))
	if it.Edit != nil {
		fmt.Fprintf(&b, "    - %s\n    + %s\n", oneLine(it.Edit.Old), oneLine(it.Edit.New))
	}
	choices := "a apply, r reject, d defer (Enter), q stop: "
	if !it.Applicable() {
		choices = "r reject, d defer (Enter), q stop: "
	}
	b.WriteString(choices)
	return b.String()
}

// oneLine shows s on one line: line breaks as ⏎, made printable.
func oneLine(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "⏎"), "\n", "⏎")
	return loop.Printable(s)
}
