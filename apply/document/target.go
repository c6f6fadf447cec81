package document

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Target names a part of a text by what it is, not by where it is, so
// that it can be found again after edits moved it: resolve it anew on
// each version of the text (a review loop does so every round). The zero
// Target is the whole text. Set at most one of Heading, ID and Begin.
//
// Target is plain data: it compares with ==, and its JSON form (the field
// names in lower case) can be journaled and read back.
type Target struct {
	// Heading selects the section under the heading whose title equals
	// Heading, as written or with its inline markup removed, or whose
	// slug equals it (a leading '#' is dropped: "#retry-policy").
	// Example: "Retry policy".
	Heading string `json:"heading,omitempty"`
	// ID selects the section under the heading whose explicit id is ID
	// ("{#S1.12}", `<a id="S1.12">`). When no heading has that id, a
	// heading whose title starts with ID as a word of its own ("S1.12
	// Retry", "S1.12: Retry", "[S1.12] Retry") is taken instead.
	// Example: "S1.12".
	ID string `json:"id,omitempty"`
	// Level, when not zero, keeps only headings of that level (1 to 6)
	// for Heading and ID: "the H4 block whose id is S1.12" is
	// Target{ID: "S1.12", Level: 4}.
	Level int `json:"level,omitempty"`
	// Begin selects the lines after the line holding Begin up to the line
	// before the next line holding End. The marker lines are not part of
	// it. Lines inside code blocks and front matter are not searched, so
	// a marker shown in an example does not count.
	// Example: "<!-- review:begin -->".
	Begin string `json:"begin,omitempty"`
	// End is the marker that closes a Begin target; empty means End is
	// Begin, so one marker may open and close the part.
	// Example: "<!-- review:end -->".
	End string `json:"end,omitempty"`
}

// String describes t for a message: "the whole text", `the section under
// heading "Retry"`, `the H4 section with id "S1.12"`, `the lines between
// "<!-- a -->" and "<!-- b -->"`.
func (t Target) String() string {
	level := ""
	if t.Level > 0 {
		level = "H" + strconv.Itoa(t.Level) + " "
	}
	switch {
	case t.Heading != "":
		return fmt.Sprintf("the %ssection under heading %q", level, t.Heading)
	case t.ID != "":
		return fmt.Sprintf("the %ssection with id %q", level, t.ID)
	case t.Begin != "":
		return fmt.Sprintf("the lines between %q and %q", t.Begin, t.end())
	}
	return "the whole text"
}

func (t Target) end() string {
	if t.End == "" {
		return t.Begin
	}
	return t.End
}

// Region is what a Target selects in one version of a text.
type Region struct {
	// Target is the target resolved.
	Target Target
	// Lines are the region's lines; zero for the whole of an empty text.
	Lines LineRange
	// Span runs from the start of the first line to the end of the last,
	// its line terminator included (for the whole text: all of it, BOM
	// included).
	Span Span
	// Hash is the SHA-256 of the region's bytes, text[Span.Start:Span.End]:
	// equal hashes in two rounds mean the part did not change.
	Hash [32]byte
	// Section is the section a Heading or ID target selected, or nil.
	Section *Section
}

// Why Resolve fails; a TargetError wraps one of them.
var (
	// ErrNotFound: nothing in the text is what the target names, or the
	// markers enclose no line.
	ErrNotFound = errors.New("document: target not found")
	// ErrAmbiguous: more than one part of the text is what the target
	// names; Resolve never guesses which one was meant.
	ErrAmbiguous = errors.New("document: target is ambiguous")
	// ErrInvalidTarget: the target sets more than one way to select, a
	// Level outside 1..6, End without Begin, or Level without a heading.
	ErrInvalidTarget = errors.New("document: invalid target")
)

// TargetError says which target could not be resolved and why. Lines
// lists the candidates of an ambiguous target (the heading or marker
// lines), so that a person can make the target precise.
type TargetError struct {
	Target Target
	Err    error  // ErrNotFound, ErrAmbiguous or ErrInvalidTarget
	Detail string // what was looked for or found, for the message
	Lines  []int  // the candidate lines, for ErrAmbiguous
}

// Error names the error class, the target and what was found.
func (e *TargetError) Error() string {
	msg := e.Err.Error() + ": " + e.Target.String()
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	return msg
}

// Unwrap returns the error class, for errors.Is.
func (e *TargetError) Unwrap() error { return e.Err }

// Resolve finds t in text and returns its lines, span and content hash,
// or a *TargetError wrapping ErrNotFound, ErrAmbiguous or
// ErrInvalidTarget. A Heading or ID target that more than one heading
// matches is ambiguous, and so is a Begin marker on more than one line
// (an End marker after the first one closes the part). It parses text
// once (see Parse) and never modifies it.
func (t Target) Resolve(text []byte) (Region, error) {
	if err := t.validate(); err != nil {
		return Region{}, err
	}
	if t == (Target{}) {
		lines := NewLines(text)
		r := Region{Target: t, Span: Span{0, len(text)}, Hash: sha256.Sum256(text)}
		if n := lines.Count(); n > 0 {
			r.Lines = LineRange{1, n}
		}
		return r, nil
	}
	o := Parse(text)
	var lr LineRange
	var sec *Section
	if t.Begin != "" {
		var err error
		if lr, err = t.markers(o, text); err != nil {
			return Region{}, err
		}
	} else {
		s, err := t.section(o)
		if err != nil {
			return Region{}, err
		}
		sec, lr = &s, s.Lines
	}
	sp := o.Lines.Span(lr.Start, lr.End)
	return Region{Target: t, Lines: lr, Span: sp, Hash: sha256.Sum256(text[sp.Start:sp.End]), Section: sec}, nil
}

