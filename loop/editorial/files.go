package editorial

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/loop"
)

// rotate moves the finished run's journal, decisions file and artifacts
// in Dir to Dir/history/run-K so that a new run starts clean, and opens a
// new, empty journal. The journal is moved last and while it is open (and
// locked, where the system can rename an open file), so a run that starts
// meanwhile finds either the old journal, still locked, or the new one; a
// crash midway leaves the finished journal in Dir, and the next run moves
// the rest.
func (r *runner) rotate() error {
	dir := r.l.Dir
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("editorial: %w", err)
	}
	hist := filepath.Join(dir, "history")
	if err := os.MkdirAll(hist, 0o755); err != nil {
		return fmt.Errorf("editorial: %w", err)
	}
	var dst string
	for k := 1; ; k++ {
		dst = filepath.Join(hist, "run-"+strconv.Itoa(k))
		err := os.Mkdir(dst, 0o755)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("editorial: %w", err)
		}
	}
	for _, e := range entries {
		n := e.Name()
		if n == "summary.md" || n == DecisionsName || strings.HasPrefix(n, "round-") {
			if err := os.Rename(filepath.Join(dir, n), filepath.Join(dst, n)); err != nil {
				return fmt.Errorf("editorial: %w", err)
			}
		}
	}
	from, to := filepath.Join(dir, JournalName), filepath.Join(dst, JournalName)
	if err := os.Rename(from, to); err != nil { // a system that cannot rename an open file
		r.j.Close()
		if err := os.Rename(from, to); err != nil {
			return fmt.Errorf("editorial: move the finished journal to the history: %w", err)
		}
	}
	r.j.Close()
	return r.open()
}

// removeStaleTemp removes the temporary files that writes cut short by a
// crash left (apply.Dir.RemoveStaleTemp): the document's own, and only
// its (another program may be writing the files next to it), and every
// one in the run folder dir and its round folders, which only the holder
// of the journal's lock writes. The caller holds that lock. A failure is
// logged, not returned: the files are litter, not state.
func removeStaleTemp(ctx context.Context, log *slog.Logger, dir, doc string) {
	names := []struct{ root, name string }{{filepath.Dir(doc), filepath.Base(doc)}, {dir, "*"}}
	if entries, err := os.ReadDir(dir); err == nil {
		for _, e := range entries {
			if e.IsDir() && strings.HasPrefix(e.Name(), "round-") {
				names = append(names, struct{ root, name string }{dir, e.Name() + "/*"})
			}
		}
	}
	for _, n := range names {
		d, err := apply.OpenDir(n.root)
		if err == nil {
			var removed []string
			removed, err = d.RemoveStaleTemp(n.name)
			d.Close()
			for _, r := range removed {
				log.LogAttrs(ctx, slog.LevelInfo, "removed a stale temporary file", slog.String("file", filepath.Join(n.root, r)))
			}
		}
		if err != nil {
			log.LogAttrs(ctx, slog.LevelWarn, "stale temporary files not removed", slog.String("folder", n.root), slog.Any("err", err))
		}
	}
}

// fileRel returns file's path relative to the run folder dir (made
// absolute, with symbolic links resolved), slash-separated; "" when there
// is none (another volume) or dir cannot be resolved.
func fileRel(dir, file string) string {
	d, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	if real, err := filepath.EvalSymlinks(d); err == nil {
		d = real
	}
	rel, err := filepath.Rel(d, file)
	if err != nil {
		return ""
	}
	return filepath.ToSlash(rel)
}

// checkLocation refuses a run folder that was copied or moved away from
// its document (ErrFolderMoved): the document's path relative to dir,
// journaled when the run started, must still lead from dir to the
// journaled absolute path.
func checkLocation(dir string, start *startWire) error {
	if got := fileRel(dir, start.File); got != start.FileRel {
		there := filepath.Join(dir, filepath.FromSlash(start.FileRel))
		return fmt.Errorf("%w: the journal in %s is for %s, but from where the folder is now the run's document would be %s; use the folder in its original place (or start a new run here)",
			ErrFolderMoved, dir, start.File, loop.RelName(there))
	}
	return nil
}

// writeFile replaces the file at path with data atomically (apply.Dir's
// temporary file, fsync and rename). For renderings: they are made again
// from the journal, so the folder sync is best effort.
func writeFile(path string, data []byte) error {
	d, err := apply.OpenDir(filepath.Dir(path))
	if err != nil {
		return err
	}
	defer d.Close()
	return d.WriteFile(filepath.Base(path), data)
}
