// Package termui is the terminal side of the kaigi examples: an interactive
// gate that shows a batch of findings as multi-select checklists, and a
// progress display with one live line per reviewer. The library never talks
// to a terminal; only the example programs import this package.
package termui
