package main

import (
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop/editorial"
)

// summary is the -json output.
type summary struct {
	*editorial.Outcome
	Artifacts      string `json:"artifacts"`
	UnresolvedHigh int    `json:"unresolved_high"`
}

// summaryOf is the -format json summary of o, its artifacts in dir.
func summaryOf(o *editorial.Outcome, dir string) (summary, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return summary{}, err
	}
	return summary{Outcome: o, Artifacts: abs, UnresolvedHigh: o.UnresolvedHigh()}, nil
}
