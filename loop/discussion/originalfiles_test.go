package discussion

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOriginalSpecFiles loads the original's own 25 spec files
// (testdata/upstream-specs, copied from the repository LOOPS.md names;
// see its SOURCES.md), or those of the folder $KAIGI_DISCUSSION_SPECS, as
// the command does with -id and -targets for a file that has neither, and
// validates each. The two fixtures in testdata/original, written by us in
// the same shape, are checked by TestOriginalSpecs.
func TestOriginalSpecFiles(t *testing.T) {
	dir := os.Getenv("KAIGI_DISCUSSION_SPECS")
	if dir == "" {
		dir = filepath.Join("testdata", "upstream-specs")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no *.json in %s (%v)", dir, err)
	}
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "target.md"), []byte("# target\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ok := 0
	for _, f := range files {
		s, err := LoadSpec(f)
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(f), err)
			continue
		}
		if s.ID == "" {
			s.ID = strings.TrimSuffix(filepath.Base(f), ".json")
		}
		if len(s.Targets) == 0 {
			s.Targets = []string{"target.md"}
		}
		if err := s.Validate(root); err != nil {
			t.Errorf("%s: %v", filepath.Base(f), err)
			continue
		}
		ok++
	}
	t.Logf("%d of %d of the original's spec files load and validate", ok, len(files))
	if os.Getenv("KAIGI_DISCUSSION_SPECS") == "" && len(files) != 25 {
		t.Errorf("testdata/upstream-specs holds %d spec files, want the original's 25", len(files))
	}
}
