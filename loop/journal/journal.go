package journal

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

// Format and Version identify the journal's file format. They are written
// in the first record of every journal (kind KindHeader); a journal whose
// version is not Version is refused with ErrFormat, which says why.
const (
	Format  = "kaigi-journal"
	Version = 2
)

// The kinds of records the kernel itself writes. A driver's own kinds must
// differ from these and be listed in Options.Kinds.
const (
	KindHeader      = "journal"      // the first record: header
	KindStep        = "step"         // a step's (or a task's) result
	KindPlanned     = "planned"      // a side effect about to be made
	KindDone        = "done"         // a side effect made
	KindUndoPlanned = "undo-planned" // an undo about to be made
	KindUndone      = "undone"       // an undo made
)

// Record is one line of a journal.
type Record struct {
	// Seq numbers records from 1 in the order they were appended.
	Seq int `json:"seq"`
	// Time is when the record was appended. Informational only: a driver
	// that needs the time takes it from a step (see Now).
	Time time.Time `json:"time"`
	// Kind says what the record holds. Example: "step", "editorial.items".
	Kind string `json:"kind"`
	// Key names what the record is about within its run, for steps and
	// side effects. Example: "r2/review/fact-checker#1".
	Key string `json:"key,omitempty"`
	// Data is the payload, a JSON value whose shape Kind fixes.
	Data json.RawMessage `json:"data,omitempty"`
}

// Decode unmarshals the record's Data into v, naming the record on error
// (wrapping ErrCorrupt: a payload that does not decode is a damaged
// journal).
func (r Record) Decode(v any) error {
	if err := json.Unmarshal(r.Data, v); err != nil {
		return fmt.Errorf("%w: record %d (%s %s): %v", ErrCorrupt, r.Seq, r.Kind, r.Key, err)
	}
	return nil
}

// header is the payload of the first record.
type header struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	Driver  string `json:"driver,omitempty"`
}

// Errors of the journal. Each is wrapped with the file, line or key it
// concerns.
var (
	// ErrBusy: another process (another run on the same folder) has the
	// journal open.
	ErrBusy = errors.New("in use by another run")
	// ErrCorrupt: a line that is neither a valid record nor the torn last
	// line of a crashed write, or records that contradict each other.
	ErrCorrupt = errors.New("corrupt journal")
	// ErrFormat: the journal was written in another format version or by
	// another driver.
	ErrFormat = errors.New("unsupported journal format")
	// ErrUnknownKind: a record of a kind neither the kernel nor the
	// driver knows (a journal written by a newer driver).
	ErrUnknownKind = errors.New("unknown journal record kind")
	// ErrFailed: an earlier write to the journal failed; the journal
	// refuses every later Append so that no record lands after a gap.
	ErrFailed = errors.New("an earlier journal write failed")
	// ErrClosed: the journal was closed.
	ErrClosed = errors.New("journal closed")
)

// Options configure Open. The zero value opens a journal of no driver that
// holds only the kernel's own kinds.
type Options struct {
	// Driver names the driver that writes the journal, kept in its header;
	// Open refuses a journal of another driver with ErrFormat. Empty
	// accepts any.
	Driver string

	// Kinds are the driver's own record kinds. Append refuses any other
	// kind; a record of any other kind read from the file makes Open fail
	// with ErrUnknownKind, unless Unknown accepts it.
	Kinds []string

	// Unknown decides about a record of an unknown kind read from the
	// file: return nil to keep it (it is then in Records), or an error to
	// refuse the journal. Nil refuses it with ErrUnknownKind.
	Unknown func(Record) error

	// Observe is called after each record is durable (fsync'd) and after
	// each file a side effect writes, before the journal goes on; tests use
	// it to crash at every journal point. It must not call back into the
	// journal. Nil observes nothing.
	Observe func(Event)

	// Now returns the time stamped on records (Record.Time) and returned
	// by Now the first time; nil means time.Now.
	Now func() time.Time
}

// Event is what Options.Observe receives: Record after a record is
// durable, or File after a side effect wrote a file (its record of being
// done not yet written).
type Event struct {
	Record *Record
	File   string
}

