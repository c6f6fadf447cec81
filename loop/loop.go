package loop

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/council"
)

// DefaultMaxRounds is the round cap when Loop.MaxRounds is 0.
const DefaultMaxRounds = 3

// DefaultMaxSize is the largest document Run reviews when Loop.MaxSize is
// 0: 4 MiB, far past any article and well within what a model reads.
const DefaultMaxSize = 4 << 20

// JournalName is the journal's file name inside Loop.Dir.
const JournalName = "journal.jsonl"

// Loop runs review rounds over one file until it converges or a bound is
// hit: each round the council reviews the current text, the findings are
// aggregated, the Policy applies the safe ones, the Gate decides the rest,
// the approved edits are written as one patch, and every step is recorded
// in an append-only journal in Dir, from which an interrupted run resumes
// and from which the human-readable artifacts are rendered:
//
//	Dir/journal.jsonl
//	Dir/round-N/reviewer-<name>.json, findings.md, skipped.md, rejected.md,
//	            applied.diff, pending.json and pending.md (when waiting)
//	Dir/summary.md
//
// Set the fields, then call Run. A Loop is not modified by Run.
type Loop struct {
	// Council reviews each round. Its Members are the reviewers; Run wraps
	// them to journal each Review as it arrives.
	Council council.Council

	// Policy decides what is applied without asking. A resumed run uses
	// the policy it started with.
	Policy Policy

	// Gate decides what the policy does not; nil means AutoGate.
	// optional
	Gate Approver

	// MaxRounds caps the rounds; 0 means DefaultMaxRounds. Negative is an
	// error.
	MaxRounds int

	// MaxSize is the largest document, in bytes, Run reviews; 0 means
	// DefaultMaxSize, negative is an error. A larger one is refused with
	// ErrTooLarge before anything is written: each round sends the whole
	// text to every reviewer and journals what they find, so time, memory
	// and journal grow with it. It is checked when a run starts or
	// resumes, not journaled.
	MaxSize int64

	// MaxFindings bounds the findings taken from one reviewer's answer in
	// a round (council.Options.MaxFindings): 0 means
	// council.DefaultMaxFindings, negative means no bound. When a review
	// is cut, the most severe findings are kept and skipped.md notes it.
	MaxFindings int

	// Dir is the folder of the journal and artifacts. Required.
	Dir string

	// ReaderProfile describes the intended reader; reviewers receive it.
	// A resumed run uses the profile it started with. optional
	ReaderProfile string

	// References is shared material every reviewer receives. optional
	References []agent.Reference

	// DryRun reviews and decides one round, writes the journal and the
	// artifacts (the diff shows what would change) and leaves the
	// document alone. Optional.
	DryRun bool

	// Prices prices the reviewers' usage by model, so the outcome and
	// summary.md report the cost of each reviewer, round and run; nil
	// reports tokens only. optional
	Prices agent.Prices

	// Observer receives the loop's Events. CouncilEvent and Reviewed
	// events come from the reviewer goroutines, concurrently (see
	// council.Observer); the others from Run's goroutine. optional
	Observer func(Event)

	// Logger receives progress records; nil discards them. // optional
	Logger *slog.Logger
}

// EventKind says what happened in a loop.
type EventKind string

// The loop's events.
const (
	RoundStarted EventKind = "round-started" // a round begins
	Reviewed     EventKind = "reviewed"      // a reviewer's Review was journaled
	Decided      EventKind = "decided"       // the round's decisions are made and journaled
	Planned      EventKind = "planned"       // a patch is journaled but not yet written
	Written      EventKind = "written"       // a patch is on disk but not yet journaled as applied
	RoundEnded   EventKind = "round-ended"   // the round's artifacts are written
	CouncilEvent EventKind = "council"       // a council event; Council holds it
	UndoPlanned  EventKind = "undo-planned"  // Undo journaled what it will revert; nothing is reverted yet
	UndoWritten  EventKind = "undo-written"  // one patch's revert is on disk but not yet journaled
	UndoRecorded EventKind = "undo-recorded" // one patch's revert is journaled
)

