package discussion

import (
	"fmt"
	"slices"
	"strings"
)

// DefaultTriggerLines is the size of change, in changed lines (added plus
// deleted), from which Trigger starts a discussion, as the original's
// automatic start does.
const DefaultTriggerLines = 300

// DefaultTriggerLabels returns the labels that start a discussion whatever
// the size of the change: security and breaking-change, as in the
// original.
func DefaultTriggerLabels() []string { return []string{"security", "breaking-change"} }

// Trigger decides whether a change warrants a discussion review rather
// than a plain fan-out: the original starts one automatically for a
// change of at least 300 changed lines or one labelled security or
// breaking-change. The zero value is that rule. A Trigger is a value; it
// is safe for concurrent use.
type Trigger struct {
	// MinLines is the number of changed lines from which a change is
	// discussed; zero means DefaultTriggerLines. A negative value never
	// starts one by size.
	MinLines int
	// Labels start a discussion whatever the size, compared without
	// regard to case; nil means DefaultTriggerLabels, an empty non-nil
	// slice none.
	Labels []string
}

// Change is what a Trigger reads of a change (ReadChange reads one from
// git).
type Change struct {
	// Lines is the number of changed lines: added plus deleted.
	Lines int
	// Labels are the change's labels (a pull request's).
	Labels []string
	// Files are the changed files, the targets of a discussion of the
	// change; Decide does not read them.
	Files []string
}

// Decide reports whether c warrants a discussion, with the reason in one
// sentence either way ("412 changed lines, at least 300", "12 changed
// lines, fewer than 300, and no label of security, breaking-change").
func (t Trigger) Decide(c Change) (bool, string) {
	labels := t.Labels
	if labels == nil {
		labels = DefaultTriggerLabels()
	}
	for _, l := range c.Labels {
		if slices.ContainsFunc(labels, func(want string) bool { return strings.EqualFold(strings.TrimSpace(l), want) }) {
			return true, fmt.Sprintf("the change is labelled %s", strings.TrimSpace(l))
		}
	}
	min := t.MinLines
	if min == 0 {
		min = DefaultTriggerLines
	}
	if min > 0 && c.Lines >= min {
		return true, fmt.Sprintf("%d changed lines, at least %d", c.Lines, min)
	}
	why := fmt.Sprintf("%d changed lines", c.Lines)
	if min > 0 {
		why += fmt.Sprintf(", fewer than %d", min)
	}
	if len(labels) == 0 {
		return false, why
	}
	return false, why + ", and no label of " + strings.Join(labels, ", ")
}
