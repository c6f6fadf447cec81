package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMaxSizeFlag: a request over -max-size, from a file or standard
// input, is refused naming -max-size.
func TestMaxSizeFlag(t *testing.T) {
	big := strings.Repeat("request ", 300) // 2,400 bytes
	name := filepath.Join(t.TempDir(), "task.md")
	os.WriteFile(name, []byte(big), 0o644)
	repo := t.TempDir()
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"-repo", repo, "-uncommitted", "-max-size", "1K", "-task-file", "-"}, strings.NewReader(big), &out, &errb)
	if code != exitError || !strings.Contains(errb.String(), "too large") || !strings.Contains(errb.String(), "-max-size") {
		t.Errorf("-task-file -: exit %d\n%s", code, errb.String())
	}
	if code, _, errs := runCmd(t, "-repo", repo, "-uncommitted", "-max-size", "1K", "-task-file", name); code != exitError || !strings.Contains(errs, "raise it with -max-size") {
		t.Errorf("-task-file %s: exit %d\n%s", name, code, errs)
	}
}
