package finding

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/invopop/jsonschema"
)

// LineRange is a 1-based, inclusive range of lines. Start == End names one
// line. The zero value means "no range given"; IsZero reports it. Council
// JSON v1 requires a range on every finding, so a Finding whose LineRange
// is the zero value (it encodes as "") does not validate.
//
// In JSON a LineRange is a string: "12" or "12-15". ParseLineRange (and so
// JSON decoding) also accepts an en dash ("12–15"), an "L" prefix
// ("L12-L15") and surrounding white space (" 12 - 15 ").
type LineRange struct {
	Start int // first line, >= 1
	End   int // last line, >= Start
}

// IsZero reports whether r is the zero LineRange (no range given).
func (r LineRange) IsZero() bool { return r == LineRange{} }

// Valid reports whether 1 <= Start <= End.
func (r LineRange) Valid() bool { return r.Start >= 1 && r.End >= r.Start }

// Contains reports whether line lies within r.
func (r LineRange) Contains(line int) bool { return line >= r.Start && line <= r.End }

// String formats r as "12" or "12-15"; the zero range formats as "".
func (r LineRange) String() string {
	switch {
	case r.IsZero():
		return ""
	case r.Start == r.End:
		return strconv.Itoa(r.Start)
	default:
		return strconv.Itoa(r.Start) + "-" + strconv.Itoa(r.End)
	}
}

// MarshalText encodes r as its String form.
func (r LineRange) MarshalText() ([]byte, error) {
	if !r.IsZero() && !r.Valid() {
		return nil, fmt.Errorf("%w %d-%d: want 1 <= start <= end", ErrInvalidLineRange, r.Start, r.End)
	}
	return []byte(r.String()), nil
}

// UnmarshalText decodes a line range with ParseLineRange. An empty text
// decodes to the zero range.
func (r *LineRange) UnmarshalText(text []byte) error {
	if strings.TrimSpace(string(text)) == "" {
		*r = LineRange{}
		return nil
	}
	v, err := ParseLineRange(string(text))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// LineRangePattern is the regular expression the schema gives for
// line_range; ParseLineRange further rejects zero and reversed ranges.
const LineRangePattern = `^\s*[Ll]?[0-9]+\s*(?:[-–—~]\s*[Ll]?[0-9]+\s*)?$`

// JSONSchema describes LineRange as a string matching LineRangePattern.
func (LineRange) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type:        "string",
		Pattern:     LineRangePattern,
		Description: `1-based inclusive line range, "12" or "12-15"`,
		Examples:    []any{"12-15"},
	}
}

// maxLine bounds line numbers so that arithmetic on them cannot overflow.
const maxLine = 1 << 30

// ErrInvalidLineRange is wrapped by every error ParseLineRange returns.
var ErrInvalidLineRange = errors.New("finding: invalid line range")

// ParseLineRange parses "12", "12-15", "12–15" (en dash), "L12-L15" and
// " 12 - 15 ". Reversed ("15-12"), zero, negative and non-numeric ranges
// are errors that quote the bad value and wrap ErrInvalidLineRange.
func ParseLineRange(s string) (LineRange, error) {
	bad := func(why string) (LineRange, error) {
		return LineRange{}, fmt.Errorf("%w %q: %s", ErrInvalidLineRange, s, why)
	}
	t := strings.TrimSpace(s)
	if t == "" {
		return bad("empty")
	}
	first, rest, hasDash := cutDash(t)
	start, err := parseLine(first)
	if err != nil {
		return bad(err.Error())
	}
	end := start
	if hasDash {
		if end, err = parseLine(rest); err != nil {
			return bad(err.Error())
		}
	}
	if end < start {
		return bad(fmt.Sprintf("reversed (%d is after %d)", start, end))
	}
	return LineRange{Start: start, End: end}, nil
}

// cutDash splits s at the first range separator that is not a leading
// minus sign: '-', en dash, em dash or '~'.
func cutDash(s string) (before, after string, found bool) {
	for i, r := range s {
		if i == 0 {
			continue // a leading '-' is a sign, reported as negative below
		}
		switch r {
		case '-', '–', '—', '~':
			return s[:i], s[i+len(string(r)):], true
		}
	}
	return s, "", false
}

// parseLine parses one line number: optional "L", digits, optional space.
func parseLine(s string) (int, error) {
	t := strings.TrimSpace(s)
	if t != "" && (t[0] == 'L' || t[0] == 'l') {
		t = t[1:]
	}
	if t == "" {
		return 0, fmt.Errorf("missing line number")
	}
	if t[0] == '-' || t[0] == '+' {
		if _, err := strconv.Atoi(t); err == nil && t[0] == '-' {
			return 0, fmt.Errorf("negative line number %s", t)
		}
		return 0, fmt.Errorf("%q is not a line number", strings.TrimSpace(s))
	}
	for _, c := range t {
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("%q is not a line number", strings.TrimSpace(s))
		}
	}
	n, err := strconv.Atoi(t)
	if err != nil || n > maxLine {
		return 0, fmt.Errorf("line number %s is too large", t)
	}
	if n == 0 {
		return 0, fmt.Errorf("line numbers start at 1, not 0")
	}
	return n, nil
}
