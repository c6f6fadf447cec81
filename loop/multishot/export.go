package multishot

import (
	"github.com/kaigi-dev/kaigi/loop/export"
)

// Export maps the summary onto an export.Report, for SARIF, reviewdog and
// GitHub annotations (export.Write): one Result per finding with its
// Council JSON v1 form, the slice as reviewer, the wave as round and the
// status; a duplicate's or a superseded finding's reason names its
// canonical finding or successor. root is the repository's top level, the
// folder the files are relative to.
func (s *Summary) Export(tool export.Tool, root string) export.Report {
	rep := export.Report{Tool: tool, Root: root, Results: []export.Result{}}
	for _, f := range s.Findings {
		r := export.Result{File: f.Location.Path, Finding: f.Council, Reviewer: f.Slice, Status: f.State.Current(),
			Reason: f.State.Reason, Round: f.Wave, Key: f.ID}
		if r.Finding.File == "" {
			r.Finding.File = r.File
		}
		var why string
		switch {
		case f.State.DuplicateOf != "":
			why = "duplicate of " + f.State.DuplicateOf
		case f.State.SupersededBy != "":
			why = "superseded by " + f.State.SupersededBy
		}
		if why != "" && r.Reason != "" {
			why += ": " + r.Reason
		}
		if why != "" {
			r.Reason = why
		}
		rep.Results = append(rep.Results, r)
	}
	return rep
}
