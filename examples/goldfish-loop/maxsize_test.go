package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMaxSizeFlag: a file above the limit is refused naming -max-size,
// which a command user can set (not Loop.MaxSize); -max-size raises it.
func TestMaxSizeFlag(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "spec.md")
	os.WriteFile(spec, []byte("# Spec\n\n"+strings.Repeat("Some line of text.\n", 600)), 0o644) // 11,408 bytes
	out := filepath.Join(dir, ".goldfish")
	code, stdout, stderr := runCmd(t, nil, "-reviewers", "style", "-yes", "-out", out, "-max-size", "10K", spec)
	if code != 1 || !strings.Contains(stderr, "document too large") || !strings.Contains(stderr, "raise it with -max-size") || strings.Contains(stderr, "Loop.MaxSize") {
		t.Errorf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if code, stdout, stderr := runCmd(t, nil, "-reviewers", "style", "-yes", "-out", out, "-max-size", "12K", spec); code == 1 {
		t.Errorf("-max-size 12K: exit %d\n%s\n%s", code, stdout, stderr)
	}
}