func (t Target) validate() error {
	bad := func(why string) error { return &TargetError{Target: t, Err: ErrInvalidTarget, Detail: why} }
	n := 0
	for _, set := range []bool{t.Heading != "", t.ID != "", t.Begin != ""} {
		if set {
			n++
		}
	}
	switch {
	case n > 1:
		return bad("set only one of Heading, ID and Begin")
	case t.End != "" && t.Begin == "":
		return bad("End without Begin")
	case t.Level != 0 && t.Heading == "" && t.ID == "":
		return bad("Level without Heading or ID")
	case t.Level < 0 || t.Level > 6:
		return bad(fmt.Sprintf("Level %d is not 1 to 6", t.Level))
	}
	return nil
}

// section finds the section a Heading or ID target names.
func (t Target) section(o *Outline) (Section, error) {
	var match []int
	if t.Heading != "" {
		want := strings.TrimSpace(t.Heading)
		for i, s := range o.Sections {
			if t.level(s) && (s.Title == want || slugText(s.Title) == want || s.Slug == strings.TrimPrefix(want, "#")) {
				match = append(match, i)
			}
		}
	} else {
		for i, s := range o.Sections {
			if t.level(s) && s.ID == t.ID {
				match = append(match, i)
			}
		}
		if len(match) == 0 {
			for i, s := range o.Sections {
				if t.level(s) && leadingID(s.Title, t.ID) {
					match = append(match, i)
				}
			}
		}
	}
	switch len(match) {
	case 0:
		return Section{}, &TargetError{Target: t, Err: ErrNotFound, Detail: fmt.Sprintf("no such heading among %d", len(o.Sections))}
	case 1:
		return o.Sections[match[0]], nil
	}
	lines := make([]int, len(match))
	for i, k := range match {
		lines[i] = o.Sections[k].Heading.Start
	}
	return Section{}, &TargetError{Target: t, Err: ErrAmbiguous, Detail: fmt.Sprintf("%d headings match, on lines %s", len(match), joinInts(lines)), Lines: lines}
}

func (t Target) level(s Section) bool { return t.Level == 0 || s.Level == t.Level }

// slugText is a title with its inline markup removed, as a reader sees it.
func slugText(title string) string {
	s := linkText.ReplaceAllString(title, "$1")
	s = tag.ReplaceAllString(s, "")
	s = strings.NewReplacer("`", "", "**", "", "__", "", "*", "", "~~", "").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// leadingID reports a title that starts with id as a word of its own,
// optionally in brackets: "S1.12 Retry", "S1.12: Retry", "[S1.12] Retry".
func leadingID(title, id string) bool {
	t := strings.TrimLeft(title, "[(（【")
	rest, ok := strings.CutPrefix(t, id)
	if !ok {
		return false
	}
	return rest == "" || strings.ContainsAny(rest[:1], " \t:：.)]）】-")
}

// markers finds the lines between a Begin and an End marker line.
func (t Target) markers(o *Outline, text []byte) (LineRange, error) {
	skip := make([]bool, o.Lines.Count()+2) // lines inside code blocks and front matter
	for _, b := range o.Blocks {
		if b.Kind == FencedCode || b.Kind == IndentedCode || b.Kind == FrontMatterBlock {
			for l := b.Lines.Start; l <= b.Lines.End; l++ {
				skip[l] = true
			}
		}
	}
	var begins []int
	end := 0
	for l := 1; l <= o.Lines.Count(); l++ {
		if skip[l] {
			continue
		}
		c := o.Lines.Content(l)
		line := text[c.Start:c.End]
		if len(begins) == 1 && end == 0 && bytes.Contains(line, []byte(t.end())) {
			end = l
			continue
		}
		if bytes.Contains(line, []byte(t.Begin)) {
			begins = append(begins, l)
		}
	}
	switch {
	case len(begins) == 0:
		return LineRange{}, &TargetError{Target: t, Err: ErrNotFound, Detail: "no line holds the begin marker"}
	case len(begins) > 1:
		return LineRange{}, &TargetError{Target: t, Err: ErrAmbiguous, Detail: "the begin marker is on lines " + joinInts(begins), Lines: begins}
	case end == 0:
		return LineRange{}, &TargetError{Target: t, Err: ErrNotFound, Detail: fmt.Sprintf("no line after line %d holds the end marker", begins[0])}
	case end == begins[0]+1:
		return LineRange{}, &TargetError{Target: t, Err: ErrNotFound, Detail: fmt.Sprintf("the markers on lines %d and %d enclose no line", begins[0], end)}
	}
	return LineRange{begins[0] + 1, end - 1}, nil
}

func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}
