package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/kaigi-dev/kaigi/examples/internal/outformat"
	"github.com/kaigi-dev/kaigi/loop/export"
	"github.com/kaigi-dev/kaigi/loop/multishot"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// progress prints the session's events, one line each.
func progress(w io.Writer) func(multishot.Event) {
	return func(e multishot.Event) { e.WriteText(w) }
}

// print prints the summary of the session on repo (a folder inside the
// repository), whose files the export formats name relative to the
// repository's top level.
func (o *options) print(w io.Writer, s *multishot.Summary, repo, dir string, demo bool) {
	if outformat.IsExport(o.Format) {
		root, _, err := offline.WorkspaceRoot(repo)
		if err == nil {
			err = outformat.ExportReport(w, o.Format, s.Export(export.Tool{Name: "kaigi-multi-shot-review", Version: export.ModuleVersion(), InformationURI: "https://github.com/kaigi-dev/kaigi"}, root))
		}
		if err != nil {
			fmt.Fprintln(w, "multi-shot-review:", err)
		}
		return
	}
	if o.Format == outformat.JSON {
		data, _ := json.MarshalIndent(s, "", "  ")
		fmt.Fprintf(w, "%s\n", data)
		return
	}
	if demo {
		dir = "" // the summary in full
	}
	s.WriteText(w, dir)
}
