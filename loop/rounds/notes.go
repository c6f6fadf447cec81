package rounds

import (
	"bytes"
	"fmt"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
)

// RoundNote is one round of a loop whose edit is not a set of findings
// (an author's rewrite weighed by a judge, say), as the loop itself
// describes it: OutcomeOf turns a run's notes into its Outcome, and
// WriteSummary lists them where a findings loop lists what was applied.
type RoundNote struct {
	// Round is the 1-based round number.
	Round int `json:"round"`
	// Note says what the round did, for people, on one line: "the new
	// draft won both orders and was kept".
	Note string `json:"note"`
	// Calls are the round's model calls, counted into the Outcome's Usage,
	// Cost and Costs; they are not kept in the note itself.
	Calls []Call `json:"-"`
}

// Call is one model call's usage, by who made it (an author, a judge)
// and with which model.
type Call struct {
	Who, Model string
	Usage      agent.Usage
}

// OutcomeOf summarises a run whose rounds are notes (a loop without
// findings; Outcome is for rounds Review made), stopped for reason,
// pricing the notes' calls with prices (nil: tokens only). Rounds is the
// last note's round; Applied, Rejected, Unresolved and Skipped are empty.
// Finish gives its exit error, WriteSummary (with no rounds) its
// summary.md.
func (r *Run[S]) OutcomeOf(notes []RoundNote, reason loop.StopReason, prices agent.Prices) *Outcome {
	o := &Outcome{Reason: reason, File: r.Docs[0].File, Applied: []Entry{}, Rejected: []Entry{}, Unresolved: []Entry{}, Skipped: []SkippedCall{},
		Notes: []RoundNote{}}
	for _, d := range r.Docs {
		o.Files = append(o.Files, d.File)
	}
	for _, n := range notes {
		o.Rounds = max(o.Rounds, n.Round)
		o.Notes = append(o.Notes, RoundNote{Round: n.Round, Note: n.Note})
		for _, c := range n.Calls {
			o.add(n.Round, c.Who, c.Model, c.Usage, prices)
		}
	}
	return o
}

// renderNotes writes the summary's section of a run's round notes.
func renderNotes(b *bytes.Buffer, notes []RoundNote) {
	b.WriteString("## Rounds\n\n")
	if len(notes) == 0 {
		b.WriteString("Nothing.\n")
	}
	for _, n := range notes {
		fmt.Fprintf(b, "- [R%d] %s\n", n.Round, cell(n.Note))
	}
}
