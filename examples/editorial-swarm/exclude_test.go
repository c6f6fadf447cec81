package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExcludeFlag: the command reviews a nested folder, leaves out what
// -exclude names, and refuses a pattern it cannot read.
func TestExcludeFlag(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"docs/en/a.md", "docs/ja/b.md", "docs/drafts/c.md"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("# 題名\n\nこの記事は、データをを送ります。\n"), 0o644)
	}
	code, stdout, stderr := runBin(t, dir, "-reader", "developers", "-gate", "auto", "-json", "-exclude", "drafts", "docs")
	if code == 1 || !strings.Contains(stdout, filepath.Join("docs", "en", "a.md")) || !strings.Contains(stdout, filepath.Join("docs", "ja", "b.md")) || strings.Contains(stdout, "c.md") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if code, _, stderr := runBin(t, dir, "-reader", "developers", "-exclude", "[", "docs"); code != 1 || !strings.Contains(stderr, "-exclude") || !strings.Contains(stderr, "not a pattern") {
		t.Errorf("a bad pattern: exit %d\n%s", code, stderr)
	}
}
