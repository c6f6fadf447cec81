package loop

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Record is one line of a Journal.
type Record struct {
	// Seq numbers records from 1 in the order they were appended.
	Seq int `json:"seq"`
	// Time is when the record was appended. It is informational only:
	// nothing rendered from the journal depends on it.
	Time time.Time `json:"time"`
	// Kind says what the record holds. Example: "review", "decision".
	Kind string `json:"kind"`
	// Round is the 1-based round the record belongs to; 0 for run-wide
	// records.
	Round int `json:"round,omitempty"`
	// Data is the record's payload, a JSON value whose shape Kind fixes.
	Data json.RawMessage `json:"data,omitempty"`
}

// Decode unmarshals the record's Data into v.
func (r Record) Decode(v any) error {
	if err := json.Unmarshal(r.Data, v); err != nil {
		return fmt.Errorf("loop: journal record %d (%s): %w", r.Seq, r.Kind, err)
	}
	return nil
}

// Journal is an append-only file of JSON lines, each fsync'd before Append
// returns, from which an interrupted run resumes. It is safe for concurrent
// use.
type Journal struct {
	mu   sync.Mutex
	f    journalFile
	path string
	seq  int
	size int64 // the end of the last record written and synced
	err  error // the first failed append; every later one is refused
	now  func() time.Time
}

// journalFile is what a Journal needs of its file; *os.File has it. A test
// hands a Journal a file that fails on demand.
type journalFile interface {
	io.WriterAt
	Sync() error
	Truncate(size int64) error
	Close() error
}

// ErrJournalBusy reports a journal another process (another run on the
// same folder, or an Undo) holds.
var ErrJournalBusy = errors.New("loop: the journal is in use by another run")

// syncDir fsyncs a folder, so that a file created in it, or renamed into
// it, keeps its name after a power cut. This is the one rule for a failing
// folder sync, for everything the loop writes:
//
//   - Where the system cannot sync a folder at all (Windows and the other
//     systems without flock, or a file system that answers EINVAL or
//     ENOTSUP), the sync is skipped: there is nothing better to do.
//   - Otherwise a failure is fatal wherever a journal record is about to
//     say the name exists: the journal's own creation (OpenJournal fails),
//     and the document's writes, before the "applied" or "undo" record
//     that says they are done (the run stops, and resume or the next Undo
//     reconciles by the document's hash, as after a crash).
//   - It is best effort for what is rendered from the journal and can be
//     rendered again (the artifacts, summary.md: apply.Dir.WriteFile
//     ignores the failure) and for the journals moved to the history.
//
// The file's content is synced with the file itself, always, and a
// failure there is always fatal (see Journal.Append).
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !syncUnsupported(err) {
		return err
	}
	return nil
}

// ErrJournalCorrupt reports a journal that cannot be trusted: a line that
// is neither valid JSON nor the torn last line of a crashed write, records
// not numbered 1, 2, 3... in order, or records that do not make sense
// together (see Run and Undo). The error names the line or record.
var ErrJournalCorrupt = errors.New("loop: journal is corrupt")

// OpenJournal opens the journal at path, creating it if it does not exist,
// and returns it with the records it already holds. It takes an exclusive
// lock on the file (where the system offers one), so two runs cannot
// write one journal at once: the second gets ErrJournalBusy. A torn last line (a
// write the crash cut short, which was never acknowledged) is dropped and
// truncated away; any other unreadable line is an error wrapping
// ErrJournalCorrupt that names the line.
func OpenJournal(path string) (*Journal, []Record, error) {
	_, statErr := os.Stat(path)
	f, err := openLocked(path)
	if err != nil {
		return nil, nil, err
	}
	if errors.Is(statErr, fs.ErrNotExist) { // make the new file's name durable
		if err := syncDir(filepath.Dir(path)); err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("loop: journal %s: %w", path, err)
		}
	}
	recs, good, err := readRecords(f, path)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if err := f.Truncate(good); err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("loop: journal %s: drop torn tail: %w", path, err)
	}
	j := &Journal{f: f, path: path, size: good, now: time.Now}
	if n := len(recs); n > 0 {
		j.seq = recs[n-1].Seq
	}
	return j, recs, nil
}

