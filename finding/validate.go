package finding

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	jsv "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// ErrSchemaViolation is wrapped by every error that means "the model's
// answer is not a valid Council JSON v1 Report": a loop that sees it asks
// the reviewer once to re-emit its report. Check with errors.Is.
var ErrSchemaViolation = errors.New("finding: schema violation")

// Violation is one way a document breaks Council JSON v1.
type Violation struct {
	// Pointer is the JSON pointer (RFC 6901) of the offending value.
	// Example: "/findings/2/confidence". "" means the whole document.
	Pointer string `json:"pointer"`

	// Message says what is wrong. Example: "must be <= 100, got 150".
	Message string `json:"message"`
}

// String formats v as "pointer: message"; the whole document is "(root)".
func (v Violation) String() string {
	p := v.Pointer
	if p == "" {
		p = "(root)"
	}
	return p + ": " + v.Message
}

// ValidationError lists every violation found in one document. It wraps
// ErrSchemaViolation. Its Error text lists the violations one per line (at
// most 50 of them), so it can be handed back to a model in a repair prompt
// as it is.
type ValidationError struct {
	// Reviewer is the document's "reviewer" field, when it has one.
	// It may be empty.
	Reviewer string

	// Violations holds every violation, sorted by Pointer; never empty.
	Violations []Violation
}

// maxListed is how many violations ValidationError.Error lists; the text is
// sent back to a model, so it must stay short.
const maxListed = 50

// Error lists the violations one per line after a heading that names the
// reviewer when it is known: the first 50, then "… and N more" when there
// are more (Violations holds them all).
func (e *ValidationError) Error() string {
	var b strings.Builder
	b.WriteString("finding: ")
	if e.Reviewer != "" {
		fmt.Fprintf(&b, "report of reviewer %q", e.Reviewer)
	} else {
		b.WriteString("report")
	}
	n := len(e.Violations)
	fmt.Fprintf(&b, " is not valid Council JSON v1 (%d violation%s):", n, plural(n))
	for _, v := range e.Violations[:min(n, maxListed)] {
		b.WriteString("\n")
		b.WriteString(v.String())
	}
	if n > maxListed {
		fmt.Fprintf(&b, "\n… and %d more", n-maxListed)
	}
	return b.String()
}

// Unwrap returns ErrSchemaViolation.
func (e *ValidationError) Unwrap() error { return ErrSchemaViolation }

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// bareArrayMessage explains the most common old-format mistake.
const bareArrayMessage = `a bare JSON array of findings (old format); wrap it in a Report object with schema_version "1": {"reviewer": ..., "schema_version": "1", "summary": ..., "findings": [...]}`

// Validate checks raw JSON against the schema of Report (see Schema) and
// then checks what the schema cannot express: that line_range (a
// finding's and each related place's) is not zero or reversed, that confidence is written as a plain integer, that finding
// ids are unique, and that schema_version is exactly "1". A UTF-8 byte
// order mark before the JSON is ignored.
//
// It returns nil or a *ValidationError listing every violation.
func Validate(data []byte) error {
	cs, err := loadSchema()
	if err != nil {
		return err
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	doc, err := jsv.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return &ValidationError{Violations: []Violation{{Message: "not valid JSON: " + syntaxMessage(data, err)}}}
	}
	switch doc.(type) {
	case map[string]any:
	case []any:
		return &ValidationError{Violations: []Violation{{Message: bareArrayMessage}}}
	default:
		return &ValidationError{Violations: []Violation{{Message: "must be a JSON object (a Council JSON v1 Report), got " + jsonType(doc)}}}
	}
	var vs []Violation
	var verr *jsv.ValidationError
	if err := cs.sch.Validate(doc); errors.As(err, &verr) {
		collect(verr, &vs, message.NewPrinter(language.English))
	} else if err != nil {
		return fmt.Errorf("finding: validate report: %w", err)
	}
	vs = mergeSemantic(vs, semanticViolations(doc.(map[string]any)))
	if len(vs) == 0 {
		return nil
	}
	e := &ValidationError{Violations: vs}
	e.Reviewer, _ = doc.(map[string]any)["reviewer"].(string)
	return e
}

