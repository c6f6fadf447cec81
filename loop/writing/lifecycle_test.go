package writing_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/killtest"
	"github.com/kaigi-dev/kaigi/loop/writing"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// TestLifecycle: an episode's run folder goes through the one lifecycle
// (loop.Folder): a second Write while one holds the folder is
// journal.ErrBusy; the temporary files a kill left in every folder the
// run writes are swept when the folder is opened, those elsewhere in the
// project kept; another episode while one is unfinished is
// ErrOtherEpisode and loop.ErrOtherFile. The journal names the project's
// files relative to it: a project moved as a whole resumes.
func TestLifecycle(t *testing.T) {
	ctx := context.Background()
	dir := story(t, false)
	critics := offline.Editorial(offline.Config{Enabled: []string{offline.SetStrict}})
	episode := func(dir string, n int) *writing.Episode {
		return &writing.Episode{Dir: dir, Number: n,
			Author: writing.OfflineAuthor{Draft: []byte(englishDraft)}, Critic: writing.OfflineCritic{Critics: critics},
			Readers: func(writing.Persona) writing.Reader { return writing.OfflineReader{Critics: critics} },
			Asker:   loop.FileAsker{Dir: filepath.Join(dir, writing.RunDir, "episode-02")}}
	}
	e := episode(dir, 2)
	var busy error
	e.JournalObserver = func(journal.Event) {
		if busy == nil {
			if _, busy = episode(dir, 2).Write(ctx); busy == nil {
				busy = errors.New("a second Write succeeded")
			}
		}
	}
	if _, err := e.Write(ctx); !errors.Is(err, loop.ErrWaiting) {
		t.Fatalf("Write: %v; want it waiting at the save gate", err)
	}
	if !errors.Is(busy, journal.ErrBusy) {
		t.Errorf("a second Write while the first holds the folder: %v", busy)
	}
	if _, err := episode(dir, 3).Write(ctx); !errors.Is(err, writing.ErrOtherEpisode) || !errors.Is(err, loop.ErrOtherFile) {
		t.Errorf("episode 3 while 2 is unfinished: %v", err)
	}
	var swept []string
	for _, f := range [][2]string{{writing.RunDir + "/episode-02", loop.QuestionsFile}, {"story", "quality-log.md"}, {writing.EpisodesDir, "02_The_Dark_Lamp.txt"},
		{writing.WorkspaceDir, "current-draft.txt"}, {writing.ArchiveDir + "/episode-02", "draft-v1.txt"}} {
		swept = append(swept, killtest.PlantTemp(t, filepath.Join(dir, filepath.FromSlash(f[0])), f[1]))
	}
	kept := []string{killtest.PlantTemp(t, dir, "notes.md"), killtest.PlantTemp(t, filepath.Join(dir, writing.ArchiveDir, "episode-01"), "draft-v0.txt")}
	moved := filepath.Join(t.TempDir(), "moved")
	if err := os.Rename(dir, moved); err != nil {
		t.Fatal(err)
	}
	if _, err := episode(moved, 2).Write(ctx); !errors.Is(err, loop.ErrWaiting) {
		t.Errorf("the resume of the moved project: %v; want it waiting at the save gate again", err)
	}
	for i := range swept {
		swept[i] = filepath.Join(moved, swept[i][len(dir):])
	}
	for i := range kept {
		kept[i] = filepath.Join(moved, kept[i][len(dir):])
	}
	killtest.CheckSwept(t, swept, kept)
}
