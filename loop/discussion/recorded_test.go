//go:build unix

package discussion

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/killtest"
)

// recordedKill is the journal point testdata/v3-killed was killed at: the
// first round's turns journaled, its posts half on the board.
const recordedKill = 9

// TestRecordKilled writes testdata/v3-killed anew when KAIGI_RECORD is set
// (KAIGI_RECORD=1 go test -run TestRecordKilled ./loop/discussion): the
// kill test's debate, SIGKILLed at its recordedKill-th journal point, its
// paths written as @DIR@.
func TestRecordKilled(t *testing.T) {
	if os.Getenv("KAIGI_RECORD") == "" {
		t.Skip("records testdata/v3-killed when KAIGI_RECORD is set")
	}
	root := workspace(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillChild$")
	cmd.Env = append(os.Environ(), "KAIGI_DISCUSSION_ROOT="+root, "KAIGI_DISCUSSION_KILL="+strconv.Itoa(recordedKill))
	if out, err := cmd.CombinedOutput(); !killtest.Killed(err) {
		t.Fatalf("the child was not killed: %v\n%s", err, out)
	}
	out := filepath.Join("testdata", "v3-killed")
	if err := os.RemoveAll(out); err != nil {
		t.Fatal(err)
	}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		os.MkdirAll(filepath.Dir(filepath.Join(out, rel)), 0o755)
		return os.WriteFile(filepath.Join(out, rel), []byte(strings.ReplaceAll(string(data), root, "@DIR@")), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestRecordedDebateResumes: a debate of the journal's current format,
// recorded SIGKILLed while the first round's posts went on the board (testdata/v3-killed), is resumed:
// its journal goes on from the recorded records, every post is on the
// board once (board.Read refuses a post journaled twice), and the
// whiteboard and verdict are written from the journaled board.
func TestRecordedDebateResumes(t *testing.T) {
	journalName := filepath.Join(".discussion", "t1", loop.JournalName)
	root := killtest.Recorded(t, filepath.Join("testdata", "v3-killed"), journalName)
	before, err := os.ReadFile(filepath.Join(root, journalName))
	if err != nil || len(before) == 0 {
		t.Fatalf("recorded journal: %v", err)
	}
	o, err := killDebate(root, func(journal.Event) {})
	if err != nil || o == nil {
		t.Fatalf("resume of the recorded debate: %v", err)
	}
	after, _ := os.ReadFile(filepath.Join(root, journalName))
	if !strings.HasPrefix(string(after), string(before)) || len(after) == len(before) {
		t.Errorf("the resume did not go on with the recorded journal (%d bytes recorded, %d after)", len(before), len(after))
	}
	dir := filepath.Join(root, ".discussion", "t1")
	b, err := journaledBoard(dir)
	if err != nil {
		t.Fatal(err)
	}
	if wb, _ := os.ReadFile(filepath.Join(dir, WhiteboardFile)); string(wb) != string(b.Render()) {
		t.Error("whiteboard.md is not the journaled board")
	}
	if v, _ := os.ReadFile(filepath.Join(dir, VerdictFile)); string(v) != string(o.Verdict)+"\n" || len(o.Verdict) == 0 {
		t.Errorf("verdict.json\n%s\nwant\n%s", v, o.Verdict)
	}
}
