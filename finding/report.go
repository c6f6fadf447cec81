package finding

import "encoding/json"

// SchemaVersion is the only value of Report.SchemaVersion this package
// accepts: Council JSON v1.
const SchemaVersion = "1"

// Report is one reviewer's answer for one round: the Council JSON v1 object.
//
// Its JSON form is exactly Council JSON v1; Schema returns the schema
// generated from this type. A Report decoded from untrusted text should be
// checked with Validate (or obtained through Extract, which validates).
type Report struct {
	// Reviewer is the name of the reviewer that wrote the report.
	// Example: "anti-ai-slop".
	Reviewer string `json:"reviewer" jsonschema:"minLength=1" jsonschema_description:"Name of the reviewer that wrote the report."`

	// SchemaVersion must be SchemaVersion ("1").
	SchemaVersion string `json:"schema_version" jsonschema:"enum=1" jsonschema_description:"Always \"1\" (Council JSON v1)."`

	// Summary is the reviewer's overall judgement in one or two sentences.
	Summary string `json:"summary" jsonschema_description:"Overall judgement in one or two sentences."`

	// Findings holds every finding the reviewer has, with no threshold
	// applied on the reviewer's side; it may be empty but not null.
	Findings []Finding `json:"findings" jsonschema_description:"Every finding, with no threshold applied; may be empty."`

	// Memo is free-form notes; a report may leave it empty.
	Memo string `json:"memo,omitempty" jsonschema_description:"Free-form notes (optional)."`

	// Strengths says what works in the text and should be kept, a
	// sentence each, as the originals' reviewers report good points
	// beside problems. // optional: nil, and left out of the JSON, when
	// the reviewer names none.
	Strengths []string `json:"strengths,omitempty" jsonschema_description:"What works in the text and should be kept, a sentence each (optional)."`
}

// Finding is one problem a reviewer found, with the fix it proposes.
//
// A fix is anchored by its quote, not by its line number: Quotes[0] is the
// exact text the reviewer saw and Fix is the text that replaces it. An empty
// Fix means advice only; such a finding is never applied as an edit.
type Finding struct {
	// ID identifies the finding within its report. Example: "F001".
	ID string `json:"id" jsonschema:"minLength=1" jsonschema_description:"Identifier unique within the report, e.g. F001."`

	// Category names the reviewer's lens. Example: "ai-slop", "fact",
	// "narrative", "reader-fit".
	Category string `json:"category" jsonschema:"minLength=1" jsonschema_description:"The reviewer's lens, e.g. ai-slop, fact, narrative, reader-fit."`

	// File names the file the finding concerns, relative to the reviewed
	// root. // optional: may be left out when the target is one file.
	File string `json:"file,omitempty" jsonschema_description:"File the finding concerns (optional when the target is one file)."`

	// LineRange is the 1-based, inclusive line range the finding concerns,
	// written "12" or "12-15" in JSON. It is a hint for anchoring Quotes[0].
	// Council JSON v1 requires one: a finding with the zero LineRange
	// does not validate.
	LineRange LineRange `json:"line_range" jsonschema_description:"1-based inclusive line range, \"12\" or \"12-15\"."`

	// Issue says what is wrong. Example: "Stock phrase adds nothing".
	Issue string `json:"issue" jsonschema:"minLength=1" jsonschema_description:"What is wrong."`

	// Fix is the replacement text for Quotes[0] (a text substitution, not a
	// diff). Empty means advice only.
	Fix string `json:"fix" jsonschema_description:"Replacement text for quotes[0] (a text substitution, not a diff); empty for advice only."`

	// Confidence is the reviewer's confidence, an integer from 0 to 100.
	Confidence int `json:"confidence" jsonschema:"minimum=0,maximum=100" jsonschema_description:"Confidence, an integer from 0 to 100."`

	// Severity is low, medium or high.
	Severity Severity `json:"severity" jsonschema_description:"low, medium or high."`

	// Quotes holds text quoted verbatim from the target, about 30
	// characters each; Quotes[0] is the text Fix replaces. It may be empty
	// for advice that concerns a whole line range.
	Quotes []string `json:"quotes" jsonschema_description:"Text quoted verbatim from the target, about 30 characters each; quotes[0] is the text fix replaces."`

	// Related lists the other places where the same problem occurs, when
	// the reviewer reports them as one finding (a rule that reports one
	// instance per document and holds the rest back). Fix and Quotes
	// concern the finding's own place only; a related place is never
	// edited. // optional: nil, and left out of the JSON, when there are
	// none.
	Related []Location `json:"related,omitempty" jsonschema_description:"Other places with the same problem, reported with this finding (optional); never edited by its fix."`
}

// Location is one place in the reviewed text a finding points to besides
// its own (Finding.Related).
type Location struct {
	// File names the file, as Finding.File does; empty means the
	// finding's own file. // optional
	File string `json:"file,omitempty" jsonschema_description:"File of the place (optional: the finding's file when left out)."`

	// LineRange is the 1-based, inclusive line range of the place; the
	// zero value does not validate.
	LineRange LineRange `json:"line_range" jsonschema_description:"1-based inclusive line range, \"12\" or \"12-15\"."`

	// Quote is text quoted verbatim at the place. // optional
	Quote string `json:"quote,omitempty" jsonschema_description:"Text quoted verbatim at the place (optional)."`

	// Issue says what is wrong there, when it says more than the
	// finding's Issue ("sentence has 79 words"). // optional
	Issue string `json:"issue,omitempty" jsonschema_description:"What is wrong at the place, when it differs from the finding's issue (optional)."`
}

// Quote returns Quotes[0], or "" when the finding quotes nothing.
func (f Finding) Quote() string {
	if len(f.Quotes) == 0 {
		return ""
	}
	return f.Quotes[0]
}

// Advisory reports whether the finding is advice only (an empty Fix) and so
// is never applied as an edit.
func (f Finding) Advisory() bool { return f.Fix == "" }

// MarshalJSON encodes r as Council JSON v1. A nil Findings is written as
// [] (Council JSON v1 does not allow null), so a Report built in Go
// validates as long as its fields do.
func (r Report) MarshalJSON() ([]byte, error) {
	type plain Report // no MarshalJSON method: no recursion
	p := plain(r)
	if p.Findings == nil {
		p.Findings = []Finding{}
	}
	return json.Marshal(p)
}

// MarshalJSON encodes f as a Council JSON v1 finding. A nil Quotes is
// written as [] (Council JSON v1 does not allow null).
func (f Finding) MarshalJSON() ([]byte, error) {
	type plain Finding // no MarshalJSON method: no recursion
	p := plain(f)
	if p.Quotes == nil {
		p.Quotes = []string{}
	}
	return json.Marshal(p)
}
