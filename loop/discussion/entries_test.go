package discussion

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestEntries: with Entries set, the board is also written one file per
// post under entries/ (the original's layout), named in the board's
// order, each with its entry header and body; a new run moves them to
// the history with the other artifacts. Without it there is no entries/.
func TestEntries(t *testing.T) {
	root := workspace(t)
	d := &Discussion{Spec: testSpec(2, "a", "b"), Participants: offlineSeat("a", "b"), Lead: NewOfflineLead("lead"), Root: root, Entries: true}
	o := mustRun(t, d)
	dir := filepath.Join(o.Dir, EntriesDir)
	files, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	posts := o.Board.Posts()
	if len(files) != len(posts) || len(posts) == 0 {
		t.Fatalf("%d entries for %d posts", len(files), len(posts))
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name())
	}
	if !slices.IsSorted(names) {
		t.Errorf("not sorted: %v", names)
	}
	for i, p := range posts {
		data, err := os.ReadFile(filepath.Join(dir, names[i]))
		if err != nil {
			t.Fatal(err)
		}
		head := "<!--entry\nauthor: " + p.Author + "\n"
		if !strings.HasPrefix(names[i], "r0") || !strings.HasSuffix(names[i], "_"+p.Author+"_"+string(p.Kind)+".md") ||
			!strings.HasPrefix(string(data), head) || !strings.Contains(string(data), "id: "+p.ID+"\n-->\n\n") {
			t.Errorf("%s for %s:\n%s", names[i], p.ID, data)
		}
	}
	mustRun(t, d)
	if _, err := os.Stat(filepath.Join(o.Dir, "history", "run-1", EntriesDir, names[0])); err != nil {
		t.Errorf("the finished run's entries did not move to the history: %v", err)
	}
	d.Entries = false
	d.Dir = filepath.Join(root, "plain")
	mustRun(t, d)
	if _, err := os.Stat(filepath.Join(d.Dir, EntriesDir)); !os.IsNotExist(err) {
		t.Errorf("entries/ without Entries: %v", err)
	}
}
