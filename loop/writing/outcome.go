package writing

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/export"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// At makes r, decoded from the Result of a Stop s of NewDriver's Driver
// run over the story folder dir (as the person gave it: the paths
// WriteText prints and Report's root are under it), that Stop's Outcome:
// its Dir is dir and, for an episode not saved, its Err says what s.Text
// says. args are not read. It returns nil.
func (r *Outcome) At(dir string, _ json.RawMessage, s loop.Stop) error {
	var err error
	if s.Reason == NotSaved {
		err = errors.New(s.Text)
	}
	r.in(dir, err)
	return nil
}

// WriteWaiting writes on w, for people, how to answer the run of
// NewDriver's Driver that s waits on: s.Text (the question, and where its
// answer goes), then that the same command goes on. w's errors are
// ignored.
func WriteWaiting(w io.Writer, s loop.Stop) {
	fmt.Fprintf(w, "Waiting for an answer: %s\nWrite it, then run the same command again to go on.\n", s.Text)
}

// in sets r's Dir to dir and, for an episode not saved, what err (the
// run's ErrNotSaved error, or its text) says beyond ErrNotSaved; it
// returns r and err.
func (r *Outcome) in(dir string, err error) (*Outcome, error) {
	if r == nil {
		return nil, err
	}
	r.Dir = dir
	if err != nil && !r.Saved {
		why, ok := strings.CutPrefix(err.Error(), ErrNotSaved.Error())
		if !ok {
			why = ": " + why
		}
		r.why = why
	}
	return r, err
}

// Err returns nil for a saved episode, else ErrNotSaved with why the
// episode was not saved, and, for a FORCE_PASS, Hint on a line of its
// own.
func (r *Outcome) Err() error {
	if r == nil || r.Saved {
		return nil
	}
	err := fmt.Errorf("%w%s", ErrNotSaved, r.why)
	if r.Hint != "" && r.Judgment.Grade == ForcePass {
		err = fmt.Errorf("%w\n%s", err, r.Hint)
	}
	return err
}

// Report returns the polish step's fixes in the saved episode as a
// loop/export Report made by tool, for CI: an applied fix pointed at by
// its new text, one not applied by its quote; an episode not saved has
// none. Its Root is the repository holding Dir, or the folder
// offline.WorkspaceRoot gives, and its Results' paths are relative to it,
// without their text (read from Root).
func (r *Outcome) Report(tool export.Tool) (export.Report, error) {
	root, rel, err := offline.WorkspaceRoot(cmp.Or(r.Dir, "."))
	if err != nil {
		return export.Report{}, err
	}
	rep := export.Report{Tool: tool, Root: root}
	if !r.Saved {
		return rep, nil
	}
	if !filepath.IsLocal(filepath.FromSlash(r.File)) {
		return export.Report{}, fmt.Errorf("writing: the saved episode %q is not a file inside %s", r.File, r.Dir)
	}
	file := path.Join(rel, r.File)
	for i, p := range r.Polish {
		fd := finding.Finding{ID: fmt.Sprintf("P%03d", i+1), File: file, Category: "polish", Issue: p.Issue,
			Fix: p.Fix, Quotes: []string{p.Quote}, Severity: finding.Low, Confidence: 80}
		st := finding.Open
		if p.Applied {
			st, fd.Quotes = finding.Applied, []string{p.Fix}
		}
		rep.Results = append(rep.Results, export.Result{File: file, Finding: fd, Reviewer: cmp.Or(p.From, tool.Name), Status: st, Reason: p.Note})
	}
	return rep, nil
}
