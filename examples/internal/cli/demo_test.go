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

// TestDemoCopy: the sample lands in a fresh folder with the prefix; a copy
// that fails (a file that cannot be read) leaves no folder.
func TestDemoCopy(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir, err := DemoCopy("kaigi-test-demo-", fstest.MapFS{"a/b.md": {Data: []byte("# b\n")}})
	if err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "a", "b.md")); err != nil || string(b) != "# b\n" || !strings.HasPrefix(filepath.Base(dir), "kaigi-test-demo-") {
		t.Errorf("copy in %s: %q, %v", dir, b, err)
	}
	if _, err := DemoCopy("kaigi-bad-demo-", brokenFS{}); err == nil {
		t.Error("a failed copy returned no error")
	}
	if left, _ := filepath.Glob(filepath.Join(os.TempDir(), "kaigi-bad-demo-*")); len(left) != 0 {
		t.Errorf("a failed copy left %v", left)
	}
}
