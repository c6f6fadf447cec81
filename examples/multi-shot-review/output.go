package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/kaigi-dev/kaigi/examples/internal/outformat"
	"github.com/kaigi-dev/kaigi/loop/export"
	"github.com/kaigi-dev/kaigi/loop/multishot"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// progress prints the session's events, one line each.
func progress(w io.Writer) func(multishot.Event) {
	return func(e multishot.Event) {
		switch e.Kind {
		case "slices":
			if e.Slice == "" {
				fmt.Fprintf(w, "slices: %s\n", e.Text)
			} else {
				fmt.Fprintf(w, "slice %s: %s\n", e.Slice, e.Text)
			}
		case "wave":
			fmt.Fprintf(w, "wave %d: %s\n", e.Round, e.Text)
		case "shot":
			fmt.Fprintf(w, "  %s shot %d: %s\n", e.Slice, e.Shot, strings.TrimSpace(e.Text))
		case "dedupe", "pass", "judge":
			fmt.Fprintf(w, "  %s %s: %s\n", e.Slice, e.Kind, e.Text)
		case "triage":
			fmt.Fprintf(w, "  triage %s\n", e.Text)
		}
	}
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
