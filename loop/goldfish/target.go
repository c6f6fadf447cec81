package goldfish

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/kaigi-dev/kaigi/apply/document"
)

// ParseTarget reads a semantic target as people write it:
//
//	"full file" (or "")           the whole file
//	"S1.12", "id:S1.12"           the section with that heading id
//	"h4:S1.12"                    the same, among level-4 headings only
//	"heading:Retry policy"        the section under that heading (text or slug)
//	"marker:<!-- a -->"           the lines between two lines holding the marker
//	"marker:<!-- a -->..<!-- b -->" between a begin and an end marker
//
// A bare word with a digit and no space is an id, any other bare text a
// heading. A form with nothing after its colon ("heading:", "id:", "h4:",
// "marker:", "marker:BEGIN..") is an error naming the form: it never
// means the whole file. Whether the file has the target is checked when
// it is resolved, every round.
func ParseTarget(s string) (document.Target, error) {
	s = strings.TrimSpace(s)
	kind, rest, ok := strings.Cut(s, ":")
	rest = strings.TrimSpace(rest)
	empty := func(form string) error {
		return fmt.Errorf("goldfish: target %q names nothing after its colon: write %s (or \"full file\" for the whole file)", s, form)
	}
	if ok && len(kind) == 2 && (kind[0] == 'h' || kind[0] == 'H') && kind[1] >= '1' && kind[1] <= '6' {
		if rest == "" {
			return document.Target{}, empty(strings.ToLower(kind) + ":ID")
		}
		n, _ := strconv.Atoi(kind[1:])
		return document.Target{ID: rest, Level: n}, nil
	}
	switch {
	case s == "" || strings.EqualFold(s, "full file") || strings.EqualFold(s, "full"):
		return document.Target{}, nil
	case ok && kind == "id":
		if rest == "" {
			return document.Target{}, empty("id:ID")
		}
		return document.Target{ID: rest}, nil
	case ok && kind == "heading":
		if rest == "" {
			return document.Target{}, empty("heading:TEXT")
		}
		return document.Target{Heading: rest}, nil
	case ok && kind == "marker":
		begin, end, two := strings.Cut(rest, "..")
		begin, end = strings.TrimSpace(begin), strings.TrimSpace(end)
		switch {
		case begin == "":
			return document.Target{}, empty("marker:BEGIN or marker:BEGIN..END")
		case two && end == "":
			return document.Target{}, fmt.Errorf("goldfish: target %q has \"..\" and no end marker after it: write marker:BEGIN..END, or marker:BEGIN when one marker opens and closes the part", s)
		}
		return document.Target{Begin: begin, End: end}, nil
	case !strings.ContainsFunc(s, unicode.IsSpace) && strings.ContainsFunc(s, unicode.IsDigit):
		return document.Target{ID: s}, nil
	}
	return document.Target{Heading: s}, nil
}