// Event reports a loop's progress.
type Event struct {
	Kind  EventKind
	Round int
	// Council is the council's event, for CouncilEvent only.
	Council *council.Event
}

// Errors Run returns.
var (
	// ErrUnfinishedRun: Dir holds a run that has not ended and resume was
	// not asked for.
	ErrUnfinishedRun = errors.New("loop: an unfinished run exists")
	// ErrNothingToResume: resume was asked for but Dir holds no unfinished
	// run.
	ErrNothingToResume = errors.New("loop: nothing to resume")
	// ErrDocumentChanged: the document is not what the journal says it
	// should be: someone else changed it. Nothing is written.
	ErrDocumentChanged = errors.New("loop: document changed outside the run")
	// ErrConflictingApprovals: the gate approved two findings of one
	// conflict group.
	ErrConflictingApprovals = errors.New("loop: conflicting findings approved")
	// ErrOtherFile: resume was asked for a different file than the run's.
	ErrOtherFile = errors.New("loop: the journal belongs to another file")
	// ErrTooLarge: the document is larger than Loop.MaxSize.
	ErrTooLarge = errors.New("loop: document too large")
)

// checkSize refuses a document larger than limit bytes.
func checkSize(path string, limit int64) error {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() <= limit {
		return nil // readDocument says what is wrong
	}
	return fmt.Errorf("%w: %s is %s (%d bytes), more than the limit of %s (%d bytes); Loop.MaxSize raises it",
		ErrTooLarge, relName(path), sizeText(fi.Size()), fi.Size(), sizeText(limit), limit)
}

// sizeText formats a byte count for people: "50.0 MiB", "812 bytes".
func sizeText(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// hashHex returns the SHA-256 of b in hex.
func hashHex(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// readDocument reads the file the loop works on and checks it is text the
// loop can review.
func readDocument(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("loop: %w", err)
	}
	if fi.IsDir() {
		return nil, fmt.Errorf("loop: %s is a directory, not a document", path)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("loop: %s is not a regular file", path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("loop: %w", err)
	}
	if err := checkText(path, data); err != nil {
		return nil, err
	}
	return data, nil
}

// ErrNotWritable reports a document the run may not write: it is
// read-only (no write permission bit, which is refused even where the
// system would let the caller write, as it lets root), or opening it for
// writing fails. Only a dry run reviews such a document.
var ErrNotWritable = errors.New("loop: the document is not writable")

// ErrNotText reports a document that is empty, binary or not UTF-8.
var ErrNotText = errors.New("loop: not a text document")

// checkText refuses empty, binary and non-UTF-8 documents; a UTF-16 or
// UTF-32 one is named as such, so that its user knows what to convert.
func checkText(path string, data []byte) error {
	if len(data) == 0 {
		return fmt.Errorf("%w: %s is empty", ErrNotText, path)
	}
	if enc := wideEncoding(data); enc != "" {
		return fmt.Errorf("%w: %s is %s; convert it to UTF-8 first (for example: iconv -f %s -t UTF-8)", ErrNotText, path, enc, strings.Fields(enc)[0])
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return fmt.Errorf("%w: %s looks binary (NUL byte at offset %d)", ErrNotText, path, i)
	}
	if !utf8.Valid(data) {
		line := 1 + bytes.Count(data[:firstInvalid(data)], []byte{'\n'})
		return fmt.Errorf("%w: %s is not UTF-8 (line %d); is it Shift_JIS or another encoding? Convert it to UTF-8 first", ErrNotText, path, line)
	}
	return nil
}

// wideEncoding names the encoding of a UTF-16 or UTF-32 text, "" for
// anything else: by its byte order mark, or, without one, by the NUL bytes
// that fill every other byte of mostly ASCII UTF-16 text, always at odd
// offsets (little-endian) or always at even ones (big-endian).
func wideEncoding(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE, 0, 0}):
		return "UTF-32LE (UTF-32, little-endian)"
	case bytes.HasPrefix(data, []byte{0, 0, 0xFE, 0xFF}):
		return "UTF-32BE (UTF-32, big-endian)"
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		return "UTF-16LE (UTF-16, little-endian)"
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		return "UTF-16BE (UTF-16, big-endian)"
	}
	head := data[:min(len(data), 1024)&^1]
	even, odd := 0, 0
	for i := 0; i < len(head); i += 2 {
		if head[i] == 0 {
			even++
		}
		if head[i+1] == 0 {
			odd++
		}
	}
	pairs := len(head) / 2
	switch {
	case pairs == 0:
		return ""
	case odd*2 >= pairs && even*8 <= odd:
		return "UTF-16LE (UTF-16, little-endian, without a byte order mark)"
	case even*2 >= pairs && odd*8 <= even:
		return "UTF-16BE (UTF-16, big-endian, without a byte order mark)"
	}
	return ""
}

