// Package killtest is what every loop's SIGKILL-and-resume test needs:
// run the test binary itself as a child process that plays the loop (its
// TestMain reads a spec from an environment variable), kill that child
// with SIGKILL at a journal point, tell a kill from a failure, and compare
// what two runs left in a folder. It is for tests; it calls no loop code.
package killtest

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// Kill ends the current process with SIGKILL at once: nothing deferred
// runs and no buffer is flushed, as in a crash.
func Kill() { syscall.Kill(os.Getpid(), syscall.SIGKILL) }

// Child runs the current test binary with -test.run=^$ in dir, with
// name=value added to its environment (its TestMain finds the spec
// there), and returns what it printed on standard output and whether it
// ended by SIGKILL. Any other failure (an exit status but 0) fails t with
// the child's standard error.
func Child(t testing.TB, dir, name, value string) (stdout string, killed bool) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), name+"="+value)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if Killed(err) {
		return out.String(), true
	}
	if err != nil {
		t.Fatalf("child %s=%s: %v\n%s", name, value, err, errb.String())
	}
	return out.String(), false
}

// Killed reports whether err, from exec.Cmd's Run or Wait, says the
// process ended by SIGKILL.
func Killed(err error) bool {
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return false
	}
	ws, ok := ee.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL
}

// Snapshot returns every file under dir, by its path relative to dir,
// with its content, leaving out the files whose base name is in skip (a
// journal, which holds times).
func Snapshot(t testing.TB, dir string, skip ...string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || slices.Contains(skip, d.Name()) {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		data, err := os.ReadFile(p)
		files[rel] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// PlantTemp writes into dir what a write of the file name that a kill cut
// short leaves beside it: apply.Dir's temporary file
// ".NAME.ABCDEFGHIJ.tmp". It returns the file's path.
func PlantTemp(t testing.TB, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, "."+name+".ABCDEFGHIJ.tmp")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("half a write"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// CheckSwept fails t for each file of swept that still exists and each of
// kept that does not.
func CheckSwept(t testing.TB, swept, kept []string) {
	t.Helper()
	for _, p := range swept {
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s was not swept (%v)", p, err)
		}
	}
	for _, p := range kept {
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("%s was not kept: %v", p, err)
		}
	}
}

// Recorded copies the folder from (a run recorded by an earlier version,
// in testdata) into a new temporary folder and returns it; in each of
// journals (paths relative to from) the placeholder "@DIR@", which stands
// for the folder the recording was made in, becomes the new folder.
func Recorded(t testing.TB, from string, journals ...string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(from)); err != nil {
		t.Fatal(err)
	}
	for _, name := range journals {
		p := filepath.Join(dir, filepath.FromSlash(name))
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(strings.ReplaceAll(string(data), "@DIR@", dir)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
