package apply

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
)

// ErrChanged: Undo found a file whose content is neither what a journalled
// patch produced nor what it started from, so someone else changed it.
var ErrChanged = errors.New("file was changed by someone else")

// Journal is an append-only undo log of the patches a program applied to
// files, so that Undo can revert them even after a crash between files.
// Each record is one JSON line, synced to disk before the call returns:
// before a file is written, a "begin" record holds its name, the SHA-256 of
// its base and result and the patch's changes; after the write, a "commit"
// record.
//
// A Journal is safe for concurrent use: its Apply and Undo calls run one at
// a time, each from reading the file to the commit record, so two
// concurrent Applies of patches with the same base to one file cannot both
// succeed; the second finds the first one's result and fails with
// ErrBaseMismatch.
// (Writers that do not go through the Journal must coordinate themselves.)
type Journal struct {
	mu   sync.Mutex
	f    *os.File
	path string // for messages
}

// record is one line of the journal.
type record struct {
	Op     string `json:"op"` // "begin" or "commit"
	File   string `json:"file"`
	Patch  *Patch `json:"patch,omitempty"`  // begin only
	Result string `json:"result,omitempty"` // commit only: hex SHA-256
}

// OpenJournal opens the journal at path for appending, creating it when it
// does not exist, and drops a last line left incomplete by a crash. It
// syncs the journal's folder where the system allows, ignoring a failure
// to. Close it when done.
func OpenJournal(path string) (*Journal, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("apply: open journal: %w", err)
	}
	// A crash mid-append leaves a last line without its newline. Drop it,
	// so that new records start on a line of their own: a begin record cut
	// short means its file was never written.
	if data, err := os.ReadFile(path); err == nil && len(data) > 0 && data[len(data)-1] != '\n' {
		if err := f.Truncate(int64(bytes.LastIndexByte(data, '\n') + 1)); err != nil {
			f.Close()
			return nil, fmt.Errorf("apply: open journal: drop a torn last line: %w", err)
		}
	}
	// Sync the folder so that a journal just created survives a power
	// cut. Best effort, as in Dir.WriteFile: not every system can.
	if dir, err := os.Open(filepath.Dir(path)); err == nil {
		_ = dir.Sync()
		dir.Close()
	}
	return &Journal{f: f, path: path}, nil
}

// Close closes the journal file, after any Apply in progress.
func (j *Journal) Close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.f.Close()
}

// Apply applies p to the file name inside d and journals it: it reads the
// file, applies p (refusing, with ErrBaseMismatch, a file that is not p's
// base), appends a begin record, writes the result atomically and appends a
// commit record. A failed Apply leaves the file as it was. Concurrent
// Applies on one Journal run one after another.
func (j *Journal) Apply(ctx context.Context, d *Dir, name string, p *Patch) error {
	// Hold the lock from the read to the commit, so that no other Apply
	// writes the file between the base check and the write.
	j.mu.Lock()
	defer j.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("apply: %s: %w", name, err)
	}
	doc, err := d.ReadFile(name)
	if err != nil {
		return err
	}
	out, err := p.Apply(doc)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err) // p.Apply's error says "apply: ..."
	}
	name = filepath.ToSlash(filepath.Clean(name))
	if err := j.append(record{Op: "begin", File: name, Patch: p}); err != nil {
		return err
	}
	if err := d.WriteFile(name, out); err != nil {
		return err
	}
	return j.append(record{Op: "commit", File: name, Result: hex.EncodeToString(p.Result[:])})
}

// append writes one record as a JSON line and syncs the journal. The
// caller holds j.mu.
func (j *Journal) append(r record) error {
	line, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("apply: journal %s, record for %s: %w", j.path, r.File, err)
	}
	if _, err := j.f.Write(append(line, '\n')); err != nil {
		return fmt.Errorf("apply: journal %s, record for %s: %w", j.path, r.File, err)
	}
	if err := j.f.Sync(); err != nil {
		return fmt.Errorf("apply: journal %s, record for %s: %w", j.path, r.File, err)
	}
	return nil
}

