package multishot

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/export"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// Outcome is a session's Summary as a command shows it: its text, why it
// fell short (Err) and its findings for the export formats (Report).
// Session and Repo are what the Summary does not hold: where its folder
// is and which repository it reviewed, as the user named them. Its
// methods only read it.
type Outcome struct {
	// Summary is what the session came to. Required.
	*Summary
	// Session is the session folder the text names summary.md in; ""
	// writes the summary's Markdown in full instead.
	Session string
	// Repo is a folder inside the reviewed repository, whose top level is
	// the Report's Root.
	Repo string
}

// At makes o, decoded from the Result of a Stop of NewDriver's Driver
// run over the folder dir with the arguments args (Args as JSON), that
// Stop's Outcome: its Session and Repo are the session folder and the
// repository args name under dir, and its Summary an empty one when the
// Result held none of its fields. Arguments that do not decode, or name a
// path outside dir, are an error.
func (o *Outcome) At(dir string, args json.RawMessage, _ loop.Stop) error {
	a, err := loop.DriverArgs[Args]("multishot", args)
	if err != nil {
		return err
	}
	local, err := loop.DriverPaths(dir, cmp.Or(a.Dir, DefaultDriverDir), cmp.Or(a.Repo, "."))
	if err != nil {
		return err
	}
	o.Session, o.Repo = local[0], local[1]
	if o.Summary == nil {
		o.Summary = &Summary{}
	}
	return nil
}

// WriteText writes the Summary for people (Summary.WriteText with
// Session). It returns w's error.
func (o *Outcome) WriteText(w io.Writer) error { return o.Summary.WriteText(w, o.Session) }

// Report returns the Summary's findings as an export.Report made by tool
// (Summary.Export), its Root the top level of Repo's repository
// (offline.WorkspaceRoot, whose error it returns).
func (o *Outcome) Report(tool export.Tool) (export.Report, error) {
	root, _, err := offline.WorkspaceRoot(o.Repo)
	if err != nil {
		return export.Report{}, err
	}
	return o.Export(tool, root), nil
}

// Err returns nil for a session that is done with no finding open (the
// Driver's Done), else an error wrapping loop.ErrNotConverged that says
// what is left: the findings open, or the slices not done. (It hides the
// Summary's Err, the diagnostics, which o.Summary.Err still reads.)
func (o *Outcome) Err() error {
	s := o.Summary
	if s.OK && s.Remaining == 0 {
		return nil
	}
	if s.Remaining > 0 {
		return fmt.Errorf("multishot: %w: %d finding(s) of %d open", loop.ErrNotConverged, s.Remaining, len(s.Findings))
	}
	var left []string
	for _, sl := range s.Slices {
		switch sl.Status {
		case Clean, JudgeStop, Removed, Reported:
		default:
			left = append(left, fmt.Sprintf("%s (%s)", sl.Name, sl.Status))
		}
	}
	return fmt.Errorf("multishot: %w: slice(s) not done: %s", loop.ErrNotConverged, strings.Join(left, ", "))
}