// Journal is an append-only file of JSON lines, each fsync'd before Append
// returns, from which an interrupted run resumes by replay (see Step). One
// process at a time has it open: Open takes an exclusive advisory lock
// (flock(2) where the system has it), released when the process ends
// however it ends, so a stale owner never blocks a new run.
//
// A Journal is safe for concurrent use. Close it when done; Close waits for
// the background tasks started on it.
type Journal struct {
	path string
	opts Options
	now  func() time.Time

	mu     sync.Mutex
	f      file
	off    int64 // end of the last good record
	seq    int
	failed error // the first failed write; sticky
	closed bool
	recs   []Record
	steps  map[string]Record // KindStep by key
	used   map[string]bool   // step and effect keys used by this execution
	kinds  map[string]bool
	estate map[string]string // side-effect key -> kind of its last record, while loading
	replay bool              // SetReplayOnly: nothing runs, nothing is written

	tasks sync.WaitGroup
	write sync.Mutex // held by Commit and Undo, from their first read to their last record
}

// Open opens the journal at path, creating it (and its header) when it does
// not exist, and reads what it holds. A torn last line (a write a crash cut
// short, never acknowledged) is cut away; any other unreadable line is an
// error wrapping ErrCorrupt that names the line. A journal another process
// has open gives ErrBusy.
//
// Folder sync, the one rule: when Open creates the journal it fsyncs the
// folder so the new name is durable; a failure is an error, except where
// the system cannot sync folders at all (the error is then
// ErrInvalid-like, and ignored). Files written by side effects follow
// apply.Dir's rule (the rename is the commit; the folder sync is best
// effort), which is safe because a side effect is reconciled by content
// hash on resume.
func Open(path string, o Options) (*Journal, error) {
	j := &Journal{path: path, opts: o, now: o.Now, steps: map[string]Record{}, used: map[string]bool{}, kinds: map[string]bool{}, estate: map[string]string{}}
	if j.now == nil {
		j.now = time.Now
	}
	for _, k := range o.Kinds {
		if kernelKind(k) || k == "" {
			return nil, fmt.Errorf("driver kind %q is empty or one of the kernel's", k)
		}
		j.kinds[k] = true
	}
	_, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if err := lock(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("%w: %s", ErrBusy, path)
	}
	if errors.Is(statErr, fs.ErrNotExist) {
		if err := syncDir(filepath.Dir(path)); err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: sync folder: %w", path, err)
		}
	}
	j.f = f
	if err := j.load(); err != nil {
		f.Close()
		return nil, err
	}
	if len(j.recs) == 0 {
		if _, err := j.append(KindHeader, "", header{Format: Format, Version: Version, Driver: o.Driver}); err != nil {
			f.Close()
			return nil, err
		}
	}
	return j, nil
}

// load reads the file's records, checks them and cuts a torn tail.
func (j *Journal) load() error {
	data, err := io.ReadAll(j.f)
	if err != nil {
		return fmt.Errorf("read %s: %w", j.path, err)
	}
	recs, good, err := Parse(data)
	if err != nil {
		return fmt.Errorf("%s: %w", j.path, err)
	}
	for _, rec := range recs {
		if err := j.admit(rec); err != nil {
			return fmt.Errorf("%s: %w", j.path, err)
		}
	}
	if err := j.f.Truncate(good); err != nil {
		return fmt.Errorf("%s: cut torn tail: %w", j.path, err)
	}
	if _, err := j.f.Seek(good, io.SeekStart); err != nil {
		return fmt.Errorf("%s: %w", j.path, err)
	}
	j.off = good
	return nil
}