// Entry is one journalled patch.
type Entry struct {
	// File is the file's name inside the root folder.
	File string
	// Patch is the patch as recorded: enough to Apply and Inverse, not
	// to Revert.
	Patch *Patch
	// Committed reports that the write completed; false after a crash
	// between the begin record and the end of the write.
	Committed bool
}

// ReadJournal reads the entries of the journal at path in the order they
// were written. Blank lines are skipped, and a last line cut short by a
// crash is ignored (its file was not written yet); any other malformed line
// is an error naming its number.
func ReadJournal(path string) ([]Entry, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("apply: read journal: %w", err)
	}
	var entries []Entry
	n := 0
	for line := range bytes.Lines(data) {
		n++
		if len(bytes.TrimSpace(line)) == 0 {
			continue // a blank line, from an editor or a torn append
		}
		var r record
		err := json.Unmarshal(line, &r)
		if err == nil && (r.Op == "begin") != (r.Patch != nil) {
			err = errors.New("not a journal record")
		}
		if err != nil {
			if !bytes.HasSuffix(line, []byte{'\n'}) {
				break // the last line, cut short by a crash
			}
			return nil, fmt.Errorf("apply: journal %s line %d: %w", path, n, err)
		}
		switch r.Op {
		case "begin":
			entries = append(entries, Entry{File: r.File, Patch: r.Patch})
		case "commit":
			i := slices.IndexFunc(entries, func(e Entry) bool {
				return e.File == r.File && !e.Committed && hex.EncodeToString(e.Patch.Result[:]) == r.Result
			})
			if i < 0 {
				return nil, fmt.Errorf("apply: journal %s line %d: commit of %s without its begin record", path, n, r.File)
			}
			entries[i].Committed = true
		default:
			return nil, fmt.Errorf("apply: journal %s line %d: unknown op %q", path, n, r.Op)
		}
	}
	return entries, nil
}

// Undo reverts, inside d, every patch recorded in the journal at path,
// newest first. For each file it reads the current content: if it is the
// result of a journalled patch, the patch is inverted (and so on back
// through earlier patches of the same file); if it is already the base, the
// patch was never written (a crash before the write) or was undone, and
// nothing happens. Any other content is refused with ErrChanged naming the
// file: someone else changed it. Each file is written at most once,
// atomically. Errors for different files are joined; the others are still
// undone. Running Undo twice is harmless.
func Undo(ctx context.Context, d *Dir, path string) error {
	entries, err := ReadJournal(path)
	if err != nil {
		return err
	}
	var files []string // newest first
	byFile := make(map[string][]*Patch)
	for i := len(entries) - 1; i >= 0; i-- {
		e := entries[i]
		if byFile[e.File] == nil {
			files = append(files, e.File)
		}
		byFile[e.File] = append(byFile[e.File], e.Patch)
	}
	var errs []error
	for _, name := range files {
		if err := ctx.Err(); err != nil {
			return errors.Join(append(errs, fmt.Errorf("apply: undo: %w", err))...)
		}
		if err := undoFile(d, name, byFile[name]); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Undo is the package function Undo for j's own journal file, run under
// j's lock: it waits for an Apply through j in progress to commit, and no
// Apply through j starts until it is done.
func (j *Journal) Undo(ctx context.Context, d *Dir) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	return Undo(ctx, d, j.path)
}

// undoFile reverts the patches of one file, given newest first.
func undoFile(d *Dir, name string, patches []*Patch) error {
	doc, err := d.ReadFile(name)
	if err != nil {
		return err
	}
	h := sha256.Sum256(doc)
	if !slices.ContainsFunc(patches, func(p *Patch) bool { return h == p.Result || h == p.Base }) {
		return fmt.Errorf("apply: undo %s: %w (sha256 %x matches no journalled version)", name, ErrChanged, h)
	}
	out := doc
	for _, p := range patches {
		if sha256.Sum256(out) != p.Result {
			continue
		}
		if out, err = p.Inverse().Apply(out); err != nil {
			return fmt.Errorf("undo %s: %w", name, err) // err says "apply: ..."
		}
	}
	if bytes.Equal(out, doc) {
		return nil
	}
	return d.WriteFile(name, out)
}
