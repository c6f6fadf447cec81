package loop

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/loop/internal/runfile"
)

// DefaultMaxSize is the one limit on every loop's inputs (documents,
// drafts, specs), in bytes, unless its driver is told otherwise: 4 MiB,
// far past any article and well within what a model reads. An input over
// it is refused with a *TooLargeError; the example commands raise it with
// -max-size.
const DefaultMaxSize = 4 << 20

// ErrTooLarge: the document is larger than the loop's size limit. The
// error is a *TooLargeError.
var ErrTooLarge = errors.New("document too large")

// TooLargeError is the error of an input larger than its size limit; it
// matches ErrTooLarge. A command that lets its user raise the limit finds
// it with errors.As and says how, with the flag's name as Knob.
type TooLargeError struct {
	Path  string // the input, as the message names it
	Size  int64  // its size in bytes
	Limit int64  // the limit in bytes
	// Knob names the setting that raises the limit, for the message
	// ("Loop.MaxSize", "-max-size 8M"); empty names none.
	Knob string
}

// Error says which input is how large, the limit, and what raises it.
func (e *TooLargeError) Error() string {
	msg := fmt.Sprintf("%v: %s is %s (%d bytes), more than the limit of %s (%d bytes)",
		ErrTooLarge, e.Path, sizeText(e.Size), e.Size, sizeText(e.Limit), e.Limit)
	if e.Knob != "" {
		msg += "; raise it with " + e.Knob
	}
	return msg
}

// Is reports whether target is ErrTooLarge.
func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// CheckSize refuses a document larger than limit bytes with a
// *TooLargeError (ErrTooLarge), naming its size and the limit; a path that
// is not a regular file passes (ReadDocument says what is wrong with it).
// knob names the setting that raises the limit, for the message. Example:
// "Loop.MaxSize".
func CheckSize(path string, limit int64, knob string) error {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() <= limit {
		return nil
	}
	return &TooLargeError{Path: RelName(path), Size: fi.Size(), Limit: limit, Knob: knob}
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

// ReadDocument reads the file at path and checks it is text a loop can
// review: a regular file (not a folder), not empty, not binary, UTF-8 (a
// UTF-16 or UTF-32 file is named as such, with what to do; ErrNotText).
func ReadDocument(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return nil, fmt.Errorf("%s is a directory, not a document", path)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
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
var ErrNotWritable = errors.New("the document is not writable")

// ErrNotText reports a document that is empty, binary or not UTF-8.
var ErrNotText = errors.New("not a text document")

// checkText refuses empty, binary and non-UTF-8 documents; a UTF-16 or
// UTF-32 one is named as such, so that its user knows what to convert.
func checkText(path string, data []byte) error {
	if len(data) == 0 {
		return fmt.Errorf("%w: %s is empty", ErrNotText, path)
	}
	if enc := runfile.WideEncoding(data); enc != "" {
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

// RelName returns path relative to the working directory when it lies
// below it, for messages and prompts; otherwise path as it is.
func RelName(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	return path
}

// CheckWritable refuses a document a run may not write (ErrNotWritable).
// A run replaces the file by renaming a new one over it, which the file's
// own permissions do not stop, so they are checked here.
func CheckWritable(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if perm := fi.Mode().Perm(); perm&0o222 == 0 {
		return fmt.Errorf("%w: %s is read-only (mode %04o); make it writable to let the run edit it, or review it in a dry run", ErrNotWritable, RelName(path), perm)
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNotWritable, err)
	}
	return f.Close()
}

// OpenDocument resolves path (made absolute, a symbolic link followed: the
// file it names is the document) and reads it: CheckSize with limit (knob
// names the setting that raises it), ReadDocument, and CheckWritable when
// writable is set. Nothing is written.
func OpenDocument(path string, limit int64, knob string, writable bool) (abs string, doc []byte, err error) {
	if abs, err = filepath.Abs(path); err != nil {
		return "", nil, err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if err := CheckSize(abs, limit, knob); err != nil {
		return "", nil, err
	}
	if doc, err = ReadDocument(abs); err != nil {
		return "", nil, err
	}
	if writable {
		if err := CheckWritable(abs); err != nil {
			return "", nil, err
		}
	}
	return abs, doc, nil
}
