package writing

import (
	"bytes"
	"strings"
)

// A section of a Markdown file is a heading and the lines up to the next
// heading of the same or a higher level. The story files name their
// sections in English or Japanese; a name matches a heading whose text
// starts with it and goes on with no digit ("Episode 1" is not "Episode
// 12"), case aside, so a trailing note such as "(last 5)" or "（直近5話）"
// does not matter.

// headingOf returns the level and text of a Markdown heading line, or 0.
func headingOf(line string) (int, string) {
	t := strings.TrimPrefix(strings.TrimRight(line, "\r\n"), "\uFEFF")
	level := len(t) - len(strings.TrimLeft(t, "#"))
	if level == 0 || level > 6 || !strings.HasPrefix(t[level:], " ") {
		return 0, ""
	}
	return level, strings.TrimSpace(t[level:])
}

// nameMatches reports whether heading text h is one of names.
func nameMatches(h string, names []string) bool {
	h = strings.ToLower(h)
	for _, n := range names {
		rest, ok := strings.CutPrefix(h, strings.ToLower(n))
		if n != "" && ok && (rest == "" || rest[0] < '0' || rest[0] > '9') {
			return true
		}
	}
	return false
}

// sectionLines returns the line span [start, end) of the first section of
// md whose heading matches names (start is the heading line), or ok
// false. lines is md split after each line end.
func sectionLines(lines []string, names []string) (start, end int, ok bool) {
	fence := false
	level := 0
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fence = !fence
		}
		if fence {
			continue
		}
		lv, h := headingOf(l)
		switch {
		case lv == 0:
		case ok && lv <= level:
			return start, i, true
		case !ok && nameMatches(h, names):
			start, level, ok = i, lv, true
		}
	}
	return start, len(lines), ok
}

// splitLines splits md after each line end; a final line without one is
// kept.
func splitLines(md string) []string {
	lines := strings.SplitAfter(md, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// section returns the text of md's first section whose heading matches
// one of names (without its heading line), and false when there is none.
func section(md string, names ...string) (string, bool) {
	lines := splitLines(md)
	s, e, ok := sectionLines(lines, names)
	if !ok {
		return "", false
	}
	return strings.Join(lines[s+1:e], ""), true
}

// sectionRows returns the episode rows of the tables of md's section
// named by names (tableRows), nil when there is no such section.
func sectionRows(md string, names ...string) [][]string {
	text, ok := section(md, names...)
	if !ok {
		return nil
	}
	return tableRows(text, false)
}

// upsertSectionRow puts row, episode n's row, into the table of md's
// section named by names (upsertRow within that section only); a file
// without the section gets it at its end: "## title", header, separator
// and row. Line ends are kept as upsertRow keeps them.
func upsertSectionRow(md []byte, names []string, title string, n int, header, row string) []byte {
	if len(md) == 0 {
		return upsertRow(nil, n, header, row)
	}
	lines := splitLines(string(md))
	s, e, ok := sectionLines(lines, names)
	nl := eol(md)
	sep := "|" + strings.Repeat("---|", strings.Count(header, "|")-1)
	if !ok {
		out := bytes.Clone(bytes.TrimRight(md, "\r\n"))
		return append(out, (nl + nl + title + nl + nl + header + nl + sep + nl + row + nl)...)
	}
	head := strings.Join(lines[:s+1], "")
	if !strings.HasSuffix(head, "\n") {
		head += nl
	}
	body := strings.Join(lines[s+1:e], "")
	tail := strings.Join(lines[e:], "")
	if !strings.Contains(body, "|") {
		body = nl + header + nl + sep + nl + row + nl
		if tail != "" {
			body += nl
		}
		return []byte(head + body + tail)
	}
	return []byte(head + string(upsertRow([]byte(body), n, header, row)) + tail)
}
