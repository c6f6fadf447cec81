package agent

import (
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/apply/document"
)

// field is one key of a front matter block.
type field struct {
	key    string
	values []string // one value for "key: value", the items of a list
	line   int      // 1-based line of the key in the file
}

// frontMatterError is a syntax error in a front matter block.
type frontMatterError struct {
	line int
	msg  string
}

func (e *frontMatterError) Error() string { return fmt.Sprintf("line %d: %s", e.line, e.msg) }

// maxFrontMatterLines bounds the front matter block of a persona or
// standard file.
const maxFrontMatterLines = 1000

// splitFrontMatter parses the small front matter of a Markdown file:
//
//	---
//	name: fact-checker
//	standards: style, sources    # comma-separated ...
//	standards:                   # ... or a list
//	  - style
//	  - sources
//	---
//	body
//
// Which lines form the block is the module's one front matter rule,
// document.FindFrontMatter: an opening "---" on the first line, closed by
// the next "---" (or "...") line. A leading BOM is dropped and CRLF line
// ends are read as LF, in the fields and in the body. Keys are
// lower-cased. A value may be quoted with " or '; an inline list "[a, b]"
// is read like "a, b" by the caller. Blank lines and lines starting with
// # are ignored, and so is a comment after a value or list item: a #
// after white space, outside quotes. Text without front matter is all
// body; a first line that opens a block never closed is an error, and so
// is TOML front matter ("+++"), which persona files do not use. bodyLine
// is the 1-based line the body starts on.
func splitFrontMatter(text string) (fields []field, body string, bodyLine int, err error) {
	text = strings.TrimPrefix(text, "\uFEFF")
	text = strings.ReplaceAll(text, "\r\n", "\n")
	fm, ok := document.FindFrontMatter([]byte(text))
	switch {
	case !ok && document.OpensFrontMatter([]byte(text)) != "":
		delim := strings.TrimRight(text[:strings.IndexByte(text, '\n')], " \t")
		if strings.Count(text, "\n") >= maxFrontMatterLines {
			return nil, "", 0, &frontMatterError{1, fmt.Sprintf(`front matter opened with %q is not closed within %d lines`, delim, maxFrontMatterLines)}
		}
		return nil, "", 0, &frontMatterError{1, fmt.Sprintf(`front matter opened with %q is not closed`, delim)}
	case !ok:
		return nil, text, 1, nil
	case fm.Format != document.YAML:
		return nil, "", 0, &frontMatterError{1, `front matter in TOML ("+++") is not supported; write it in YAML between "---" lines`}
	case fm.Lines.End > maxFrontMatterLines:
		return nil, "", 0, &frontMatterError{1, fmt.Sprintf("front matter has %d lines, more than %d", fm.Lines.End, maxFrontMatterLines)}
	}
	seen := map[string]bool{}
	open := -1 // index of the key whose "- item" list is being read
	n := 1
	for line := range strings.Lines(text[fm.Body.Start:fm.Body.End]) {
		n++
		line = strings.TrimSuffix(line, "\n")
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
			continue
		case strings.HasPrefix(trimmed, "- ") || trimmed == "-":
			if open < 0 {
				return nil, "", 0, &frontMatterError{n, fmt.Sprintf("list item %q belongs to no key", trimmed)}
			}
			item := unquote(strings.TrimSpace(stripComment(strings.TrimPrefix(trimmed, "-"))))
			if item == "" {
				return nil, "", 0, &frontMatterError{n, fmt.Sprintf("empty list item under %q", fields[open].key)}
			}
			fields[open].values = append(fields[open].values, item)
			continue
		}
		key, value, ok := strings.Cut(trimmed, ":")
		key = strings.ToLower(strings.TrimSpace(key))
		if !ok || key == "" || strings.ContainsAny(key, " \t") {
			return nil, "", 0, &frontMatterError{n, fmt.Sprintf("want \"key: value\", got %q", trimmed)}
		}
		if seen[key] {
			return nil, "", 0, &frontMatterError{n, fmt.Sprintf("key %q given twice", key)}
		}
		seen[key] = true
		open = -1
		f := field{key: key, line: n}
		if v := unquote(strings.TrimSpace(stripComment(value))); v != "" {
			f.values = []string{v}
		} else {
			open = len(fields)
		}
		fields = append(fields, f)
	}
	return fields, text[fm.Span.End:], fm.Lines.End + 1, nil
}

// stripComment cuts a trailing comment off a value: a "#" after white
// space (or at the start), outside quotes. "a # note" is "a ", "a#b"
// stays, and so does "'a # b'".
func stripComment(s string) string {
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case (c == '"' || c == '\'') && (i == 0 || strings.IndexByte(" \t,[", s[i-1]) >= 0):
			quote = c // a quote opens only where a value or item starts
		case c == '#' && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t'):
			return s[:i]
		}
	}
	return s
}

// unquote removes one pair of matching surrounding quotes.
func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// splitList reads a field's values as a list: the items of a "- item"
// list, or one value split at commas, with optional surrounding brackets.
func splitList(values []string) []string {
	if len(values) != 1 {
		return values
	}
	v := strings.TrimSpace(values[0])
	if strings.HasPrefix(v, "[") && strings.HasSuffix(v, "]") {
		v = v[1 : len(v)-1]
	}
	var out []string
	for item := range strings.SplitSeq(v, ",") {
		if item = unquote(strings.TrimSpace(item)); item != "" {
			out = append(out, item)
		}
	}
	return out
}
