package main

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"
)

// failingWriter refuses every write, as a closed stdout does.
type failingWriter struct{}

var errClosed = errors.New("stdout closed")

func (failingWriter) Write([]byte) (int, error) { return 0, errClosed }

// TestExportError: an export that cannot be written is the run's error
// (printed on stderr, exit 1), not a line on the same stdout and exit 0.
func TestExportError(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	t.Setenv("KAIGI_PROVIDER", "")
	var errb bytes.Buffer
	code := run(context.Background(), []string{"-format", "sarif"}, strings.NewReader(""), failingWriter{}, &errb)
	if code != exitError || !strings.HasSuffix(errb.String(), ": "+errClosed.Error()+"\n") {
		t.Errorf("export to a closed stdout: exit %d, want %d with %q last on stderr:\n%s", code, exitError, errClosed, errb.String())
	}
}
