package main

import (
	"io"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/export"
)

// formats lists the values of -format: text and json are this command's
// own outputs, the rest are export's.
func formats() []string {
	names := []string{"text", "json"}
	for _, f := range export.Formats() {
		names = append(names, string(f))
	}
	return names
}

// exportReport maps the run's outcome onto an export.Report.
func exportReport(o *loop.Outcome, cwd string) (export.Report, error) {
	return export.FromOutcome(export.Tool{Name: "editorial-swarm", Version: export.ModuleVersion(), InformationURI: "https://github.com/kaigi-dev/kaigi"}, o, cwd)
}

// writeExport writes the outcome in one of export's formats.
func writeExport(w io.Writer, f export.Format, o *loop.Outcome, cwd string) error {
	rep, err := exportReport(o, cwd)
	if err != nil {
		return err
	}
	return export.Write(w, f, rep)
}