// admit checks one record read from the file against those before it and
// indexes it.
func (j *Journal) admit(rec Record) error {
	if len(j.recs) == 0 {
		if err := checkHeader(rec, j.opts.Driver); err != nil {
			return err
		}
	} else if rec.Kind == KindHeader {
		return fmt.Errorf("%w: record %d: a second header", ErrCorrupt, rec.Seq)
	}
	if rec.Seq != j.seq+1 {
		return fmt.Errorf("%w: record %d follows record %d", ErrCorrupt, rec.Seq, j.seq)
	}
	switch {
	case kernelKind(rec.Kind) || j.kinds[rec.Kind]:
	case j.opts.Unknown != nil:
		if err := j.opts.Unknown(rec); err != nil {
			return err
		}
	default:
		return fmt.Errorf("%w %q: record %d (written by a newer version of the driver?)", ErrUnknownKind, rec.Kind, rec.Seq)
	}
	if err := admitEffect(j.estate, rec); err != nil {
		return err
	}
	if rec.Kind == KindStep {
		if rec.Key == "" {
			return fmt.Errorf("%w: record %d: step without a key", ErrCorrupt, rec.Seq)
		}
		if _, dup := j.steps[rec.Key]; dup {
			return fmt.Errorf("%w: record %d: step %q journaled twice", ErrCorrupt, rec.Seq, rec.Key)
		}
		j.steps[rec.Key] = rec
	}
	j.seq = rec.Seq
	j.recs = append(j.recs, rec)
	return nil
}

// checkHeader checks the first record of a journal.
func checkHeader(rec Record, driver string) error {
	if rec.Kind != KindHeader {
		return fmt.Errorf("%w: the first record is %q, not a %s header: a journal of format 1 (kaigi before the loop kernel) or not a journal; finish that run with the version that started it, or remove the folder", ErrFormat, rec.Kind, Format)
	}
	var h header
	if err := json.Unmarshal(rec.Data, &h); err != nil {
		return fmt.Errorf("%w: header: %v", ErrCorrupt, err)
	}
	if h.Format != Format || h.Version != Version {
		return fmt.Errorf("%w: %q version %d; this kaigi reads %q version %d", ErrFormat, h.Format, h.Version, Format, Version)
	}
	if driver != "" && h.Driver != driver {
		return fmt.Errorf("%w: written by driver %q, not %q", ErrFormat, h.Driver, driver)
	}
	return nil
}

// Parse splits a journal's bytes into records and returns the offset just
// past the last complete one. A last line without its newline is a torn
// write and is left out; blank lines are skipped; any other line that is not a record is an error
// wrapping ErrCorrupt naming the line. Parse checks the shape of each line
// only; Open also checks the header, the sequence and the kinds.
func Parse(data []byte) ([]Record, int64, error) {
	var recs []Record
	var off int64
	for line := 1; len(data) > 0; line++ {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			break // torn tail: never acknowledged
		}
		if len(bytes.TrimSpace(data[:i])) == 0 { // a blank line, say from an editor
			off += int64(i + 1)
			data = data[i+1:]
			continue
		}
		var rec Record
		if err := json.Unmarshal(data[:i], &rec); err != nil {
			return nil, 0, fmt.Errorf("%w: line %d: %v", ErrCorrupt, line, err)
		}
		if rec.Kind == "" || rec.Seq < 1 {
			return nil, 0, fmt.Errorf("%w: line %d: no kind or sequence number", ErrCorrupt, line)
		}
		recs = append(recs, rec)
		off += int64(i + 1)
		data = data[i+1:]
	}
	return recs, off, nil
}

// Records returns the records the journal held when it was opened and
// those appended since, in order. The slice is a copy.
func (j *Journal) Records() []Record {
	j.mu.Lock()
	defer j.mu.Unlock()
	return append([]Record(nil), j.recs...)
}

// Path returns the journal's file name.
func (j *Journal) Path() string { return j.path }

// Append writes one record of a driver's kind holding v (as JSON) and
// fsyncs it before returning. Kind must be one of Options.Kinds. If the
// write or the fsync fails, the file is cut back to its last good record
// and the journal refuses every later Append with an error wrapping
// ErrFailed and the first failure.
func (j *Journal) Append(kind, key string, v any) (Record, error) {
	if !j.kinds[kind] {
		return Record{}, fmt.Errorf("%s: kind %q is not one of the driver's (Options.Kinds)", j.path, kind)
	}
	return j.append(kind, key, v)
}

// ErrNotJournaled is what a step, a Commit or an Append returns in a
// replay-only execution (SetReplayOnly) where the journal holds nothing
// for it: the replay has reached the end of what the run did.
var ErrNotJournaled = errors.New("not journaled (replay only)")

