package export

import (
	"fmt"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// FromOutcome maps a loop run's outcome onto a Report for tool, for the
// CI formats (the -format flag of the examples).
//
// File paths are relative to cwd when every document is under it (run the
// command from the repository's root, and GitHub and reviewdog find the
// files), else to the documents' common folder. Each result gets the
// document as it is now: after the run, an unresolved or rejected
// finding's quote is still there to give columns and the fix's span,
// while an applied finding (whose quote is gone) points at the lines it
// changed. In a dry run nothing was applied, so the findings the run
// would apply are open: `-dry-run -format rdjsonl` gives reviewdog a
// suggestion for each.
func FromOutcome(tool Tool, o *rounds.Outcome, cwd string) (Report, error) {
	rep := Report{Tool: tool}
	if len(o.Files) == 0 {
		return rep, nil
	}
	common := loop.CommonDir(o.Files)
	root := common
	if rel, err := filepath.Rel(cwd, common); err == nil && filepath.IsLocal(rel) {
		root = cwd
	}
	rep.Root = root
	texts := map[string][]byte{}
	add := func(e rounds.Entry) error {
		abs := o.File
		if e.Item.File != "" {
			abs = filepath.Join(common, filepath.FromSlash(e.Item.File))
		}
		text, ok := texts[abs]
		if !ok {
			var err error
			if text, err = loop.ReadDocument(abs); err != nil {
				return err
			}
			texts[abs] = text
		}
		rel, err := filepath.Rel(root, abs)
		if err != nil {
			return fmt.Errorf("export: %s is not under %s: %w", abs, root, err)
		}
		f := e.Item.Finding
		if e.Item.Lines.Valid() {
			f.LineRange = e.Item.Lines // where the round found it, a closer hint than the reviewer's
		}
		r := Result{File: filepath.ToSlash(rel), Text: text, Finding: f, Reviewer: e.Item.Reviewer,
			Status: e.Status, Reason: e.Reason, Round: e.Round, Key: e.Item.Key}
		switch {
		case r.Status == finding.Applied && o.DryRun:
			r.Status, r.Reason = finding.Open, "a run would apply it"
		case r.Status == finding.Rejected && strings.TrimSpace(r.Reason) == "":
			r.Reason = strings.TrimSpace("rejected " + by(e.By))
		}
		rep.Results = append(rep.Results, r)
		return nil
	}
	for _, list := range [][]rounds.Entry{o.Applied, o.Rejected, o.Unresolved} {
		for _, e := range list {
			if err := add(e); err != nil {
				return Report{}, err
			}
		}
	}
	return rep, nil
}

// ModuleVersion is the main module's version the command was built from without its
// "v" (SARIF viewers compare versions that start with a number), or
// "0.0.0-devel" for a build without one.
func ModuleVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && strings.HasPrefix(bi.Main.Version, "v") {
		return strings.TrimPrefix(bi.Main.Version, "v")
	}
	return "0.0.0-devel"
}

// by words who decided, for a reason: "by the gate".
func by(who string) string {
	if who == "" {
		return ""
	}
	return "by the " + who
}
