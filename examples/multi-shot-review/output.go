package main

import (
	"fmt"
	"io"

	"github.com/kaigi-dev/kaigi/examples/internal/cli"
	"github.com/kaigi-dev/kaigi/examples/internal/outformat"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/export"
	"github.com/kaigi-dev/kaigi/loop/multishot"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// progress prints the session's events, one line each.
func progress(w io.Writer) func(multishot.Event) {
	return func(e multishot.Event) { e.WriteText(w) }
}

// show returns the DriverRun.Text and Export of a session on repo (a
// folder inside the repository): a Stop's Summary in the export format
// -format names, its files relative to the repository's top level, else
// as text, with where summary.md is in the session folder session (""
// prints the summary in full). A Stop without a Summary prints nothing.
func (o *options) show(repo, session string) func(io.Writer, loop.Stop) {
	return cli.Show(func(w io.Writer, s *multishot.Summary) {
		if !outformat.IsExport(o.Format) {
			s.WriteText(w, session)
			return
		}
		root, _, err := offline.WorkspaceRoot(repo)
		if err == nil {
			err = outformat.ExportReport(w, o.Format, s.Export(export.Tool{Name: "kaigi-multi-shot-review", Version: export.ModuleVersion(), InformationURI: "https://github.com/kaigi-dev/kaigi"}, root))
		}
		if err != nil {
			fmt.Fprintln(w, "multi-shot-review:", err)
		}
	})
}

// exported is show as a DriverRun.Export.
func exported(show func(io.Writer, loop.Stop)) func(io.Writer, string, loop.Stop) error {
	return func(w io.Writer, _ string, s loop.Stop) error { show(w, s); return nil }
}
