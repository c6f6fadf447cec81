package finding

import (
	"fmt"
	"strings"
)

// span is text[start:end], a balanced JSON-looking object or array.
type span struct{ start, end int }

// maxRestarts bounds how often scanJSON rescans after a value left
// unclosed, so its work stays within maxRestarts+1 passes over the text.
const maxRestarts = 8

// scanJSON finds the outermost balanced {...} and [...] spans of text,
// tracking JSON strings and escapes so that brackets inside strings do not
// count. Spans are returned in order and do not overlap.
//
// Brackets in prose are tolerated: a closer at depth 0 is ignored, and a
// mismatched closer or a raw line break inside a string (which JSON does
// not allow, so this cannot be JSON) abandons the open brackets and goes on
// scanning. A value still open at the end of the text may have been prose
// ("a 5" screen]" opens a string that swallows what follows), so the scan
// starts again just after its opening bracket, at most maxRestarts times.
// trouble describes, with its line, the first such abandoned or unclosed
// value, or is "" when there was none.
func scanJSON(text string) (spans []span, trouble string) {
	from := 0
	for restarts := 0; ; restarts++ {
		var open int
		spans, open = scanFrom(text, from, spans, &trouble)
		if open < 0 {
			return spans, trouble
		}
		if trouble == "" {
			trouble = fmt.Sprintf("the JSON value starting at line %d of the reply is never closed (truncated?)", lineAt(text, open))
		}
		if restarts == maxRestarts {
			return spans, trouble
		}
		// Spans closed inside the unclosed value are found again.
		for len(spans) > 0 && spans[len(spans)-1].start > open {
			spans = spans[:len(spans)-1]
		}
		from = open + 1
	}
}

// scanFrom scans text[from:] as scanJSON describes, appending the spans it
// finds to spans and setting *trouble when it is "". open is the offset of
// the outermost bracket still open at the end of the text, or -1.
func scanFrom(text string, from int, spans []span, trouble *string) (_ []span, open int) {
	var stack []int // offsets of the open brackets
	inString, escaped := false, false
	abandon := func(i int, why string) {
		if *trouble == "" {
			*trouble = fmt.Sprintf("the JSON value starting at line %d of the reply %s (line %d)", lineAt(text, stack[0]), why, lineAt(text, i))
		}
		stack = stack[:0]
		inString, escaped = false, false
	}
	for i := from; i < len(text); i++ {
		c := text[i]
		if len(stack) == 0 {
			if c == '{' || c == '[' {
				stack = append(stack, i)
			}
			continue
		}
		if inString {
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			case c == '\n' || c == '\r':
				abandon(i, "has a raw line break inside a string")
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '{', '[':
			stack = append(stack, i)
		case '}', ']':
			open := stack[len(stack)-1]
			if want := closerOf(text[open]); c != want {
				abandon(i, fmt.Sprintf("has %q where %q was expected", c, want))
				continue
			}
			stack = stack[:len(stack)-1]
			// Spans closed inside this one are no longer outermost.
			for len(spans) > 0 && spans[len(spans)-1].start > open {
				spans = spans[:len(spans)-1]
			}
			spans = append(spans, span{open, i + 1})
		}
	}
	if len(stack) > 0 {
		return spans, stack[0]
	}
	return spans, -1
}

func closerOf(open byte) byte {
	if open == '{' {
		return '}'
	}
	return ']'
}

// lineAt returns the 1-based line of byte offset i in text.
func lineAt(text string, i int) int { return 1 + strings.Count(text[:i], "\n") }

// dropTrailingCommas removes each comma that is followed, after optional
// white space, by '}' or ']' outside strings: the one repair Extract makes.
// It reports whether it removed any.
func dropTrailingCommas(s string) (string, bool) {
	var b strings.Builder
	inString, escaped, changed := false, false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if inString {
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		} else if c == '"' {
			inString = true
		} else if c == ',' {
			j := i + 1
			for j < len(s) && strings.IndexByte(" \t\r\n", s[j]) >= 0 {
				j++
			}
			if j < len(s) && (s[j] == '}' || s[j] == ']') {
				if !changed {
					b.Grow(len(s))
					b.WriteString(s[:i])
					changed = true
				}
				continue
			}
		}
		if changed {
			b.WriteByte(c)
		}
	}
	if !changed {
		return s, false
	}
	return b.String(), true
}
