package discussion

import (
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/export"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// At makes o, decoded from the Result of a Stop s of a Driver run over
// the folder dir (its workspace root), that Stop's Outcome: restored from
// its discussion folder (Restore), whose error it returns, and knowing
// its workspace for Report. args and s are not read.
func (o *Outcome) At(dir string, _ json.RawMessage, _ loop.Stop) error {
	if err := o.Restore(); err != nil {
		return err
	}
	o.root = dir
	return nil
}

// Decision returns the verdict's "verdict" field: PASS, WARN or FAIL under
// DefaultVerdictSchema. It is "" without a verdict, or for a verdict of a
// schema that has no such string field.
func (o *Outcome) Decision() string {
	var v struct {
		Verdict string `json:"verdict"`
	}
	if json.Unmarshal(o.Verdict, &v) != nil {
		return ""
	}
	return v.Verdict
}

// Report returns the verdict's critical findings (Critical) as an export
// report made by tool, for the CI formats: its Root is the repository
// holding the workspace (offline.WorkspaceRoot), each Result's File the
// target's path inside it, with the target's text as it is now, reviewer
// tool.Name and status open. Only an Outcome of Run or one placed by At knows
// its workspace; any other is an error, and so is a finding naming a file
// outside the workspace or a target that cannot be read.
func (o *Outcome) Report(tool export.Tool) (export.Report, error) {
	if o.root == "" {
		return export.Report{}, errors.New("discussion: the outcome does not know its workspace: take it from Run or place it with At")
	}
	critical, err := o.Critical()
	if err != nil {
		return export.Report{}, err
	}
	root, rel, err := offline.WorkspaceRoot(o.root)
	if err != nil {
		return export.Report{}, err
	}
	rep := export.Report{Tool: tool, Root: root}
	texts := map[string][]byte{}
	for _, f := range critical {
		if !filepath.IsLocal(filepath.FromSlash(f.File)) {
			return export.Report{}, fmt.Errorf("discussion: finding %s names %q, not a file inside %s", f.ID, f.File, o.root)
		}
		text, ok := texts[f.File]
		if !ok {
			if text, err = loop.ReadDocument(filepath.Join(o.root, filepath.FromSlash(f.File))); err != nil {
				return export.Report{}, err
			}
			texts[f.File] = text
		}
		f.File = path.Join(rel, f.File)
		rep.Results = append(rep.Results, export.Result{File: f.File, Text: text, Finding: f, Reviewer: tool.Name, Status: finding.Open})
	}
	return rep, nil
}
