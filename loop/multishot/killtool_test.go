//go:build linux

package multishot

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/killtest"
	"github.com/kaigi-dev/kaigi/providers/tools"
)

// procChildren returns the processes whose parent is pid, from /proc.
func procChildren(pid int) []int {
	entries, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range entries {
		n, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		_, rest, _ := strings.Cut(string(stat), ") ")
		if f := strings.Fields(rest); len(f) > 1 && f[1] == strconv.Itoa(pid) {
			out = append(out, n)
		}
	}
	return out
}

// procTree returns pid's descendants with their command lines.
func procTree(pid int) map[int]string {
	tree := map[int]string{}
	todo := []int{pid}
	for len(todo) > 0 {
		p := todo[0]
		todo = todo[1:]
		for _, c := range procChildren(p) {
			cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", c))
			tree[c] = strings.ReplaceAll(string(cmdline), "\x00", " ")
			todo = append(todo, c)
		}
	}
	return tree
}

// procAlive reports whether pid runs (a zombie does not).
func procAlive(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	_, rest, _ := strings.Cut(string(stat), ") ")
	return !strings.HasPrefix(rest, "Z") && !strings.HasPrefix(rest, "X")
}

// TestKillDuringToolChild is the child process of TestKillDuringToolShot:
// the loop, two shots at once, killed by itself while go vet runs in shot
// 1 (once go vet runs, isVet) and a slow tool
// in shot 2, after writing the processes it had started to pids.txt.
func TestKillDuringToolChild(t *testing.T) {
	dir := os.Getenv("KAIGI_MS_TOOL_DIR")
	if dir == "" {
		t.Skip("child process of TestKillDuringToolShot")
	}
	kill := os.Getenv("KAIGI_MS_TOOL_KILL") != ""
	rev := ReviewerFunc(func(ctx context.Context, in ShotInput) (Result, agent.Usage, error) {
		if kill {
			go func() {
				for {
					tree := procTree(os.Getpid())
					for _, cmd := range tree {
						if isVet(cmd) && slices.ContainsFunc(slices.Collect(maps.Values(tree)), isSlow) {
							var b strings.Builder
							for pid, cmd := range tree {
								fmt.Fprintf(&b, "%d %s\n", pid, cmd)
							}
							os.WriteFile(filepath.Join(dir, "pids.txt"), []byte(b.String()), 0o644)
							killtest.Kill()
						}
					}
					time.Sleep(time.Millisecond)
				}
			}()
		}
		if kill && in.Shot == 2 {
			// A tool that would run on long after the run.
			return OfflineReviewer{NoVet: true, Tools: []tools.Command{{Name: "slow", Args: []string{"sh", "-c", "exec sleep 120", "sh"}, Format: tools.Lines}}}.Review(ctx, in)
		}
		return OfflineReviewer{}.Review(ctx, in)
	})
	code := Slice{Name: "code", Prompt: "review the code", Files: []string{"app/main.go"}}
	l := &Loop{Dir: filepath.Join(dir, "session"), Reviewer: rev, Classifier: fixedSlices(code), Mode: Report, Retries: -1, Shots: 2}
	sum, err := l.Resume(context.Background())
	if errors.Is(err, loop.ErrNotStarted) {
		sum, err = l.Run(context.Background(), Target{Repo: filepath.Join(dir, "repo"), Kind: Uncommitted}, "task")
	}
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(sum.Findings)
	fmt.Printf("findings=%s\n", data)
}

// isVet reports whether cmd is go vet: the go command, or the vet tool it
// runs. The tool alone runs for a few milliseconds, which a loaded
// machine's poll of /proc can miss; the go command runs from before it
// until after it, and a kill there leaves go vet as able to cache a
// package as clean.
func isVet(cmd string) bool {
	return strings.HasPrefix(cmd, "go vet ") || strings.Contains(cmd, "/vet ")
}

// isSlow reports whether cmd is the slow tool's command line.
func isSlow(cmd string) bool { return cmd == "sleep 120 " }

// TestKillDuringToolShot: a run killed (SIGKILL) while go vet runs in a
// shot, and a slow tool in another, leaves no process it started running,
// and the resumed run keeps go vet's finding: a go vet that outlived the
// run would have cached the package as clean.
func TestKillDuringToolShot(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet in child processes")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	r := newRepo(t)
	r.write("go.mod", "module example.com/killvet\n\ngo 1.21\n")
	r.write("app/main.go", "package main\n\nfunc main() {}\n")
	r.commit("base")
	// A comment of its own, so that no earlier run's cache entry answers.
	r.write("app/main.go", fmt.Sprintf("package main\n\nimport \"fmt\"\n\n// %s\nfunc main() {\n\tfmt.Printf(\"%%d\\n\", \"x\")\n}\n", rand.Text()))
	dir := t.TempDir()
	if err := os.Rename(r.dir, filepath.Join(dir, "repo")); err != nil {
		t.Fatal(err)
	}
	child := func(kill bool) (string, error) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestKillDuringToolChild$", "-test.v")
		cmd.Env = append(os.Environ(), "KAIGI_MS_TOOL_DIR="+dir)
		if kill {
			cmd.Env = append(cmd.Env, "KAIGI_MS_TOOL_KILL=1")
		}
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := child(true)
	if !killtest.Killed(err) {
		t.Fatalf("the child was not killed during go vet: %v\n%s", err, out)
	}
	pids, _ := os.ReadFile(filepath.Join(dir, "pids.txt"))
	t.Logf("processes at the kill:\n%s", pids)
	for line := range strings.Lines(string(pids)) {
		pid, cmd, _ := strings.Cut(strings.TrimSpace(line), " ")
		n, _ := strconv.Atoi(pid)
		gone := false
		for range 400 { // a signal's delivery, and a grandchild's next write
			if gone = !procAlive(n); gone {
				break
			}
			time.Sleep(25 * time.Millisecond)
		}
		if !gone {
			syscall.Kill(n, syscall.SIGKILL)
			t.Errorf("process %d (%s) outlived the killed run", n, cmd)
		}
	}
	out, err = child(false)
	if err != nil {
		t.Fatalf("resume: %v\n%s", err, out)
	}
	if !strings.Contains(out, "findings=") || !strings.Contains(out, "Printf format %d has arg") {
		t.Errorf("the resumed run lost go vet's finding:\n%s", out)
	}
}
