package outformat

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/export"
)

// Text and JSON are the commands' own outputs.
const (
	Text = "text"
	JSON = "json"
)

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

// Export prints o in export format v for tool (the command's name), with
// file paths relative to the working folder when the documents are under
// it (see export.FromOutcome).
func Export(w io.Writer, v, tool string, o *loop.Outcome) error {
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	rep, err := export.FromOutcome(export.Tool{Name: tool, Version: export.ModuleVersion(), InformationURI: "https://github.com/kaigi-dev/kaigi"}, o, cwd)
	if err != nil {
		return err
	}
	return export.Write(w, export.Format(v), rep)
}

// Settled is one finding a loop settled without a loop.Outcome (a
// debate's critical item, a polish fix), where it stands and why.
type Settled struct {
	Finding  finding.Finding
	Reviewer string
	Status   finding.Status
	Reason   string
}

// ExportFindings prints findings in export format v for tool, each with
// its Finding.File relative to root (read from there for columns).
func ExportFindings(w io.Writer, v, tool, root string, findings []Settled) error {
	rep := export.Report{Tool: export.Tool{Name: tool, Version: export.ModuleVersion(), InformationURI: "https://github.com/kaigi-dev/kaigi"}, Root: root}
	texts := map[string][]byte{}
	for _, s := range findings {
		f := s.Finding
		if !filepath.IsLocal(filepath.FromSlash(f.File)) {
			return fmt.Errorf("%s: finding %s names %q, not a file inside %s", tool, f.ID, f.File, root)
		}
		text, ok := texts[f.File]
		if !ok {
			var err error
			if text, err = loop.ReadDocument(filepath.Join(root, filepath.FromSlash(f.File))); err != nil {
				return err
			}
			texts[f.File] = text
		}
		rep.Results = append(rep.Results, export.Result{File: f.File, Text: text, Finding: f, Reviewer: cmp.Or(s.Reviewer, tool), Status: s.Status, Reason: s.Reason})
	}
	return export.Write(w, export.Format(v), rep)
}
