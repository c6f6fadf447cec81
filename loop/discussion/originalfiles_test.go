package discussion

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOriginalSpecFiles loads the original's own spec files
// (tools/discussion_specs/*.json of the repository LOOPS.md names; not
// committed here) from the folder $KAIGI_DISCUSSION_SPECS, as the command
// does with -id and -targets for a file that has neither, and validates
// each. Without the variable it skips, saying so; the two fixtures in
// testdata/original, written by us in the same shape, are checked by
// TestOriginalSpecs in every run.
func TestOriginalSpecFiles(t *testing.T) {
	dir := os.Getenv("KAIGI_DISCUSSION_SPECS")
	if dir == "" {
		t.Skip("set KAIGI_DISCUSSION_SPECS to a folder of the original's spec files to load them")
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
}
