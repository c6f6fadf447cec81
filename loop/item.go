package loop

import (
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/finding"
)

// Item is one finding offered for a decision: what the policy and the gate
// see.
type Item struct {
	// Key identifies the finding within the run: the round, the reviewer
	// (with "#shot" for shots after the first) and the finding's ID.
	// Example: "r1/anti-ai-slop/F001", "r2/bug-hunter#2/F003".
	Key string `json:"key"`

	// File names the document the finding is about, slash-separated and
	// relative to the run's root folder, in a run over several documents;
	// empty in a run over one (see Findings.InFile).
	File string `json:"file,omitempty"`

	// Reviewer is the reviewer that proposed the finding.
	Reviewer string `json:"reviewer"`

	// Finding is the finding as the reviewer wrote it.
	Finding finding.Finding `json:"finding"`

	// Edit is the finding anchored to an edit of the document the round
	// reviewed; nil for advice-only and unanchored findings.
	Edit *apply.Edit `json:"edit,omitempty"`

	// Lines are the lines the edit touches (the anchored span), or the
	// reviewer's hint when the finding has no Edit.
	Lines finding.LineRange `json:"lines"`

	// Far reports an Edit whose quote was found only away from the
	// reviewer's hinted lines (apply.Anchor.Far): a person may apply it,
	// a rounds.Policy never does.
	Far bool `json:"far,omitempty"`

	// Conflict numbers the conflict group the finding belongs to; 0 means
	// none. Findings of one group propose different edits of overlapping
	// text: at most one of them can be applied, and only a human chooses.
	Conflict int `json:"conflict,omitempty"`

	// SameLine lists the other reviewers' findings whose different edit
	// touches one of this one's lines (council.Row.SameLine): both can be
	// applied, but a rounds.Policy applies neither unasked unless OverlapOnly.
	SameLine []string `json:"same_line,omitempty"`

	// Supporters lists the other findings proposing the identical edit,
	// if any.
	Supporters []string `json:"supporters,omitempty"`

	// Note says why the item has no Edit, or why it was dropped; empty
	// otherwise. Example: "quote not found".
	Note string `json:"note,omitempty"`
}

// Label formats the item as "[severity/confidence] reviewer: issue", the
// one-line form a gate shows.
func (it Item) Label() string {
	issue := strings.Join(strings.Fields(it.Finding.Issue), " ")
	return fmt.Sprintf("[%s/%d] %s: %s", it.Finding.Severity, it.Finding.Confidence, it.Reviewer, issue)
}

// Applicable reports whether the item carries an edit that can be applied.
func (it Item) Applicable() bool { return it.Edit != nil }