// firstInvalid returns the offset of the first byte of data that is not
// part of valid UTF-8.
func firstInvalid(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(data)
}

// relName returns path relative to the working directory when that is
// shorter and does not climb out, for messages and prompts.
func relName(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	return path
}

// writeFile replaces the file at path with data atomically (apply.Dir's
// temporary file, fsync and rename), keeping its permissions.
func writeFile(path string, data []byte) error {
	d, err := apply.OpenDir(filepath.Dir(path))
	if err != nil {
		return err
	}
	defer d.Close()
	return d.WriteFile(filepath.Base(path), data)
}

// checkWritable refuses a document the run may not write (ErrNotWritable).
// The run replaces the file by renaming a new one over it, which the
// file's own permissions do not stop, so they are checked here.
func checkWritable(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("loop: %w", err)
	}
	if perm := fi.Mode().Perm(); perm&0o222 == 0 {
		return fmt.Errorf("%w: %s is read-only (mode %04o); make it writable to let the run edit it, or review it in a dry run", ErrNotWritable, relName(path), perm)
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNotWritable, err)
	}
	return f.Close()
}

// writeDocument replaces the document at path with data, made by what
// (for messages; example: "round 2's edits") from the text whose SHA-256
// is base, unless the document no longer has that hash: then nothing is
// written and the error wraps ErrDocumentChanged. The check is made just
// before the write, so an edit saved while reviewers or a gate worked is
// never overwritten; a writer that saves within the few milliseconds of
// the write itself is not seen (no lock that editors honour exists).
func writeDocument(path, base, what string, data []byte) error {
	cur, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("loop: %w", err)
	}
	if got := hashHex(cur); got != base {
		return fmt.Errorf("%w: %s was changed while the run worked on it (its SHA-256 is now %s, %s expected %s): nothing was written, the change is kept",
			ErrDocumentChanged, relName(path), short(got), what, short(base))
	}
	if err := writeFile(path, data); err != nil {
		return err
	}
	// The caller journals next that the write is done: its name must be
	// durable first (see syncDir).
	if err := syncDir(filepath.Dir(path)); err != nil {
		return fmt.Errorf("%s is written, but its folder could not be synced: %w", relName(path), err)
	}
	return nil
}

// short abbreviates a hex hash for messages; a shorter string (a journal
// that holds one) is returned whole.
func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}

// removeStaleTemp removes the temporary files that writes cut short by a
// crash left (apply.Dir.RemoveStaleTemp): the document's own, and only
// its (another program may be writing the files next to it), and every
// one in the run folder dir and its round folders, which only the holder
// of the journal's lock writes. The caller holds that lock. (A run on the
// same document with another Dir, which the lock does not exclude, could
// lose the temporary file of a write in flight: that write then fails and
// is resumed; the hash check before every write keeps the document safe.)
// A failure is logged, not returned: the files are litter, not state.
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
