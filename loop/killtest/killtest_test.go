package killtest

import (
	"os"
	"path/filepath"
	"testing"
)

const env = "KILLTEST_CHILD"

func TestMain(m *testing.M) {
	switch os.Getenv(env) {
	case "kill":
		os.Stdout.WriteString("before\n")
		Kill()
	case "ok":
		os.Stdout.WriteString("done\n")
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestChild: a child killed with SIGKILL is told from one that finished,
// and its output before the kill is kept.
func TestChild(t *testing.T) {
	if out, killed := Child(t, t.TempDir(), env, "kill"); !killed || out != "before\n" {
		t.Errorf("killed child: %q, killed %v", out, killed)
	}
	if out, killed := Child(t, t.TempDir(), env, "ok"); killed || out != "done\n" {
		t.Errorf("finished child: %q, killed %v", out, killed)
	}
	if Killed(nil) {
		t.Error("Killed(nil)")
	}
}

func TestSnapshot(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "round-1"), 0o755)
	os.WriteFile(filepath.Join(dir, "round-1", "findings.md"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(dir, "journal.jsonl"), []byte("t"), 0o644)
	got := Snapshot(t, dir, "journal.jsonl")
	if len(got) != 1 || got[filepath.Join("round-1", "findings.md")] != "x" {
		t.Errorf("snapshot %v", got)
	}
}
