package editorial_test

import (
	"errors"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop/editorial"
)

// TestDocumentsNestedFolders: a folder stands for the *.md files in it and
// its subfolders, sorted, without dot folders and what -exclude names.
func TestDocumentsNestedFolders(t *testing.T) {
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
	got, err := editorial.Documents([]string{docs}, nil)
	if want := "drafts/d.md en/a.md en/b.md en/f.draft.md en/old/e.md index.md ja/guide/c.md"; err != nil || rel(got) != want {
		t.Errorf("Documents: %q, %v; want %q", rel(got), err, want)
	}
	got, err = editorial.Documents([]string{docs}, []string{"drafts", "*.draft.md", "en/old"})
	if want := "en/a.md en/b.md index.md ja/guide/c.md"; err != nil || rel(got) != want {
		t.Errorf("Documents with exclude: %q, %v; want %q", rel(got), err, want)
	}
	if _, err := editorial.Documents([]string{docs}, []string{"*"}); err == nil || !strings.Contains(err.Error(), "-exclude leaves in") {
		t.Errorf("everything excluded: %v", err)
	}
	empty := filepath.Join(dir, "empty", "sub")
	os.MkdirAll(empty, 0o755)
	if _, err := editorial.Documents([]string{filepath.Dir(empty)}, nil); err == nil || !strings.Contains(err.Error(), "holds no *.md file, in it or its subfolders") {
		t.Errorf("a folder of folders without files: %v", err)
	}
	file := filepath.Join(docs, "en", "a.md")
	if got, _ := editorial.Documents([]string{file, "missing.md"}, []string{"a.md"}); !slices.Equal(got, []string{file, "missing.md"}) {
		t.Errorf("files stand for themselves, -exclude or not: %v", got)
	}
}

// TestCheckExclude: a pattern path.Match cannot read is refused.
func TestCheckExclude(t *testing.T) {
	if err := editorial.CheckExclude("["); !errors.Is(err, path.ErrBadPattern) {
		t.Errorf("CheckExclude([) = %v", err)
	}
	if err := editorial.CheckExclude("en/*.md"); err != nil {
		t.Errorf("CheckExclude(en/*.md) = %v", err)
	}
}
