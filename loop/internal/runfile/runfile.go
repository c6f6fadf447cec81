// Package runfile holds what package loop and package rounds both do
// with the files of a run: name a document's wide encoding, decode the
// JSON arrays a person writes (decisions, answers) with messages that say
// where the file went wrong, and sweep the temporary files a cut-short
// write left in a run folder.
package runfile

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/apply"
)

// WideEncoding names the encoding of a UTF-16 or UTF-32 text, "" for
// anything else: by its byte order mark, or, without one, by the NUL bytes
// that fill every other byte of mostly ASCII UTF-16 text, always at odd
// offsets (little-endian) or always at even ones (big-endian).
func WideEncoding(data []byte) string {
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

// DecodeArray decodes a file a person writes: a JSON array of objects,
// each into a T. A leading UTF-8 BOM, which some editors write, is
// allowed; a UTF-16 or UTF-32 file is refused naming its encoding. It
// refuses, with a message that says what was expected (shape
// for the file, entry for each element) and where (entry number, or line
// and column): anything but an array, an entry that is not an object, and
// a field of the wrong JSON type.
func DecodeArray[T any](data []byte, shape, entry string) ([]T, error) {
	if enc := WideEncoding(data); enc != "" {
		return nil, fmt.Errorf("the file is %s; save it as UTF-8 (for example: iconv -f %s -t UTF-8)", enc, strings.Fields(enc)[0])
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	if len(trimmed) == 0 {
		return nil, fmt.Errorf("the file is empty; want %s, or [] while nothing is decided", shape)
	}
	if trimmed[0] != '[' && json.Valid(data) {
		return nil, fmt.Errorf("the file holds a JSON %s; want %s", jsonKind(trimmed[0]), shape)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, syntaxError(data, shape, err)
	}
	out := make([]T, 0, len(raw))
	for i, r := range raw {
		n := i + 1
		if r = bytes.TrimLeft(r, " \t\r\n"); len(r) == 0 || r[0] != '{' {
			kind := "empty value"
			if len(r) > 0 {
				kind = "JSON " + jsonKind(r[0])
			}
			return nil, fmt.Errorf("entry %d is a %s; want %s", n, kind, entry)
		}
		var v T
		if err := json.Unmarshal(r, &v); err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) && te.Field != "" {
				return nil, fmt.Errorf("entry %d: %q is a JSON %s; want a string", n, te.Field, te.Value)
			}
			return nil, fmt.Errorf("entry %d: %v", n, err)
		}
		out = append(out, v)
	}
	return out, nil
}

// jsonKind names the kind of JSON value that starts with c.
func jsonKind(c byte) string {
	switch {
	case c == '{':
		return "object"
	case c == '[':
		return "array"
	case c == '"':
		return "string"
	case c == 't' || c == 'f':
		return "boolean"
	case c == 'n':
		return "null"
	case c == '-' || c >= '0' && c <= '9':
		return "number"
	}
	return "value"
}

// syntaxError says where data stops being JSON, by line and column.
func syntaxError(data []byte, shape string, err error) error {
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return fmt.Errorf("not %s: %v", shape, err)
	}
	// Offset counts the bytes read, the wrong one included.
	bad := min(max(int(se.Offset)-1, 0), len(data))
	line := 1 + bytes.Count(data[:bad], []byte("\n"))
	col := 1 + utf8.RuneCount(data[bytes.LastIndexByte(data[:bad], '\n')+1:bad])
	return fmt.Errorf("not valid JSON at line %d, column %d: %v", line, col, se)
}

// SweepStale removes the temporary files that writes cut short by a
// crash left (apply.Dir.RemoveStaleTemp): each document's own, and only
// its (another program may be writing the files next to it), and every
// one in the run folder dir and in its subfolders whose names start with
// "round-" and theirs, at any depth (a run over several documents renders
// into round-N/NAME/), which only the holder of the journal's lock
// writes; the history is left alone. The caller
// holds that lock. A failure is logged, not returned: the files are
// litter, not state.
func SweepStale(ctx context.Context, log *slog.Logger, dir string, docs ...string) {
	type glob struct{ root, name string }
	names := []glob{{dir, "*"}}
	for _, doc := range docs {
		names = append(names, glob{filepath.Dir(doc), filepath.Base(doc)})
	}
	if entries, err := os.ReadDir(dir); err == nil {
		for _, e := range entries {
			if !e.IsDir() || !strings.HasPrefix(e.Name(), "round-") {
				continue
			}
			// A run over several documents renders into round-N/NAME/...
			err := filepath.WalkDir(filepath.Join(dir, e.Name()), func(p string, d fs.DirEntry, err error) error {
				if err != nil || !d.IsDir() {
					return err
				}
				rel, err := filepath.Rel(dir, p)
				if err == nil {
					names = append(names, glob{dir, filepath.Join(rel, "*")})
				}
				return err
			})
			if err != nil {
				log.LogAttrs(ctx, slog.LevelWarn, "stale temporary files not looked for", slog.String("folder", filepath.Join(dir, e.Name())), slog.Any("err", err))
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
