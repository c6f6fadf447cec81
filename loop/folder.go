package loop

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"

	"github.com/kaigi-dev/kaigi/loop/journal"
)

// StartKey is the step that starts a run: OpenRun journals its settings
// under it, and OpenFolder reads it as "a run was started here".
const StartKey = "start"

// Folder says where a run of a driver that writes no documents lives (a
// discussion, a judged comparison): its folder, how its journal is read,
// which record kind ends a run, and which entries are its artifacts.
type Folder struct {
	// Dir is the run folder; its journal is Dir/JournalName. Required.
	Dir string
	// Journal configures the journal; its Kinds must include End.
	Journal journal.Options
	// End is the kind of the record that ends a run. Required.
	End string
	// Artifact reports which entries of Dir belong to a finished run and
	// move with its journal to history/run-K when a new run starts; nil
	// moves only the journal.
	Artifact func(name string) bool
	// Logger receives a record of each stale temporary file removed;
	// nil discards them.
	Logger *slog.Logger
}

// OpenFolder opens the run folder f for a new run (resume false) or a
// resume, and returns its journal, locked for this process
// (journal.ErrBusy while another run has it). A run was started when the
// journal holds the step StartKey, and ended when it holds a record of
// kind f.End. A new run over an unfinished one is refused with
// ErrUnfinishedRun; over a finished one, the finished run's journal and
// artifacts are moved to Dir/history/run-K first (Rotate). A resume of a
// folder without an unfinished run is ErrNothingToResume (a journal that
// holds no start, as a crash before it leaves, is no run: start anew);
// when the folder holds no journal, the resume creates nothing.
// Once the journal is locked, the temporary files that writes cut short
// by a crash left in Dir are removed (RemoveStaleTemp). It is OpenRun's
// lifecycle without documents: nothing is read or checked beyond the
// folder.
func OpenFolder(ctx context.Context, f Folder, resume bool) (*journal.Journal, error) {
	switch {
	case f.Dir == "" || f.End == "":
		return nil, errors.New("Folder.Dir and End are required")
	case !slices.Contains(f.Journal.Kinds, f.End):
		return nil, fmt.Errorf("Folder.Journal.Kinds must include the end kind %q", f.End)
	}
	path := filepath.Join(f.Dir, JournalName)
	if _, err := os.Lstat(path); resume && errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w in %s", ErrNothingToResume, f.Dir) // and nothing is created
	}
	if err := os.MkdirAll(f.Dir, 0o755); err != nil {
		return nil, err
	}
	j, err := journal.Open(path, f.Journal)
	if err != nil {
		return nil, err
	}
	RemoveStaleTemp(ctx, cmp.Or(f.Logger, slog.New(slog.DiscardHandler)), f.Dir)
	started := j.Done(StartKey)
	ended := slices.ContainsFunc(j.Records(), func(r journal.Record) bool { return r.Kind == f.End })
	switch {
	case resume && (!started || ended):
		j.Close()
		return nil, fmt.Errorf("%w in %s", ErrNothingToResume, f.Dir)
	case !resume && started && !ended:
		j.Close()
		return nil, fmt.Errorf("%w in %s: resume it or remove the folder", ErrUnfinishedRun, f.Dir)
	case !resume && started:
		move := func(n string) bool { return f.Artifact != nil && f.Artifact(n) }
		if _, err := Rotate(f.Dir, j, move); err != nil {
			j.Close() // Rotate leaves it open when it fails before the move
			return nil, err
		}
		if j, err = journal.Open(path, f.Journal); err != nil {
			return nil, err
		}
	}
	return j, nil
}
