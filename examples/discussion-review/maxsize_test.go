package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestMaxSizeFlag: a target over -max-size is refused naming -max-size,
// not the library's Discussion.MaxSize, which a command user cannot set.
func TestMaxSizeFlag(t *testing.T) {
	noKeys(t)
	root := sampleWorkspace(t)
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"-spec", filepath.Join(root, "spec.json"), "-root", root, "-max-size", "100"}, &out, &errb)
	if code != exitError || !strings.Contains(errb.String(), "too large") || !strings.Contains(errb.String(), "raise it with -max-size") || strings.Contains(errb.String(), "Discussion.MaxSize") {
		t.Errorf("exit %d\n%s\n%s", code, out.String(), errb.String())
	}
}
