package writing

import (
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// VerdictKind is the arc reviewer's verdict on a draft.
type VerdictKind string

// The arc reviewer's verdicts, mildest first.
const (
	OK             VerdictKind = "OK"
	RevisionNeeded VerdictKind = "REVISION_NEEDED"
	MajorRevision  VerdictKind = "MAJOR_REVISION"
)

// rank orders verdicts: OK 0, REVISION_NEEDED 1, MAJOR_REVISION 2, -1 for
// anything else.
func (v VerdictKind) rank() int {
	switch v {
	case OK:
		return 0
	case RevisionNeeded:
		return 1
	case MajorRevision:
		return 2
	}
	return -1
}

// Verdict is the arc reviewer's typed answer on one draft, the JSON the
// model must return (its schema is generated from this type by agent.Ask).
type Verdict struct {
	// Verdict is OK, REVISION_NEEDED or MAJOR_REVISION.
	Verdict VerdictKind `json:"verdict" jsonschema:"enum=OK,enum=REVISION_NEEDED,enum=MAJOR_REVISION"`
	// Summary says in a sentence or two what the verdict rests on.
	Summary string `json:"summary"`
	// Issues are the problems found, each anchored by a quote.
	Issues []Issue `json:"issues"`
}

// Issue is one problem the arc reviewer found. Severity low is a minor
// point (the judgment counts them), medium and high ask for a revision.
type Issue struct {
	// Quote is about 30 characters copied verbatim from the draft.
	Quote string `json:"quote"`
	// Issue says what is wrong.
	Issue string `json:"issue"`
	// Fix is the replacement text for Quote; empty for advice only.
	Fix string `json:"fix"`
	// Severity is low (minor), medium or high.
	Severity finding.Severity `json:"severity"`
}

// Check reports what is wrong with v: an unknown verdict or severity, an
// issue without a quote or a text.
func (v Verdict) Check() error {
	if v.Verdict.rank() < 0 {
		return fmt.Errorf("writing: verdict %q is not OK, REVISION_NEEDED or MAJOR_REVISION", v.Verdict)
	}
	for i, is := range v.Issues {
		switch {
		case !is.Severity.Valid():
			return fmt.Errorf("writing: issue %d: severity %q is not low, medium or high", i+1, is.Severity)
		case strings.TrimSpace(is.Issue) == "":
			return fmt.Errorf("writing: issue %d has no text", i+1)
		}
	}
	return nil
}

// Minor counts the issues of severity low.
func (v Verdict) Minor() int {
	n := 0
	for _, is := range v.Issues {
		if is.Severity == finding.Low {
			n++
		}
	}
	return n
}

// Concern is one spot a reader stumbled on, anchored by a quote.
type Concern struct {
	// Quote is copied verbatim from the draft.
	Quote string `json:"quote"`
	// Issue says what bothered the reader.
	Issue string `json:"issue"`
	// Fix is a replacement text for Quote; empty for advice only.
	Fix string `json:"fix"`
	// Severity is low, medium or high (a consistency reader's "definite
	// contradiction" is high, "to check" medium).
	Severity finding.Severity `json:"severity"`
}

// Feedback is one reader persona's reaction to one draft.
type Feedback struct {
	// Stars rates the draft from 1 to 5.
	Stars int `json:"stars" jsonschema:"minimum=1,maximum=5"`
	// Impression is the reader's reaction in a few sentences.
	Impression string `json:"impression"`
	// Good lists what worked.
	Good []string `json:"good"`
	// Concerns lists the spots that did not.
	Concerns []Concern `json:"concerns"`
	// OneLine sums the reading up in one line.
	OneLine string `json:"one_line"`
	// Memory is the entry the reader keeps of this episode in its memory
	// file (what it will remember when it reads the next one).
	Memory string `json:"memory"`
}

// Check reports what is wrong with f.
func (f Feedback) Check() error {
	if f.Stars < 1 || f.Stars > 5 {
		return fmt.Errorf("writing: %d stars is not 1 to 5", f.Stars)
	}
	for i, c := range f.Concerns {
		if !c.Severity.Valid() {
			return fmt.Errorf("writing: concern %d: severity %q is not low, medium or high", i+1, c.Severity)
		}
	}
	return nil
}

// Preference is a reader's answer to a pairwise comparison of two drafts
// labelled A and B.
type Preference struct {
	// Prefer is "A", "B" or "tie".
	Prefer string `json:"prefer" jsonschema:"enum=A,enum=B,enum=tie"`
	// Reason says why, in a sentence.
	Reason string `json:"reason"`
}

// Reply is one turn of the step 4D discussion: the author explaining an
// intent, or the arc reviewer adding a fact. It carries no verdict: the
// discussion cannot change one.
type Reply struct {
	// Agree is set when the speaker has nothing to add ("confirmed").
	Agree bool `json:"agree"`
	// Text is what the speaker says; empty when Agree says it all.
	Text string `json:"text"`
}

// Persona is one reader persona of the story folder
// (story/reader-personas.md).
type Persona struct {
	// ID names the persona in file names. Example: "yuki".
	ID string `json:"id"`
	// Name is how the persona is called. Example: "Yuki".
	Name string `json:"name"`
	// Focus says what the persona reads for. Example: "pace, agency, hooks".
	Focus string `json:"focus"`
}
