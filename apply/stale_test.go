package apply

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestTempNames: every name createTemp makes is one RemoveStaleTemp
// recognises, for the file it was made for.
func TestTempNames(t *testing.T) {
	d, _ := newDir(t, nil)
	for _, base := range []string{"a.md", "記事.md", ".hidden", "x.tmp"} {
		for range 20 {
			tmp, f, err := d.createTemp(".", base)
			if err != nil {
				t.Fatal(err)
			}
			f.Close()
			d.root.Remove(tmp)
			if got, ok := tempBase(filepath.Base(tmp)); !ok || got != base {
				t.Fatalf("tempBase(%q) = %q, %v; want %q", tmp, got, ok, base)
			}
		}
	}
	for _, name := range []string{".a.md.ABCDEFGHI.tmp", ".a.md.abcdefghij.tmp", ".a.md.ABCDEFGH01.tmp", "a.md.ABCDEFGHIJ.tmp", ".a.md.ABCDEFGHIJ.txt", "..ABCDEFGHIJ.tmp", ".ABCDEFGHIJ.tmp"} {
		if base, ok := tempBase(name); ok {
			t.Errorf("tempBase(%q) = %q: not a name WriteFile makes", name, base)
		}
	}
}

func TestRemoveStaleTemp(t *testing.T) {
	d, top := newDir(t, map[string]string{"a.md": "a", "sub/b.md": "b"})
	root := filepath.Join(top, "root")
	files := []string{
		".a.md.ABCDEFGH23.tmp", ".a.md.ZZZZZZZZZZ.tmp", ".c.md.ABCDEFGH23.tmp", // stale
		".a.md.abcdefgh23.tmp", "a.md.tmp", "notes.tmp", // not WriteFile's
		"sub/.b.md.QRSTUVWX67.tmp", "sub/.d.md.QRSTUVWX67.tmp",
	}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(root, f), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	os.Mkdir(filepath.Join(root, ".a.md.FOLDER2345.tmp"), 0o755) // not a regular file
	exists := func(name string) bool {
		_, err := os.Lstat(filepath.Join(root, name))
		return err == nil
	}

	got, err := d.RemoveStaleTemp("a.md")
	if err != nil || !slices.Equal(got, []string{".a.md.ABCDEFGH23.tmp", ".a.md.ZZZZZZZZZZ.tmp"}) {
		t.Fatalf("RemoveStaleTemp(a.md) = %v, %v", got, err)
	}
	for _, f := range []string{"a.md", ".c.md.ABCDEFGH23.tmp", ".a.md.abcdefgh23.tmp", "a.md.tmp", "notes.tmp", ".a.md.FOLDER2345.tmp", "sub/.b.md.QRSTUVWX67.tmp"} {
		if !exists(f) {
			t.Errorf("RemoveStaleTemp(a.md) removed %s", f)
		}
	}
	got, err = d.RemoveStaleTemp("sub/*")
	if err != nil || !slices.Equal(got, []string{filepath.Join("sub", ".b.md.QRSTUVWX67.tmp"), filepath.Join("sub", ".d.md.QRSTUVWX67.tmp")}) {
		t.Errorf("RemoveStaleTemp(sub/*) = %v, %v", got, err)
	}
	if !exists(".c.md.ABCDEFGH23.tmp") || !exists("sub/b.md") {
		t.Error("RemoveStaleTemp(sub/*) removed a file outside sub or a real file")
	}
	if got, err := d.RemoveStaleTemp("missing/*"); err != nil || got != nil {
		t.Errorf("a folder that does not exist: %v, %v", got, err)
	}
	if _, err := d.RemoveStaleTemp("../outside/*"); !errors.Is(err, ErrOutsideRoot) {
		t.Errorf("outside the root: %v, want ErrOutsideRoot", err)
	}
	if _, err := d.RemoveStaleTemp("[a"); err == nil {
		t.Error("a bad pattern was accepted")
	}
}