var utf8BOM = []byte("\uFEFF")

// syntaxMessage turns a JSON decoding error into "line L, column C: ...",
// counting columns in characters, not bytes.
func syntaxMessage(data []byte, err error) string {
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return "the JSON ends too early (truncated?)"
		}
		return err.Error()
	}
	off := int(min(max(se.Offset, 1), int64(len(data))))
	lineStart := bytes.LastIndexByte(data[:off], '\n') + 1
	line := 1 + bytes.Count(data[:lineStart], []byte("\n"))
	col := utf8.RuneCount(data[lineStart:off])
	return fmt.Sprintf("line %d, column %d: %v", line, col, se)
}

// jsonType names the JSON type of a value decoded with UseNumber.
func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	default:
		return "object"
	}
}

// SchemaViolations lists what err, an error of Validate of
// github.com/santhosh-tekuri/jsonschema/v6 against any schema, says: one
// Violation per leaf of its cause tree, worded as Validate words them
// (with the JSON pointer of the offending value), sorted by pointer. Any
// other non-nil error is one Violation of the whole document; nil gives
// nil. It lets a caller that validates model answers against a schema of
// its own build the same repair messages as Validate.
func SchemaViolations(err error) []Violation {
	var verr *jsv.ValidationError
	switch {
	case err == nil:
		return nil
	case !errors.As(err, &verr):
		return []Violation{{Message: err.Error()}}
	}
	var vs []Violation
	collect(verr, &vs, message.NewPrinter(language.English))
	slices.SortStableFunc(vs, func(a, b Violation) int { return comparePointers(a.Pointer, b.Pointer) })
	return slices.Compact(vs)
}

// collect appends the leaves of e's cause tree as Violations.
func collect(e *jsv.ValidationError, out *[]Violation, p *message.Printer) {
	if len(e.Causes) > 0 {
		for _, c := range e.Causes {
			collect(c, out, p)
		}
		return
	}
	ptr := pointer(e.InstanceLocation...)
	switch k := e.ErrorKind.(type) {
	case *kind.Required:
		for _, name := range k.Missing {
			*out = append(*out, Violation{ptr + pointer(name), "required property is missing"})
		}
	case *kind.AdditionalProperties:
		for _, name := range k.Properties {
			*out = append(*out, Violation{ptr + pointer(name), "unknown property; Council JSON v1 does not allow it"})
		}
	default:
		*out = append(*out, Violation{ptr, kindMessage(e.ErrorKind, p)})
	}
}

// kindMessage words the common schema errors for a model to act on.
func kindMessage(k jsv.ErrorKind, p *message.Printer) string {
	switch k := k.(type) {
	case *kind.Type:
		return fmt.Sprintf("must be of type %s, got %s", strings.Join(k.Want, " or "), k.Got)
	case *kind.Enum:
		want := make([]string, len(k.Want))
		for i, w := range k.Want {
			want[i] = display(w)
		}
		if len(want) == 1 {
			return fmt.Sprintf("must be %s, got %s", want[0], display(k.Got))
		}
		return fmt.Sprintf("must be one of %s, got %s", strings.Join(want, ", "), display(k.Got))
	case *kind.Minimum:
		return fmt.Sprintf("must be >= %s, got %s", k.Want.RatString(), k.Got.RatString())
	case *kind.Maximum:
		return fmt.Sprintf("must be <= %s, got %s", k.Want.RatString(), k.Got.RatString())
	case *kind.MinLength:
		if k.Want == 1 {
			return "must not be empty"
		}
		return fmt.Sprintf("must be at least %d characters, got %d", k.Want, k.Got)
	case *kind.Pattern:
		return fmt.Sprintf("%q does not match the pattern %s", k.Got, k.Want)
	default:
		return k.LocalizedString(p)
	}
}

// display formats a JSON value for a message.
func display(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// pointer encodes tokens as a JSON pointer (RFC 6901).
func pointer(tokens ...string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		t = strings.ReplaceAll(t, "~", "~0")
		b.WriteString(strings.ReplaceAll(t, "/", "~1"))
	}
	return b.String()
}

