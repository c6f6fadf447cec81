package multishot

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// open opens the session folder through the run lifecycle (loop.Folder)
// for how ("run", "resume" or "continue") and returns its journal and the
// number of episodes the execution runs. A session holds episodes, each
// from its start step to its finish step; it has finished when its last
// episode has. Run starts a new session (a finished one moves to the
// history; loop.ErrUnfinishedRun over an unfinished one); Resume goes on
// with an unfinished session or replays a finished one; Continue appends
// an episode to a finished session (loop.ErrUnfinishedRun over an
// unfinished one). A resume or follow-up of a session folder moved away
// from its repository is loop.ErrFolderMoved. The lifecycle sweeps the
// session folder, its logs and the files of the change (change, when Run
// read it; the journaled one otherwise), where fixes are written.
func (l *Loop) open(ctx context.Context, how string, change *Change) (*journal.Journal, int, error) {
	f := loop.Folder{Dir: l.Dir, Journal: journal.Options{Driver: Driver, Observe: l.JournalObserver},
		Started:  func(j *journal.Journal) bool { return episodes(j) > 0 },
		Ended:    func(j *journal.Journal) bool { return j.Done(finishKey(episodes(j))) },
		Artifact: artifact, Folders: []string{filepath.Join(l.Dir, "logs"), filepath.Join(l.Dir, logsDir)}, Logger: l.Logger,
		Docs: func(j *journal.Journal) []string {
			if change == nil {
				change, _ = journaledChange(ctx, j)
			}
			return changedFiles(change)
		}}
	mode := loop.OpenNew
	switch how {
	case "resume":
		mode = loop.OpenResume | loop.OpenKeep
	case "continue":
		mode = loop.OpenKeep
	}
	if how != "run" {
		f.Prepare = func(ctx context.Context, j *journal.Journal) error { return checkLocation(ctx, l.Dir, j) }
	}
	j, st, err := f.Open(ctx, mode)
	switch {
	case how == "continue" && errors.Is(err, loop.ErrUnfinishedRun):
		return nil, 0, fmt.Errorf("%w in %s: resume it before a follow-up", loop.ErrUnfinishedRun, l.Dir)
	case errors.Is(err, loop.ErrUnfinishedRun):
		return nil, 0, fmt.Errorf("%w in %s (resume it, or choose another folder)", loop.ErrUnfinishedRun, l.Dir)
	case err != nil:
		return nil, 0, fmt.Errorf("multishot: %w", err)
	}
	n := episodes(j)
	switch {
	case st == loop.RunNone:
		n = 1
	case how == "continue":
		n++
	}
	return j, n, nil
}

// episodes returns how many episodes j holds the start of.
func episodes(j *journal.Journal) int {
	n := 0
	for j.Done(startKey(n + 1)) {
		n++
	}
	return n
}

// journaledChange returns the change j journaled, or nil, its Root read
// through ctx's relocation (loop.Relocated).
func journaledChange(ctx context.Context, j *journal.Journal) (*Change, error) {
	for _, r := range j.Records() {
		if r.Kind == journal.KindStep && r.Key == "change" {
			var c Change
			if err := r.Decode(&c); err != nil {
				return nil, err
			}
			c.Root = loop.Relocated(ctx, c.Root)
			return &c, nil
		}
	}
	return nil, nil
}

// changedFiles returns the paths of the files of c that exist (a fix is
// written there, through journal.Commit); none for a nil c.
func changedFiles(c *Change) []string {
	if c == nil {
		return nil
	}
	var docs []string
	for _, f := range c.Files {
		if f.Status != Deleted {
			docs = append(docs, filepath.Join(c.Root, filepath.FromSlash(f.Path)))
		}
	}
	return docs
}

// checkLocation refuses a session folder moved or copied away from its
// repository (loop.ErrFolderMoved): its fixes would go to the repository
// journaled, not to the one beside the folder.
func checkLocation(ctx context.Context, dir string, j *journal.Journal) error {
	var st episodeStart
	for _, r := range j.Records() {
		if r.Kind == journal.KindStep && r.Key == startKey(1) {
			if err := r.Decode(&st); err != nil {
				return err
			}
		}
	}
	c, err := journaledChange(ctx, j)
	if err != nil || c == nil || st.Settings == nil || st.Settings.RootRel == "" {
		return err // nothing written yet, or a session journaled before RootRel
	}
	return loop.CheckLocation(dir, c.Root, st.Settings.RootRel)
}
