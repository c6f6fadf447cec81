package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// brokenFS lists one file that cannot be read.
type brokenFS struct{}

func (brokenFS) Open(name string) (fs.File, error) {
	if name == "." {
		return fstest.MapFS{"x.md": {}}.Open(".")
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
}

// TestDemoCopy: the sample, or the files of it named, lands in a fresh
// folder with the prefix; a copy that fails (a file that cannot be read,
// or is not there) leaves no folder.
func TestDemoCopy(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir, err := DemoCopy("kaigi-test-demo-", fstest.MapFS{"a/b.md": {Data: []byte("# b\n")}})
	if err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "a", "b.md")); err != nil || string(b) != "# b\n" || !strings.HasPrefix(filepath.Base(dir), "kaigi-test-demo-") {
		t.Errorf("copy in %s: %q, %v", dir, b, err)
	}
	sample := fstest.MapFS{"a.md": {Data: []byte("a")}, "sub/b.md": {Data: []byte("b")}, "c.md": {Data: []byte("c")}}
	dir, err = DemoCopy("kaigi-test-demo-", sample, "sub/b.md", "c.md")
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := filepath.Glob(filepath.Join(dir, "*")); len(got) != 2 {
		t.Errorf("a copy of two files holds %v", got)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "sub", "b.md")); err != nil || string(b) != "b" {
		t.Errorf("sub/b.md: %q, %v", b, err)
	}
	if _, err := DemoCopy("kaigi-bad-demo-", sample, "nosuch.md"); err == nil {
		t.Error("a copy of a file the sample lacks returned no error")
	}
	if _, err := DemoCopy("kaigi-bad-demo-", brokenFS{}); err == nil {
		t.Error("a failed copy returned no error")
	}
	if left, _ := filepath.Glob(filepath.Join(os.TempDir(), "kaigi-bad-demo-*")); len(left) != 0 {
		t.Errorf("a failed copy left %v", left)
	}
}
