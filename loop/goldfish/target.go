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
// heading. The result is checked when it is resolved, every round.
func ParseTarget(s string) (document.Target, error) {
	s = strings.TrimSpace(s)
	kind, rest, ok := strings.Cut(s, ":")
	if ok && len(kind) == 2 && (kind[0] == 'h' || kind[0] == 'H') && kind[1] >= '1' && kind[1] <= '6' {
		n, _ := strconv.Atoi(kind[1:])
		return document.Target{ID: strings.TrimSpace(rest), Level: n}, nil
	}
	switch {
	case s == "" || strings.EqualFold(s, "full file") || strings.EqualFold(s, "full"):
		return document.Target{}, nil
	case ok && kind == "id":
		return document.Target{ID: strings.TrimSpace(rest)}, nil
	case ok && kind == "heading":
		return document.Target{Heading: strings.TrimSpace(rest)}, nil
	case ok && kind == "marker":
		begin, end, _ := strings.Cut(rest, "..")
		if strings.TrimSpace(begin) == "" {
			return document.Target{}, fmt.Errorf("goldfish: target %q names no marker", s)
		}
		return document.Target{Begin: strings.TrimSpace(begin), End: strings.TrimSpace(end)}, nil
	case !strings.ContainsFunc(s, unicode.IsSpace) && strings.ContainsFunc(s, unicode.IsDigit):
		return document.Target{ID: s}, nil
	}
	return document.Target{Heading: s}, nil
}