// semanticViolations checks what the schema cannot express.
func semanticViolations(doc map[string]any) []Violation {
	var vs []Violation
	switch v, ok := doc["schema_version"]; {
	case !ok:
		vs = append(vs, Violation{"/schema_version", `missing; a Council JSON v1 report must have "schema_version": "1"`})
	case v != SchemaVersion:
		vs = append(vs, Violation{"/schema_version", fmt.Sprintf(`must be the string "1" (Council JSON v1), got %s`, display(v))})
	}
	findings, _ := doc["findings"].([]any)
	seen := make(map[string]string, len(findings))
	for i, item := range findings {
		f, ok := item.(map[string]any)
		if !ok {
			continue // the schema reports the type
		}
		at := pointer("findings", strconv.Itoa(i))
		if s, ok := f["line_range"].(string); ok {
			if _, err := ParseLineRange(s); err != nil {
				vs = append(vs, Violation{at + "/line_range", strings.TrimPrefix(err.Error(), "finding: ")})
			}
		}
		related, _ := f["related"].([]any)
		for k, item := range related {
			l, _ := item.(map[string]any)
			if s, ok := l["line_range"].(string); ok {
				if _, err := ParseLineRange(s); err != nil {
					vs = append(vs, Violation{pointer("findings", strconv.Itoa(i), "related", strconv.Itoa(k), "line_range"), strings.TrimPrefix(err.Error(), "finding: ")})
				}
			}
		}
		if n, ok := f["confidence"].(json.Number); ok && strings.ContainsAny(string(n), ".eE") {
			vs = append(vs, Violation{at + "/confidence", "must be an integer from 0 to 100 written without a fraction or exponent, got " + string(n)})
		}
		if id, ok := f["id"].(string); ok && id != "" {
			if first, dup := seen[id]; dup {
				vs = append(vs, Violation{at + "/id", fmt.Sprintf("duplicate id %q, already used at %s", id, first)})
			} else {
				seen[id] = at + "/id"
			}
		}
	}
	return vs
}

// mergeSemantic combines schema and semantic violations: a semantic
// violation replaces the schema's at the same pointer, since it says more.
// The result is sorted by pointer, array indexes in numeric order.
func mergeSemantic(schema, semantic []Violation) []Violation {
	at := make(map[string]bool, len(semantic))
	for _, s := range semantic {
		at[s.Pointer] = true
	}
	out := slices.DeleteFunc(schema, func(v Violation) bool { return at[v.Pointer] })
	out = append(out, semantic...)
	// A stable order by pointer: ties keep their order (by index), which
	// a plain sort is faster at than SortStableFunc.
	idx := make([]int, len(out))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(i, j int) int {
		return cmp.Or(comparePointers(out[i].Pointer, out[j].Pointer), cmp.Compare(i, j))
	})
	sorted := make([]Violation, len(out))
	for k, i := range idx {
		sorted[k] = out[i]
	}
	return slices.Compact(sorted)
}

// comparePointers orders JSON pointers token by token, numeric tokens by
// value, so "/findings/2" sorts before "/findings/10".
func comparePointers(a, b string) int {
	for {
		x, restA, moreA := strings.Cut(a, "/")
		y, restB, moreB := strings.Cut(b, "/")
		if c := compareTokens(x, y); c != 0 {
			return c
		}
		switch {
		case !moreA || !moreB:
			return cmp.Compare(boolInt(moreA), boolInt(moreB))
		}
		a, b = restA, restB
	}
}

// compareTokens compares two pointer tokens: numerically when both are
// decimal numbers (leading zeros aside), as strings otherwise.
func compareTokens(x, y string) int {
	if digits(x) && digits(y) {
		tx, ty := strings.TrimLeft(x, "0"), strings.TrimLeft(y, "0")
		if c := cmp.Compare(len(tx), len(ty)); c != 0 {
			return c
		}
		if c := strings.Compare(tx, ty); c != 0 {
			return c
		}
	}
	return strings.Compare(x, y)
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
