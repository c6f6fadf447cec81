package sarifcheck

import (
	"testing"

	"github.com/kaigi-dev/kaigi/loop/export"
	"github.com/kaigi-dev/kaigi/loop/export/multitool"
)

// Check fails t unless data validates against the SARIF 2.1.0 schema
// and, when sarif-multitool can be run (multitool.Find), passes
// Microsoft's validator with the default rules and GitHub's with no
// error, warning or note. It reports whether the validator ran (when it
// did not, t's log says why).
func Check(t testing.TB, data []byte) bool {
	t.Helper()
	if err := export.ValidateSARIF(data); err != nil {
		t.Errorf("SARIF schema: %v", err)
	}
	return multitool.Check(t, "out", data)
}