// SetReplayOnly turns replay-only mode on or off. In replay-only mode a
// driver re-executes from what the journal holds and nothing else: a Step
// whose result is journaled returns it, one that is not returns
// ErrNotJournaled without running fn; a Commit of a journaled side effect
// (planned, done or undone) returns nil without touching any file, any
// other ErrNotJournaled; Append writes nothing and returns
// ErrNotJournaled. It is for rendering what a run did (after an undo, for
// a report) without calling, asking or writing anything. Turning it on or
// off begins a new execution of the driver: the step and side-effect keys
// claimed so far are forgotten (ErrDuplicateKey counts within one
// execution), so a run can be replayed more than once on one Journal.
func (j *Journal) SetReplayOnly(on bool) {
	j.mu.Lock()
	j.replay = on
	j.used = map[string]bool{}
	j.mu.Unlock()
}

// ReplayOnly reports whether SetReplayOnly is on: a driver's code that
// would call, ask or write outside a step (an observer, a log line, a file
// created before a Commit) checks it.
func (j *Journal) ReplayOnly() bool { return j.replayOnly() }

// replayOnly reports whether SetReplayOnly is on.
func (j *Journal) replayOnly() bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.replay
}

// append writes a record of any kind.
func (j *Journal) append(kind, key string, v any) (Record, error) {
	if j.replayOnly() {
		return Record{}, fmt.Errorf("%w: %s %s", ErrNotJournaled, kind, key)
	}
	data, err := json.Marshal(v)
	if err != nil {
		return Record{}, fmt.Errorf("%s: encode %s %s: %w", j.path, kind, key, err)
	}
	j.mu.Lock()
	rec, err := j.appendLocked(kind, key, data)
	j.mu.Unlock()
	if err != nil {
		return Record{}, err
	}
	j.observe(Event{Record: &rec})
	return rec, nil
}

// appendLocked writes one record; the caller holds j.mu.
func (j *Journal) appendLocked(kind, key string, data json.RawMessage) (Record, error) {
	switch {
	case j.closed:
		return Record{}, fmt.Errorf("%w: %s", ErrClosed, j.path)
	case j.failed != nil:
		return Record{}, fmt.Errorf("%w: %s: %w", ErrFailed, j.path, j.failed)
	}
	rec := Record{Seq: j.seq + 1, Time: j.now().UTC(), Kind: kind, Key: key, Data: data}
	line, err := json.Marshal(rec)
	if err != nil {
		return Record{}, fmt.Errorf("%s: encode %s %s: %w", j.path, kind, key, err)
	}
	line = append(line, '\n')
	_, err = j.f.Write(line)
	if err == nil {
		err = j.f.Sync()
	}
	if err != nil {
		j.failed = err
		// Cut back whatever part of the line reached the file, so that
		// the journal stays readable once space returns.
		if terr := j.f.Truncate(j.off); terr == nil {
			_, _ = j.f.Seek(j.off, io.SeekStart)
			_ = j.f.Sync()
		}
		return Record{}, fmt.Errorf("%s: write %s %s: %w", j.path, kind, key, err)
	}
	j.off += int64(len(line))
	j.seq = rec.Seq
	j.recs = append(j.recs, rec)
	if kind == KindStep {
		j.steps[key] = rec
	}
	return rec, nil
}

// observe calls Options.Observe.
func (j *Journal) observe(e Event) {
	if j.opts.Observe != nil {
		j.opts.Observe(e)
	}
}

// Close waits for the background tasks started on the journal, then closes
// its file and releases the lock. Later calls return nil.
func (j *Journal) Close() error {
	j.tasks.Wait()
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.closed {
		return nil
	}
	j.closed = true
	return j.f.Close()
}

// file is what a Journal needs of its open file: an *os.File, or in tests
// one that fails on demand.
type file interface {
	io.ReadWriteSeeker
	Sync() error
	Truncate(size int64) error
	Close() error
}

// kernelKind reports whether k is one of the kernel's own kinds.
func kernelKind(k string) bool {
	switch k {
	case KindHeader, KindStep, KindPlanned, KindDone, KindUndoPlanned, KindUndone:
		return true
	}
	return false
}

// syncDir fsyncs a folder, ignoring the failure of a system that cannot
// sync folders at all.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !unsupported(err) {
		return err
	}
	return nil
}
