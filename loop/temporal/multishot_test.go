package temporal_test

import (
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/multishot"
	"github.com/kaigi-dev/kaigi/loop/temporal"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// multishotDriver is the multi-shot review's Driver (multishot.NewDriver)
// on its offline reviewer: the prose reviewers on the change's Markdown.
func multishotDriver() temporal.Driver {
	return multishot.NewDriver(func(multishot.Args) (*multishot.Loop, error) {
		return &multishot.Loop{Reviewer: multishot.OfflineReviewer{NoVet: true, Prose: offline.Editorial(offline.Config{})}, MaxPasses: 1}, nil
	})
}

// multishotArgs review the uncommitted change, the automatic gate
// fixing what it can.
var multishotArgs = json.RawMessage(`{"kind":"uncommitted","task":"tidy the guide","gate":"auto"}`)

// gitTree returns the files of a repository (its .git folder included)
// holding an uncommitted change of a Japanese document.
func gitTree(t *testing.T) map[string][]byte {
	t.Helper()
	return gitTreeWith(t, nil)
}

// gitTreeWith is gitTree whose change also writes more, names to texts.
func gitTreeWith(t *testing.T, more map[string]string) map[string][]byte {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	git := func(args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name, text string) {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git("init", "-q", "-b", "main")
	git("config", "user.email", "test@example.com")
	git("config", "user.name", "Test")
	git("config", "commit.gpgsign", "false")
	write("docs/guide.md", "# Guide\n\nOld text.\n")
	git("add", "-A")
	git("commit", "-q", "-m", "base")
	write("docs/guide.md", "\ufeff# ガイド\r\n\r\nIt is worth noting that the the change is very very important.\r\nNew text")
	for name, text := range more {
		write(name, text)
	}
	return readTree(t, dir)
}

// TestMultishotSameAsInProcess: the multi-shot review of a git work tree
// in the workspace, on the workflow with no adapter, leaves the same
// session, fixes and summaries as in a process.
func TestMultishotSameAsInProcess(t *testing.T) {
	work := t.TempDir()
	docs := gitTree(t)
	args := multishotArgs
	stop, want := inProcess(t, multishotDriver(), work, "multishot-1", args, docs)
	if stop.Usage != (agent.Usage{}) || len(stop.Artifacts) != 2 {
		t.Errorf("in a process: %+v", stop)
	}
	res, got := onWorkflow(t, multishotDriver(), work, "multishot-1", temporal.Input{Driver: "multishot", Args: args}, docs, nil)
	if res.Reason != stop.Reason || res.Text != stop.Text {
		t.Errorf("stopped %q (%s), in a process %q (%s)", res.Reason, res.Text, stop.Reason, stop.Text)
	}
	sameSession(t, got, want)
	if string(got["docs/guide.md"]) == string(docs["docs/guide.md"]) {
		t.Error("no fix was applied")
	}
	t.Logf("%s (%s) after %d advances and %d calls", res.Reason, res.Text, res.Advances, res.Calls)
}

// sameSession fails unless two multi-shot workspaces hold the same files
// and session journal. Git's index holds the files' times, and the
// finding ids derive from the session's nonce, a random draw each run
// journals: the journal is compared with its ids and times replaced, the
// other files with their ids replaced, .git aside.
func sameSession(t *testing.T, got, want map[string][]byte) {
	t.Helper()
	ids := regexp.MustCompile(`f_[A-Za-z0-9_-]{8}`)
	const journalFile = ".multishot/session/journal.jsonl"
	records := func(data []byte) []string {
		recs, _, err := journal.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range recs {
			if r.Key != "nonce" {
				out = append(out, ids.ReplaceAllString(r.Kind+" "+r.Key+" "+stamp.ReplaceAllString(string(r.Data), "TIME"), "f_ID"))
			}
		}
		slices.Sort(out) // the findings' order follows their ids
		return out
	}
	if g, w := records(got[journalFile]), records(want[journalFile]); len(g) == 0 || !slices.Equal(g, w) {
		t.Errorf("the journals differ:\n--- on Temporal\n%s\n--- in a process\n%s", strings.Join(g, "\n"), strings.Join(w, "\n"))
	}
	same := func(files map[string][]byte) map[string][]byte {
		maps.DeleteFunc(files, func(p string, _ []byte) bool { return strings.HasPrefix(p, ".git/") || p == journalFile })
		for p, data := range files {
			files[p] = ids.ReplaceAll(data, []byte("f_ID"))
		}
		return files
	}
	sameTree(t, same(got), same(want))
}
