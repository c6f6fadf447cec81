package main

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop/killtest"
	"github.com/kaigi-dev/kaigi/loop/writing"
)

// sampleStory copies the bundled sample into a new folder and returns it
// and the offline arguments for episode 3 on it.
func sampleStory(t *testing.T) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	if err := copySample(dir); err != nil {
		t.Fatal(err)
	}
	return dir, []string{"-provider", "offline", "-story", dir, "-episode", "3", "-draft", filepath.Join(dir, demoDraft), "-gate", "auto"}
}

// TestBadInputsRefusedBeforeAnything: each bad input is refused with exit
// 1 and a message naming it, and the story folder is left as it was (no
// run folder that would block the next run).
func TestBadInputsRefusedBeforeAnything(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(t *testing.T, dir string, args []string) []string
		wants []string
	}{
		{"-max-revisions -1", func(_ *testing.T, _ string, a []string) []string { return append(a, "-max-revisions", "-1") },
			[]string{"-max-revisions -1", "0 (no revision) or more"}},
		{"-episode 999", func(_ *testing.T, _ string, a []string) []string { return append(a, "-episode", "999") },
			[]string{"-episode 999", "episode(s) 1 to 6", writing.ArcFile}},
		{"-episode -2", func(_ *testing.T, _ string, a []string) []string { return append(a, "-episode", "-2") },
			[]string{"-episode -2", "numbered from 1"}},
		{"read-only tracker", func(t *testing.T, dir string, a []string) []string {
			if err := os.Chmod(filepath.Join(dir, writing.TrackerFile), 0o444); err != nil {
				t.Fatal(err)
			}
			return a
		}, []string{"the document is not writable", "series-tracker.md"}},
		{"a 5 MiB draft", func(t *testing.T, dir string, a []string) []string {
			big := filepath.Join(dir, "drafts", "big.txt")
			if err := os.WriteFile(big, []byte(strings.Repeat("The lamp went dark.\n", 5<<20/20+1)), 0o644); err != nil {
				t.Fatal(err)
			}
			return append(a, "-draft", big)
		}, []string{"big.txt", "too large", "-max-size"}},
		{"a 5 MiB tracker", func(t *testing.T, dir string, a []string) []string {
			if err := os.WriteFile(filepath.Join(dir, writing.TrackerFile), []byte(strings.Repeat("| 1 | x |\n", 5<<20/10+1)), 0o644); err != nil {
				t.Fatal(err)
			}
			return a
		}, []string{"series-tracker.md", "too large"}},
		{"no arc", func(t *testing.T, dir string, a []string) []string {
			if err := os.Remove(filepath.Join(dir, writing.ArcFile)); err != nil {
				t.Fatal(err)
			}
			return a
		}, []string{"scenario-arc.md is missing"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, args := sampleStory(t)
			args = tc.edit(t, dir, args)
			before := killtest.Snapshot(t, dir)
			code, stdout, stderr := runArgs(t, args...)
			if code != exitError {
				t.Fatalf("exit %d, want %d\n%s\n%s", code, exitError, stdout, stderr)
			}
			for _, w := range tc.wants {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr)
				}
			}
			if strings.Contains(stderr, "run the same command again") {
				t.Errorf("a run that never started is said to resume:\n%s", stderr)
			}
			if after := killtest.Snapshot(t, dir); !maps.Equal(after, before) {
				t.Errorf("the story folder changed: %v, was %v", slices.Sorted(maps.Keys(after)), slices.Sorted(maps.Keys(before)))
			}
		})
	}
	// With the cause gone, the next run goes through.
	dir, args := sampleStory(t)
	os.Chmod(filepath.Join(dir, writing.TrackerFile), 0o444)
	if code, _, _ := runArgs(t, args...); code != exitError {
		t.Fatalf("read-only tracker: exit %d", code)
	}
	os.Chmod(filepath.Join(dir, writing.TrackerFile), 0o644)
	if code, stdout, stderr := runArgs(t, args...); code != exitSaved {
		t.Fatalf("after the fix: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// TestNoSuchStoryFolder: -story naming a folder that does not exist is
// refused and creates nothing.
func TestNoSuchStoryFolder(t *testing.T) {
	tmp := t.TempDir()
	dir, draft := filepath.Join(tmp, "nosuchdir"), filepath.Join(tmp, "draft.txt")
	if err := os.WriteFile(draft, []byte("The Lamp\n\nRen ran.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runArgs(t, "-provider", "offline", "-story", dir, "-episode", "3", "-draft", draft)
	if code != exitError || !strings.Contains(stderr, "does not exist") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s was created: %v", filepath.Base(dir), err)
	}
}

// TestDemoFailingAtOnceLeavesNoFolder: a demo refused before it begins
// (an unknown gate, a bad cap) leaves no copy of the sample behind.
func TestDemoFailingAtOnceLeavesNoFolder(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	for _, args := range [][]string{{"-gate", "bogus"}, {"-max-revisions", "-1"}} {
		if code, stdout, stderr := runArgs(t, args...); code != exitError {
			t.Fatalf("%v: exit %d\n%s\n%s", args, code, stdout, stderr)
		}
		if left, _ := os.ReadDir(tmp); len(left) != 0 {
			t.Errorf("%v left %v", args, left)
		}
	}
}

// copySample copies the bundled sample story into dir.
func copySample(dir string) error {
	sub, err := sampleFiles()
	if err != nil {
		return err
	}
	return os.CopyFS(dir, sub)
}
