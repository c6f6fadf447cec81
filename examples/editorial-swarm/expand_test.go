package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestExpandNestedFolders: a folder stands for the *.md files in it and
// its subfolders, sorted, without dot folders and what -exclude names.
func TestExpandNestedFolders(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"docs/index.md", "docs/en/b.md", "docs/en/a.md", "docs/ja/guide/c.md", "docs/ja/notes.txt",
		"docs/.git/x.md", "docs/.editorial/round-1/y.md", "docs/drafts/d.md", "docs/en/old/e.md", "docs/en/f.draft.md"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("# x\n"), 0o644)
	}
	docs := filepath.Join(dir, "docs")
	rel := func(ps []string) string {
		var out []string
		for _, p := range ps {
			r, _ := filepath.Rel(docs, p)
			out = append(out, filepath.ToSlash(r))
		}
		return strings.Join(out, " ")
	}
	got, err := expand([]string{docs}, nil)
	if want := "drafts/d.md en/a.md en/b.md en/f.draft.md en/old/e.md index.md ja/guide/c.md"; err != nil || rel(got) != want {
		t.Errorf("expand: %q, %v; want %q", rel(got), err, want)
	}
	got, err = expand([]string{docs}, []string{"drafts", "*.draft.md", "en/old"})
	if want := "en/a.md en/b.md index.md ja/guide/c.md"; err != nil || rel(got) != want {
		t.Errorf("expand with -exclude: %q, %v; want %q", rel(got), err, want)
	}
	if _, err := expand([]string{docs}, []string{"*"}); err == nil || !strings.Contains(err.Error(), "-exclude leaves in") {
		t.Errorf("everything excluded: %v", err)
	}
	empty := filepath.Join(dir, "empty", "sub")
	os.MkdirAll(empty, 0o755)
	if _, err := expand([]string{filepath.Dir(empty)}, nil); err == nil || !strings.Contains(err.Error(), "holds no *.md file, in it or its subfolders") {
		t.Errorf("a folder of folders without files: %v", err)
	}
	file := filepath.Join(docs, "en", "a.md")
	if got, _ := expand([]string{file, "missing.md"}, []string{"a.md"}); !slices.Equal(got, []string{file, "missing.md"}) {
		t.Errorf("files stand for themselves, -exclude or not: %v", got)
	}
}

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
