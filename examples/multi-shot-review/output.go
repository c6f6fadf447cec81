package main

import (
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

// show returns the DriverRun.Text of a session: a Stop's Summary as
// text, with where summary.md is in the session folder session (""
// prints the summary in full). A Stop without a Summary prints nothing.
func (o *options) show(session string) func(io.Writer, loop.Stop) {
	return cli.Show(func(w io.Writer, s *multishot.Summary) { s.WriteText(w, session) })
}

// exportSummary returns the DriverRun.Export of a session on repo (a folder
// inside the repository): a Stop's Summary in the export format -format
// names, its files relative to the repository's top level. A Stop without
// a Summary prints nothing; an error finding the repository or writing the
// report is the run's error.
func exportSummary(repo string) func(io.Writer, string, loop.Stop) error {
	return func(w io.Writer, format string, st loop.Stop) error {
		if len(st.Result) == 0 {
			return nil
		}
		s, err := cli.Result[*multishot.Summary](st)
		if err != nil {
			return err
		}
		root, _, err := offline.WorkspaceRoot(repo)
		if err != nil {
			return err
		}
		return outformat.ExportReport(w, format, s.Export(export.Tool{Name: "kaigi-multi-shot-review", Version: export.ModuleVersion(), InformationURI: "https://github.com/kaigi-dev/kaigi"}, root))
	}
}
