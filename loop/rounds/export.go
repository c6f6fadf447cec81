package rounds

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/export"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// Report maps the run's findings onto a loop/export Report for tool, for
// the CI formats (the examples' -format sarif, rdjson, rdjsonl, github).
//
// Its Root, which the Results' paths are relative to, is the workspace of
// the documents' common folder (offline.WorkspaceRoot): the repository
// holding them (the nearest folder above with .git), else the working
// folder when they are under it, else that common folder; those are the
// paths GitHub and reviewdog resolve in a checkout. Each Result carries
// its document as it is now: an unresolved or rejected finding's quote is
// still there to give columns and the fix's span, while an applied
// finding (whose quote is gone) points at the lines it changed. In a dry
// run nothing was applied, so the findings the run would apply are open:
// `-dry-run -format rdjsonl` gives reviewdog a suggestion for each. A
// rejection without a reason says who rejected it, when the Entry
// says.
//
// An Outcome without Files gives a Report without Results. A document
// that cannot be read is an error.
func (o *Outcome) Report(tool export.Tool) (export.Report, error) {
	rep := export.Report{Tool: tool}
	if len(o.Files) == 0 {
		return rep, nil
	}
	common := loop.CommonDir(o.Files)
	root, _, err := offline.WorkspaceRoot(common)
	if err != nil {
		return export.Report{}, fmt.Errorf("rounds: %w", err)
	}
	rep.Root = root
	texts := map[string][]byte{}
	for _, list := range [][]Entry{o.Applied, o.Rejected, o.Unresolved} {
		for _, e := range list {
			abs := o.File
			if e.Item.File != "" {
				abs = filepath.Join(common, filepath.FromSlash(e.Item.File))
			}
			text, ok := texts[abs]
			if !ok {
				if text, err = loop.ReadDocument(abs); err != nil {
					return export.Report{}, err
				}
				texts[abs] = text
			}
			r, err := o.result(e, root, abs, text)
			if err != nil {
				return export.Report{}, err
			}
			rep.Results = append(rep.Results, r)
		}
	}
	return rep, nil
}

// result is e as a Result of the Report rooted at root, its document abs
// holding text.
func (o *Outcome) result(e Entry, root, abs string, text []byte) (export.Result, error) {
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return export.Result{}, fmt.Errorf("rounds: %s is not under %s: %w", abs, root, err)
	}
	f := e.Item.Finding
	if e.Item.Lines.Valid() {
		f.LineRange = e.Item.Lines // where the round found it, a closer hint than the reviewer's
	}
	r := export.Result{File: filepath.ToSlash(rel), Text: text, Finding: f, Reviewer: e.Item.Reviewer,
		Status: e.Status, Reason: e.Reason, Round: e.Round, Key: e.Item.Key}
	switch {
	case r.Status == finding.Applied && o.DryRun:
		r.Status, r.Reason = finding.Open, "a run would apply it"
	case r.Status == finding.Rejected && strings.TrimSpace(r.Reason) == "" && e.By == "":
		r.Reason = "rejected"
	case r.Status == finding.Rejected && strings.TrimSpace(r.Reason) == "":
		r.Reason = "rejected by the " + e.By
	}
	return r, nil
}
