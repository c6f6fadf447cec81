package multishot

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// Level is a finding's priority on the original's scale: P0 (breaks
// production) to P3 (a nit). The judge rule reads it, so it is kept beside
// the Council JSON v1 severity it maps to.
type Level string

// The four levels.
const (
	P0 Level = "P0"
	P1 Level = "P1"
	P2 Level = "P2"
	P3 Level = "P3"
)

// Severity maps l onto Council JSON v1 (P0 and P1 are high, P2 medium, P3
// low), and false for a string that is no level; the same shape as the
// other drivers' scales (goldfish.Level.Severity).
func (l Level) Severity() (finding.Severity, bool) {
	switch l {
	case P0, P1:
		return finding.High, true
	case P2:
		return finding.Medium, true
	case P3:
		return finding.Low, true
	}
	return "", false
}

// rank orders levels, the most severe first (P0 is 0).
func (l Level) rank() int {
	switch l {
	case P0:
		return 0
	case P1:
		return 1
	case P2:
		return 2
	default:
		return 3
	}
}

// LevelOf maps a Council JSON v1 severity onto the P scale (high is P1,
// medium P2, low P3), for reviewers that answer in Council JSON v1.
func LevelOf(s finding.Severity) Level {
	switch s {
	case finding.High:
		return P1
	case finding.Medium:
		return P2
	default:
		return P3
	}
}

// Result is a reviewer's answer for one shot, in the strict shape a model
// is held to (no other properties; every field required).
type Result struct {
	// SchemaVersion is 1.
	SchemaVersion int `json:"schema_version" jsonschema:"enum=1"`
	// Findings are the shot's findings, in the reviewer's order; empty
	// for a clean shot.
	Findings []ShotFinding `json:"findings"`
	// Skipped are the reviewers of the shot that gave no answer, set by
	// reviewers that run tools (a model's answer leaves it out): a shot
	// with a failed one does not make its slice clean.
	Skipped []Skip `json:"skipped,omitempty" jsonschema:"-"`
}

// Skip is a reviewer of a shot that gave no answer: a tool that was not
// run, or that failed.
type Skip struct {
	// Reviewer names it. Example: "go vet".
	Reviewer string `json:"reviewer"`
	// Reason says why it gave no answer; for a failed tool, with what it
	// wrote.
	Reason string `json:"reason"`
	// Failed: it ran and failed (or was not run for a reason that is a
	// failure); its slice is then not done. A tool that does not apply or
	// is not installed is not failed.
	Failed bool `json:"failed,omitempty"`
}

// String says it in words: "go vet failed: ...", "vale did not run: ...".
func (k Skip) String() string {
	if k.Failed {
		return k.Reviewer + " failed: " + k.Reason
	}
	return k.Reviewer + " did not run: " + k.Reason
}

// ShotFinding is one finding of a shot.
type ShotFinding struct {
	// Severity is the level, P0 to P3.
	Severity Level `json:"severity" jsonschema:"enum=P0,enum=P1,enum=P2,enum=P3" jsonschema_description:"P0 breaks production, P1 a real bug, P2 a problem worth fixing, P3 a nit."`
	// Title says in one line what is wrong; sibling duplicates are told
	// by it.
	Title string `json:"title" jsonschema:"minLength=1" jsonschema_description:"One line: what is wrong."`
	// Content is the evidence and the fix in words; never blank.
	Content string `json:"content" jsonschema:"minLength=1" jsonschema_description:"Why it is wrong and what to do, with evidence."`
	// Location is where the finding is, in a file of the slice.
	Location Location `json:"location"`

	// Quote and Fix are set by reviewers that propose a mechanical edit
	// (the offline prose rules): Fix replaces Quote, which is verbatim
	// text at Location. A model's answer leaves them out.
	Quote string `json:"quote,omitempty" jsonschema:"-"`
	// Fix replaces Quote (see Quote).
	Fix string `json:"fix,omitempty" jsonschema:"-"`
	// Source names the tool or rule that raised the finding, when it is
	// not a model. Example: "go vet".
	Source string `json:"source,omitempty" jsonschema:"-"`
}

// Location is where a finding is.
type Location struct {
	// Path is the file, slash-separated from the repository root.
	Path string `json:"path" jsonschema:"minLength=1" jsonschema_description:"The file, relative to the repository root."`
	// StartLine is the first line, from 1.
	StartLine int `json:"start_line" jsonschema:"minimum=1"`
	// EndLine is the last line, at least StartLine; nil for one line.
	EndLine *int `json:"end_line" jsonschema:"minimum=1,nullable" jsonschema_description:"The last line, or null for one line."`
}

// Lines returns the location's line range.
func (l Location) Lines() finding.LineRange {
	end := l.StartLine
	if l.EndLine != nil {
		end = *l.EndLine
	}
	return finding.LineRange{Start: l.StartLine, End: end}
}

// ErrInvalidResult wraps what is wrong with a shot's result; a dispatch
// treats it as a failure of that shot, retried.
var ErrInvalidResult = errors.New("multishot: invalid review result")

// Validate checks r against the strict shape and the slice: every finding
// has a known level, a title, non-blank content, and a location in one of
// files (a reviewer reports only on its slice) with 1 <= start <= end.
func (r Result) Validate(files []string) error {
	if r.SchemaVersion != 1 {
		return fmt.Errorf("%w: schema_version %d, want 1", ErrInvalidResult, r.SchemaVersion)
	}
	in := map[string]bool{}
	for _, f := range files {
		in[f] = true
	}
	var errs []error
	for i, f := range r.Findings {
		lr := f.Location.Lines()
		switch {
		case f.Severity.rank() == 3 && f.Severity != P3:
			errs = append(errs, fmt.Errorf("findings[%d]: severity %q is not P0-P3", i, f.Severity))
		case strings.TrimSpace(f.Title) == "":
			errs = append(errs, fmt.Errorf("findings[%d]: empty title", i))
		case strings.TrimSpace(f.Content) == "":
			errs = append(errs, fmt.Errorf("findings[%d]: blank content", i))
		case !in[f.Location.Path]:
			errs = append(errs, fmt.Errorf("findings[%d]: %q is not a file of the slice", i, f.Location.Path))
		case !lr.Valid():
			errs = append(errs, fmt.Errorf("findings[%d]: lines %d-%d in %s", i, lr.Start, lr.End, f.Location.Path))
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%w: %w", ErrInvalidResult, errors.Join(errs...))
	}
	return nil
}
