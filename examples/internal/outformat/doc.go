// Package outformat is the -format flag the examples share: "text" (the
// command's own report), "json" (its machine-readable summary) or one of
// loop/export's CI formats (sarif, rdjson, rdjsonl, github), which every
// example prints the same way (ExportReport) from the loop/export Report
// its driver's result gives (cli.Reporter).
package outformat