// openLocked opens (or creates) the file at path and locks it. A run that
// rotates the journal away renames it while holding its lock; a file
// locked after that is no longer the one at path, so it is let go and
// path opened again.
func openLocked(path string) (*os.File, error) {
	for range 3 {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("loop: open journal: %w", err)
		}
		if err := lock(f); err != nil {
			f.Close()
			return nil, fmt.Errorf("%w: %s (%v)", ErrJournalBusy, path, err)
		}
		fi, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("loop: open journal: %w", err)
		}
		if now, err := os.Stat(path); err == nil && os.SameFile(fi, now) {
			return f, nil
		}
		f.Close()
	}
	return nil, fmt.Errorf("%w: %s keeps being replaced", ErrJournalBusy, path)
}

// moveTo renames the journal's file to path, keeping it open (and locked,
// where the system allows: see renameOpen).
func (j *Journal) moveTo(path string) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if err := renameOpen(j.f, j.path, path); err != nil {
		return fmt.Errorf("loop: journal %s: move to the history: %w", j.path, err)
	}
	j.path = path
	return nil
}

// ReadJournal returns the records of the journal at path without opening
// it for writing. A torn last line is ignored.
func ReadJournal(path string) ([]Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("loop: read journal: %w", err)
	}
	defer f.Close()
	recs, _, err := readRecords(f, path)
	return recs, err
}

// readRecords reads every complete record and returns the offset just past
// the last one.
func readRecords(r io.Reader, path string) ([]Record, int64, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, 0, fmt.Errorf("loop: read journal %s: %w", path, err)
	}
	var recs []Record
	var off int64
	line := 0
	for len(data) > 0 {
		line++
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			break // torn tail: never acknowledged
		}
		var rec Record
		if err := json.Unmarshal(data[:i], &rec); err != nil {
			return nil, 0, fmt.Errorf("%w: %s line %d: %v", ErrJournalCorrupt, path, line, err)
		}
		if rec.Seq != line { // Append numbers the records 1, 2, 3...
			return nil, 0, fmt.Errorf("%w: %s line %d holds record %d: a record was lost, repeated or moved", ErrJournalCorrupt, path, line, rec.Seq)
		}
		recs = append(recs, rec)
		off += int64(i + 1)
		data = data[i+1:]
	}
	return recs, off, nil
}

// Append writes one record holding v (marshalled to JSON) and fsyncs the
// file before returning. If the write or the fsync fails (a full disk),
// the file is cut back to the end of the last good record and the Journal
// is broken: this and every later Append return an error wrapping the
// first failure, and nothing more is written, so concurrent writers (the
// reviewers' recorders) stop at the first failure. Open the journal again
// to go on once the cause is fixed. A record whose fsync failed was never
// acknowledged, so it is not appended even if its bytes reached the disk.
func (j *Journal) Append(kind string, round int, v any) (Record, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return Record{}, fmt.Errorf("loop: journal %s: encode %s: %w", j.path, kind, err)
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	rec := Record{Seq: j.seq + 1, Time: j.now().UTC(), Kind: kind, Round: round, Data: data}
	line, err := json.Marshal(rec)
	if err != nil {
		return Record{}, fmt.Errorf("loop: journal %s: encode %s: %w", j.path, kind, err)
	}
	if j.err != nil {
		return Record{}, fmt.Errorf("loop: journal %s: %s not written, an earlier append failed: %w", j.path, kind, j.err)
	}
	line = append(line, '\n')
	if _, err := j.f.WriteAt(line, j.size); err != nil {
		return Record{}, j.fail("write", err)
	}
	if err := j.f.Sync(); err != nil {
		return Record{}, j.fail("fsync", err)
	}
	j.seq, j.size = rec.Seq, j.size+int64(len(line))
	return rec, nil
}

// fail handles a failed write or fsync of a record: it cuts the file back
// to the end of the last good record, so no fragment is left for a later
// record to follow (a fragment mid-file would read as corruption), and
// makes the failure sticky. Called with j.mu held.
func (j *Journal) fail(step string, err error) error {
	err = fmt.Errorf("loop: journal %s: %s: %w", j.path, step, err)
	if terr := j.f.Truncate(j.size); terr != nil {
		err = fmt.Errorf("%w (cutting the partial record off failed too: %v; the next OpenJournal drops it if it is a torn last line)", err, terr)
	}
	j.err = err
	return err
}

// Path returns the journal's file name.
func (j *Journal) Path() string { return j.path }

// Close closes the journal's file.
func (j *Journal) Close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.f.Close()
}
