package writing_test

import (
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/killtest"
	"github.com/kaigi-dev/kaigi/loop/writing"
)

// TestWriteRefusesBadInputsFirst: each input that would make the run fail
// is refused before the run creates or writes anything (no run folder is
// left to block the next run), with an error errors.Is recognises.
func TestWriteRefusesBadInputsFirst(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(t *testing.T, dir string, e *writing.Episode)
		want error
		text string
	}{
		{"past the role map", func(_ *testing.T, _ string, e *writing.Episode) { e.Number = 4 }, writing.ErrNotInArc, "episode(s) 1 to 3"},
		{"read-only tracker", func(t *testing.T, dir string, _ *writing.Episode) {
			write(t, dir, writing.TrackerFile, "| episode | role |\n|---|---|\n| 1 | setup |\n", 0o444)
		}, loop.ErrNotWritable, "series-tracker.md"},
		{"read-only memory file", func(t *testing.T, dir string, _ *writing.Episode) {
			os.Chmod(filepath.Join(dir, writing.MemoryFile("mei")), 0o400)
		}, loop.ErrNotWritable, "reader-memory-mei.md"},
		{"read-only saved episode", func(t *testing.T, dir string, e *writing.Episode) {
			e.Number = 1 // episodes/01_The_Lamp.txt, written again
			os.Chmod(filepath.Join(dir, "episodes/01_The_Lamp.txt"), 0o444)
		}, loop.ErrNotWritable, "01_The_Lamp.txt"},
		{"a story file over MaxSize", func(t *testing.T, dir string, e *writing.Episode) {
			write(t, dir, writing.HandoverFile, strings.Repeat("- [MUST-THIS] the storm\n", 50), 0o644)
			e.MaxSize = 1000
		}, loop.ErrTooLarge, "handover-notes.md"},
		{"the previous episode over MaxSize", func(t *testing.T, dir string, e *writing.Episode) {
			write(t, dir, "episodes/01_The_Lamp.txt", "The Lamp\n\n"+strings.Repeat("Ren arrived at the tower. ", 100), 0o644)
			e.MaxSize = 1000
		}, loop.ErrTooLarge, "01_The_Lamp.txt"},
		{"negative MaxSize", func(_ *testing.T, _ string, e *writing.Episode) { e.MaxSize = -1 }, nil, "MaxSize is -1"},
		{"no arc", func(t *testing.T, dir string, _ *writing.Episode) { os.Remove(filepath.Join(dir, writing.ArcFile)) }, writing.ErrNoArc, "scenario-arc.md"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := story(t, false)
			w := &world{verdicts: []string{"OK"}}
			e := w.episode(t, dir, 2, 1, nil)
			tc.edit(t, dir, e)
			before := killtest.Snapshot(t, dir)
			_, err := e.Write(context.Background())
			if err == nil || tc.want != nil && !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.text) {
				t.Fatalf("Write: %v; want %v naming %q", err, tc.want, tc.text)
			}
			if after := killtest.Snapshot(t, dir); !maps.Equal(after, before) {
				t.Errorf("the story folder changed: %v, was %v", slices.Sorted(maps.Keys(after)), slices.Sorted(maps.Keys(before)))
			}
			if len(w.writes) != 0 {
				t.Errorf("the author was asked %d time(s)", len(w.writes))
			}
		})
	}
	t.Run("no such folder", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "nosuchdir")
		_, err := (&world{verdicts: []string{"OK"}}).episode(t, dir, 2, 1, nil).Write(context.Background())
		if err == nil || !strings.Contains(err.Error(), "does not exist") {
			t.Fatalf("Write: %v", err)
		}
		if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("the folder was created: %v", err)
		}
	})
}

// TestReadDraft: a draft goes through the kernel's document checks.
func TestReadDraft(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "d.txt")
	write(t, dir, "d.txt", japaneseDraft, 0o644)
	if got, err := writing.ReadDraft(p, 0); err != nil || string(got) != japaneseDraft {
		t.Fatalf("ReadDraft = %q, %v", got, err)
	}
	if _, err := writing.ReadDraft(p, 10); !errors.Is(err, loop.ErrTooLarge) || !strings.Contains(err.Error(), "Episode.MaxSize") {
		t.Errorf("over the limit: %v", err)
	}
	write(t, dir, "e.txt", "", 0o644)
	if _, err := writing.ReadDraft(filepath.Join(dir, "e.txt"), 0); !errors.Is(err, loop.ErrNotText) {
		t.Errorf("empty draft: %v", err)
	}
}

func write(t *testing.T, dir, name, text string, mode os.FileMode) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	os.Remove(p)
	if err := os.WriteFile(p, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
}

// TestStaleTempSweptOnOpen: the temporary files a kill left in the middle
// of a write (".<name>.XXXXXXXXXX.tmp") are removed when the run goes on,
// in every folder the run writes: the story files, the episodes, the
// workspace, the archive and the run folder. Other files stay.
func TestStaleTempSweptOnOpen(t *testing.T) {
	dir := story(t, false)
	runDir := filepath.Join(dir, writing.RunDir, "episode-02")
	w := &world{verdicts: []string{"OK"}}
	_, err := w.episode(t, dir, 2, 1, loop.FileAsker{Dir: runDir}).Write(context.Background())
	if !errors.Is(err, loop.ErrWaiting) {
		t.Fatalf("Write = %v; want it waiting at the save", err)
	}
	stale := []string{
		"story/.series-tracker.md.ABCDEFGHIJ.tmp", "story/.reader-memory-mei.md.QRSTUVWXYZ.tmp",
		"episodes/.02_The_Storm.txt.ABCDEFGHIJ.tmp", "workspace/.progress.md.ABCDEFGHIJ.tmp",
		"archive/episode-02/.draft-v0.txt.ABCDEFGHIJ.tmp", writing.RunDir + "/episode-02/.questions.json.ABCDEFGHIJ.tmp",
	}
	kept := []string{"story/.notes.tmp", "story/.x.md.abcdefghij.tmp"}
	for _, name := range append(slices.Clone(stale), kept...) {
		write(t, dir, name, "half a write", 0o600)
	}
	write(t, dir, writing.RunDir+"/episode-02/answers.json", `[{"key":"s7/save","choice":"yes"},{"key":"s7.6/try","choice":"reject"}]`, 0o644)
	res, err := w.episode(t, dir, 2, 1, loop.FileAsker{Dir: runDir}).Write(context.Background())
	if err != nil || !res.Saved {
		t.Fatalf("resumed Write = %+v, %v", res, err)
	}
	for _, name := range stale {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(name))); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s was left: %v", name, err)
		}
	}
	for _, name := range kept {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(name))); err != nil {
			t.Errorf("%s, not a temporary file of the run, was removed: %v", name, err)
		}
	}
}
