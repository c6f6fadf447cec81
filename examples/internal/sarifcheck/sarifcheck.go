package sarifcheck

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/loop/export"
)

// diagnostic matches one of sarif-multitool's error or warning lines.
var diagnostic = regexp.MustCompile(`(?m)^.*: (error|warning) (SARIF\d+):.*$`)

// Check fails t unless data validates against the SARIF 2.1.0 schema
// and, when sarif-multitool is on PATH, passes Microsoft's validator with
// no error and no warning but SARIF2004 (the "index": -1 the go-sarif
// library always writes).
func Check(t testing.TB, data []byte) {
	t.Helper()
	if err := export.ValidateSARIF(data); err != nil {
		t.Errorf("SARIF schema: %v", err)
	}
	mt, err := exec.LookPath("sarif-multitool")
	if err != nil {
		t.Log("sarif-multitool is not on PATH: only the schema was checked (.ci/run installs it with npm)")
		return
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "out.sarif")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, mt, "validate", in, "--output", filepath.Join(dir, "v.sarif"), "--log", "ForceOverwrite").CombinedOutput()
	if err != nil {
		t.Errorf("sarif-multitool validate: %v\n%s", err, out)
	}
	for _, m := range diagnostic.FindAllSubmatch(out, -1) {
		if !bytes.Equal(m[2], []byte("SARIF2004")) || !bytes.Equal(m[1], []byte("warning")) {
			t.Errorf("sarif-multitool: %s", m[0])
		}
	}
}
