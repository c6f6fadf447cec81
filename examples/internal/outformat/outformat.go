package outformat

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/export"
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
