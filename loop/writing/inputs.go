package writing

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// sizeKnob names the setting that raises the size limit, for the message
// of loop.ErrTooLarge.
const sizeKnob = "Episode.MaxSize"

// ErrNotInArc reports an episode number the story's role map (ArcFile)
// does not plan: past its last episode.
var ErrNotInArc = errors.New("writing: the episode is not in the arc")

// ReadDraft reads a first draft (for OfflineAuthor) from path through the
// kernel's document checks (loop.OpenDocument): a regular, non-empty UTF-8
// file of at most maxSize bytes (0 means loop.DefaultMaxSize; larger is
// loop.ErrTooLarge, naming Episode.MaxSize). Nothing is written.
func ReadDraft(path string, maxSize int64) ([]byte, error) {
	if maxSize < 0 {
		return nil, fmt.Errorf("writing: MaxSize is %d; it must not be negative (0 means %d)", maxSize, loop.DefaultMaxSize)
	}
	_, doc, err := loop.OpenDocument(path, cmp.Or(maxSize, loop.DefaultMaxSize), sizeKnob, false)
	return doc, err
}

func (e *Episode) maxSize() int64 { return cmp.Or(e.MaxSize, loop.DefaultMaxSize) }

// checkDir refuses a Dir that does not exist or is not a folder, before
// anything is created in it.
func (e *Episode) checkDir() error {
	fi, err := os.Stat(e.Dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("writing: the story folder %s does not exist", e.Dir)
	case err != nil:
		return fmt.Errorf("writing: the story folder: %w", err)
	case !fi.IsDir():
		return fmt.Errorf("writing: the story folder %s is not a folder", e.Dir)
	}
	return nil
}

// finished reports whether episode's journal holds a finished run,
// without creating anything.
func (e *Episode) finished() bool {
	data, err := os.ReadFile(filepath.Join(e.runDir(), loop.JournalName))
	if err != nil {
		return false
	}
	recs, _, err := journal.Parse(data)
	_, done := ended(recs)
	return err == nil && done
}

// preflight checks, before the run creates or writes anything, what would
// make it fail on its way: the story material (ErrNoArc, every file within
// the size limit), the episode number (ErrNotInArc), and the story files
// the run edits (TrackerFile, SummariesFile, HandoverFile, QualityLogFile,
// CharacterFile, the reflection files, the readers' memory files, the
// episode's saved file of an earlier run), which must be writable where
// they exist (loop.ErrNotWritable).
func (e *Episode) preflight(root *apply.Dir) error {
	s, err := readStory(root, e.Number, e.maxSize())
	if err != nil {
		return err // it names the file
	}
	if eps := s.ArcEpisodes(); len(eps) > 0 && e.Number > eps[len(eps)-1] {
		return fmt.Errorf("%w: episode %d is past the last episode of the role map in %s, which plans episode(s) %s", ErrNotInArc, e.Number, ArcFile, spans(eps))
	}
	edited := []string{TrackerFile, SummariesFile, HandoverFile, QualityLogFile, CharacterFile, AuthorReflectionsFile, OrchestratorReflectionsFile}
	for _, p := range s.PersonaList() {
		edited = append(edited, MemoryFile(p.ID))
	}
	if saved, err := episodeFile(root, e.Number); err == nil && saved != "" {
		edited = append(edited, path.Join(EpisodesDir, saved)) // a run again saves over it
	}
	for _, name := range edited {
		p := filepath.Join(root.Name(), filepath.FromSlash(name))
		if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
			continue // the run creates it
		}
		if err := loop.CheckWritable(p); err != nil {
			return err // it names the file
		}
	}
	return nil
}

// spans writes ascending numbers as ranges: "1 to 6", "1 to 3, 5".
func spans(ns []int) string {
	var parts []string
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		switch {
		case j == i:
			parts = append(parts, strconv.Itoa(ns[i]))
		default:
			parts = append(parts, fmt.Sprintf("%d to %d", ns[i], ns[j]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}
