package multishot

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/loop/killtest"
)

// recorded copies testdata/name, a session folder recorded by the code
// of the journal's format (the kill test's session, its repository's
// files, memory and call log), into a new folder, with the journal's paths
// moved there, and returns the folder.
func recorded(t *testing.T, name string) string {
	return killtest.Recorded(t, filepath.Join("testdata", name), "session/journal.jsonl")
}

// TestRecordedSessionResumes: a session killed after a fix was written and
// before its record (testdata/v2-killed, recorded before the run lifecycle
// moved into loop) resumes to what the recorded finished session holds
// (testdata/v2-finished), running only the shots the journal lacks, with
// the temporary file of a cut-short write beside the fixed file swept; the
// finished one replays to its end and writes its summary again; a
// follow-up continues it.
func TestRecordedSessionResumes(t *testing.T) {
	ctx := context.Background()
	fin := recorded(t, "v2-finished")
	want := canonical(t, fin)
	wantCalls, _ := os.ReadFile(filepath.Join(fin, "calls.log"))
	os.Remove(filepath.Join(fin, "session", "summary.json"))
	if _, err := killLoop(fin, nil).Resume(ctx); err != nil {
		t.Fatalf("resume of the finished session: %v", err)
	}
	if got := canonical(t, fin); got != want {
		t.Errorf("the finished session replayed to\n%s\nwant\n%s", got, want)
	}
	if calls, _ := os.ReadFile(filepath.Join(fin, "calls.log")); string(calls) != string(wantCalls) {
		t.Errorf("the replay made calls:\n%s", calls)
	}

	dir := recorded(t, "v2-killed")
	// What a kill in the middle of the fix's write leaves beside the file.
	stale := killtest.PlantTemp(t, filepath.Join(dir, "repo", "docs"), "guide.md")
	if _, err := killLoop(dir, nil).Resume(ctx); err != nil {
		t.Fatalf("resume of the killed session: %v", err)
	}
	killtest.CheckSwept(t, []string{stale}, nil)
	if got := canonical(t, dir); got != want {
		t.Errorf("the killed session resumed to\n%s\nwant\n%s", got, want)
	}
	if calls, _ := os.ReadFile(filepath.Join(dir, "calls.log")); string(calls) != string(wantCalls) {
		t.Errorf("calls\n%s\nwant (each recorded shot once)\n%s", calls, wantCalls)
	}
	if _, err := killLoop(dir, nil).Continue(ctx); err != nil {
		t.Fatalf("a follow-up on the resumed session: %v", err)
	}
}
