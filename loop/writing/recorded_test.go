//go:build unix

package writing_test

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/loop/killtest"
	"github.com/kaigi-dev/kaigi/loop/writing"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// recorded copies testdata/name, a story folder with its run folder
// recorded by the code of the journal's format (the kill test's episode),
// into a new folder and returns it.
func recorded(t *testing.T, name string) string {
	return killtest.Recorded(t, filepath.Join("testdata", name))
}

// recordedEpisode is the kill test's episode, without its observers.
func recordedEpisode(dir string) *writing.Episode {
	critics := offline.Editorial(offline.Config{Enabled: []string{offline.SetStrict}})
	return &writing.Episode{Dir: dir, Number: 2,
		Author: writing.OfflineAuthor{Draft: []byte(englishDraft)}, Critic: writing.OfflineCritic{Critics: critics},
		Readers: func(writing.Persona) writing.Reader { return writing.OfflineReader{Critics: critics} }}
}

// TestRecordedEpisodeResumes: an episode killed after its save was
// written and before its record (testdata/v2-killed, recorded before the
// run lifecycle moved into loop) is resumed, not restarted: its journal
// goes on from the recorded records, and the run ends as the recorded
// finished episode did (testdata/v2-finished: the same saved episode and
// Outcome, every file it left). The finished one returns its journaled
// Outcome and changes nothing, and Again starts it anew. (The driver may
// grow steps and files; what a journal of this format needs is checked.)
func TestRecordedEpisodeResumes(t *testing.T) {
	ctx := context.Background()
	fin := recorded(t, "v2-finished")
	want := snapshot(t, fin)
	res, err := recordedEpisode(fin).Write(ctx)
	if err != nil || !res.Saved || res.File != "episodes/02_The_Dark_Lamp.txt" {
		t.Fatalf("Write of the finished episode: %+v, %v", res, err)
	}
	if got := snapshot(t, fin); got != want {
		t.Errorf("Write of the finished episode changed it:\n%s", got)
	}

	dir := recorded(t, "v2-killed")
	journalOf := func(dir string) string {
		return filepath.Join(dir, writing.RunDir, "episode-02", "journal.jsonl")
	}
	before, _ := os.ReadFile(journalOf(dir))
	again, err := recordedEpisode(dir).Write(ctx)
	if err != nil {
		t.Fatalf("resume of the killed episode: %v", err)
	}
	if after, _ := os.ReadFile(journalOf(dir)); len(before) == 0 || !bytes.HasPrefix(after, before) {
		t.Errorf("the resume did not go on with the recorded journal (%d bytes recorded, %d after)", len(before), len(after))
	}
	if again.Saved != res.Saved || again.File != res.File || again.Title != res.Title || again.Judgment.Grade != res.Judgment.Grade ||
		again.Version != res.Version || len(again.Revisions) != len(res.Revisions) {
		t.Errorf("resumed Outcome %+v, want %+v", again, res)
	}
	filepath.WalkDir(fin, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == "journal.jsonl" {
			return err
		}
		rel, _ := filepath.Rel(fin, p)
		if _, err := os.Stat(filepath.Join(dir, rel)); err != nil {
			t.Errorf("the resumed episode did not leave %s: %v", rel, err)
		}
		return nil
	})
	if got, want := read(t, dir, res.File), read(t, fin, res.File); got != want {
		t.Errorf("the resumed episode saved\n%s\nwant\n%s", got, want)
	}
	if left := staleTemp(dir); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}

	e := recordedEpisode(fin)
	e.Again = true
	if _, err := e.Write(ctx); err != nil {
		t.Fatalf("Again on the finished episode: %v", err)
	}
	if _, err := os.Stat(filepath.Join(fin, writing.RunDir, "episode-02", "history", "run-1", "journal.jsonl")); err != nil {
		t.Errorf("Again did not move the finished run to the history: %v", err)
	}
}
