package outformat

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/export"
	"github.com/kaigi-dev/kaigi/loop/rounds"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// Text and JSON are the commands' own outputs.
const (
	Text = "text"
	JSON = "json"
)

// WriteJSON writes v to w as the commands' -format json output: indented
// JSON, two spaces, ending in a new line. It returns the encoder's error.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// Names lists the values -format takes, text first.
func Names() []string {
	names := []string{Text, JSON}
	for _, f := range export.Formats() {
		names = append(names, string(f))
	}
	return names
}

// Register adds -format to fs, storing its value in *v (default text).
func Register(fs *flag.FlagSet, v *string) {
	fs.StringVar(v, "format", Text, "what to print on stdout: "+strings.Join(Names(), ", ")+" (sarif, rdjson(l) and github are for CI)")
}

// Check refuses a value -format does not take, naming those it does.
func Check(v string) error {
	if !slices.Contains(Names(), v) {
		return fmt.Errorf("-format %q: want one of %s", v, strings.Join(Names(), ", "))
	}
	return nil
}

// IsExport reports whether v is one of loop/export's formats.
func IsExport(v string) bool { return v != Text && v != JSON && slices.Contains(Names(), v) }

// Tool is the export.Tool of the command named name.
func Tool(name string) export.Tool {
	return export.Tool{Name: name, Version: export.ModuleVersion(), InformationURI: "https://github.com/kaigi-dev/kaigi"}
}

// Export prints o in export format v for the command named name, with
// file paths relative to the repository holding the documents (the
// nearest folder above them with .git), else to the working folder when
// the documents are under it, else to their common folder
// (rounds.Outcome.Report): the paths GitHub and reviewdog resolve in a
// checkout, under the SARIF root.
func Export(w io.Writer, v, name string, o *rounds.Outcome) error {
	rep, err := o.Report(Tool(name))
	if err != nil {
		return err
	}
	return export.Write(w, export.Format(v), rep)
}

// Settled is one finding a loop settled without a rounds.Outcome (a
// debate's critical item, a polish fix), where it stands and why.
type Settled struct {
	Finding  finding.Finding
	Reviewer string
	Status   finding.Status
	Reason   string
}

// ExportFindings prints findings in export format v for the command named
// name, each with its Finding.File relative to dir (read from there for
// columns); the report's root is the repository holding dir, or the
// folder offline.WorkspaceRoot gives, and the paths are relative to it.
func ExportFindings(w io.Writer, v, name, dir string, findings []Settled) error {
	root, rel, err := offline.WorkspaceRoot(dir)
	if err != nil {
		return err
	}
	in := func(p string) string { return path.Join(rel, p) } // p's path under root
	rep := export.Report{Tool: Tool(name), Root: root}
	texts := map[string][]byte{}
	for _, s := range findings {
		f := s.Finding
		if !filepath.IsLocal(filepath.FromSlash(f.File)) {
			return fmt.Errorf("%s: finding %s names %q, not a file inside %s", name, f.ID, f.File, dir)
		}
		text, ok := texts[f.File]
		if !ok {
			if text, err = loop.ReadDocument(filepath.Join(dir, filepath.FromSlash(f.File))); err != nil {
				return err
			}
			texts[f.File] = text
		}
		f.File = in(f.File)
		if len(f.Related) > 0 {
			f.Related = slices.Clone(f.Related)
			for i, l := range f.Related {
				if l.File != "" {
					f.Related[i].File = in(l.File)
				}
			}
		}
		rep.Results = append(rep.Results, export.Result{File: f.File, Text: text, Finding: f, Reviewer: cmp.Or(s.Reviewer, name), Status: s.Status, Reason: s.Reason})
	}
	return export.Write(w, export.Format(v), rep)
}

// ExportReport prints rep in export format v, after reading the text of
// each result that has none from rep.Root (for columns, snippets and
// SARIF's line hashes); a file that cannot be read (deleted by the
// change, say) is left without.
func ExportReport(w io.Writer, v string, rep export.Report) error {
	rep.Results = slices.Clone(rep.Results)
	texts := map[string][]byte{}
	for i, r := range rep.Results {
		if r.Text != nil || rep.Root == "" || !filepath.IsLocal(filepath.FromSlash(r.File)) {
			continue
		}
		text, ok := texts[r.File]
		if !ok {
			text, _ = loop.ReadDocument(filepath.Join(rep.Root, filepath.FromSlash(r.File)))
			texts[r.File] = text
		}
		rep.Results[i].Text = text
	}
	return export.Write(w, export.Format(v), rep)
}
