//go:build unix

package writing_test

import (
	"context"
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
// run lifecycle moved into loop) resumes to what the recorded finished
// episode holds (testdata/v2-finished); the finished one returns its
// journaled Result and changes nothing, and Again starts it anew.
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
	again, err := recordedEpisode(dir).Write(ctx)
	if err != nil {
		t.Fatalf("resume of the killed episode: %v", err)
	}
	if got := snapshot(t, dir); got != want {
		t.Errorf("the killed episode resumed to\n%s\nwant\n%s", got, want)
	}
	if again.Title != res.Title || again.Version != res.Version || len(again.Revisions) != len(res.Revisions) {
		t.Errorf("resumed Result %+v, want %+v", again, res)
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
