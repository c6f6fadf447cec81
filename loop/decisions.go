package loop

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// fileDecision is one entry of a decisions file.
type fileDecision struct {
	entry  int // 1-based position in the file
	key    string
	action Action // "" when the entry decides nothing yet
	reason string
}

// decisionsShape shows the shape a decisions file must have.
const decisionsShape = `an array of decisions, the shape of pending.json: [{"key": "r1/fact-checker/F001", "action": "reject", "reason": "..."}]`

// parseDecisions reads a decisions file: a JSON array of objects with a
// "key", an "action" (apply, reject or defer, see ParseAction; empty or
// missing means not decided yet) and an optional "reason"; other fields
// (pending.json's label, lines, quote, fix) are ignored. A leading UTF-8
// BOM, which some editors write, is allowed. It refuses, with a message
// that says what was expected and where (entry number, or line and
// column): anything but an array, an entry that is not an object or has
// no key, a field that is not a string, an unknown action, and a key
// named twice (which of the two was meant cannot be known).
func parseDecisions(data []byte) ([]fileDecision, error) {
	type entry struct {
		Key    string `json:"key"`
		Action string `json:"action"`
		Reason string `json:"reason"`
	}
	entries, err := decodeArray[entry](data, decisionsShape, `an object with "key" and "action"`)
	if err != nil {
		return nil, err
	}
	out := make([]fileDecision, 0, len(entries))
	seen := make(map[string]int, len(entries))
	for i, e := range entries {
		n := i + 1
		key := strings.TrimSpace(e.Key)
		if key == "" {
			return nil, fmt.Errorf("entry %d has no \"key\"; copy the keys from pending.json", n)
		}
		if first, dup := seen[key]; dup {
			return nil, fmt.Errorf("%s is decided twice (entries %d and %d); keep one of them", key, first, n)
		}
		seen[key] = n
		d := fileDecision{entry: n, key: key, reason: e.Reason}
		if strings.TrimSpace(e.Action) != "" {
			a, err := ParseAction(e.Action)
			if err != nil {
				return nil, fmt.Errorf("entry %d (%s): %v", n, key, err)
			}
			d.action = a
		}
		out = append(out, d)
	}
	return out, nil
}

// decodeArray decodes a file a person writes: a JSON array of objects,
// each into a T. A leading UTF-8 BOM, which some editors write, is
// allowed; a UTF-16 or UTF-32 file is refused naming its encoding. It
// refuses, with a message that says what was expected (shape
// for the file, entry for each element) and where (entry number, or line
// and column): anything but an array, an entry that is not an object, and
// a field of the wrong JSON type.
func decodeArray[T any](data []byte, shape, entry string) ([]T, error) {
	if enc := wideEncoding(data); enc != "" {
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
