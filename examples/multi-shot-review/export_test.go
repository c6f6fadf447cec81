package main

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/multishot"
)

// failingWriter refuses every write, as a closed stdout does.
type failingWriter struct{}

var errClosed = errors.New("stdout closed")

func (failingWriter) Write([]byte) (int, error) { return 0, errClosed }

// TestExportError: an export that cannot be written is the run's error
// (printed on stderr, exit 1), not a line on the same stdout and exit 0;
// a Stop without a Summary exports nothing.
func TestExportError(t *testing.T) {
	res, err := json.Marshal(&multishot.Summary{})
	if err != nil {
		t.Fatal(err)
	}
	exp := exportSummary(t.TempDir())
	if err := exp(failingWriter{}, "sarif", loop.Stop{Reason: "ok", Result: res}); !errors.Is(err, errClosed) {
		t.Errorf("export to a closed writer: error %v, want %v", err, errClosed)
	}
	var b strings.Builder
	if err := exp(&b, "sarif", loop.Stop{Reason: "ok", Result: res}); err != nil || !strings.Contains(b.String(), `"version"`) {
		t.Errorf("export: error %v, output %q, want a SARIF log", err, b.String())
	}
	b.Reset()
	if err := exp(&b, "sarif", loop.Stop{Reason: "ok"}); err != nil || b.Len() != 0 {
		t.Errorf("export of a Stop without a Summary: error %v, output %q, want none", err, b.String())
	}
}
