package writing

import (
	"bytes"
	"strings"
	"unicode"
)

// firstLine returns text's first line that holds more than white space
// (with its line end), or "".
func firstLine(text string) string {
	for line := range strings.Lines(strings.TrimPrefix(text, "\uFEFF")) {
		if strings.TrimSpace(line) != "" {
			return line
		}
	}
	return ""
}

// bodyOf returns text after its title line (firstLine).
func bodyOf(text string) string {
	text = strings.TrimPrefix(text, "\uFEFF")
	l := firstLine(text)
	return text[strings.Index(text, l)+len(l):]
}

// Title returns a draft's title: its first non-blank line without
// Markdown heading marks; "untitled" when there is none.
func Title(draft string) string {
	t := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(firstLine(draft)), "#"))
	if t == "" {
		return "untitled"
	}
	return t
}

// fileTitle makes a title safe as part of a file name: no path
// separators, no characters systems refuse, no spaces, at most 40
// characters.
func fileTitle(title string) string {
	var b strings.Builder
	n := 0
	for _, r := range title {
		if n == 40 {
			break
		}
		switch {
		case strings.ContainsRune(`/\:*?"<>|`, r) || unicode.IsControl(r):
			continue
		case unicode.IsSpace(r):
			r = '_'
		}
		b.WriteRune(r)
		n++
	}
	if s := strings.Trim(b.String(), "._"); s != "" {
		return s
	}
	return "untitled"
}

// firstSentence returns text's first sentence (up to 。, ., ! or ? or the
// line end).
func firstSentence(text string) string {
	text = strings.TrimSpace(text)
	if i := strings.IndexAny(text, "\n"); i >= 0 {
		text = text[:i]
	}
	for i, r := range text {
		if strings.ContainsRune("。．.!?！？", r) {
			return text[:i+len(string(r))]
		}
	}
	return text
}

// cellText makes text fit one table cell of at most n characters: one
// line, no '|'.
func cellText(text string, n int) string {
	f := strings.Fields(strings.ReplaceAll(text, "|", "/"))
	s := []rune(strings.Join(f, " "))
	if len(s) > n {
		return string(s[:n]) + "…"
	}
	return string(s)
}

// eol returns the line end a file uses: CRLF when its first line ends in
// one, or when it has no LF and ends in a CR (the first half of a CRLF
// cut off); LF otherwise.
func eol(b []byte) string {
	i := bytes.IndexByte(b, '\n')
	if i > 0 && b[i-1] == '\r' || i < 0 && bytes.HasSuffix(b, []byte("\r")) {
		return "\r\n"
	}
	return "\n"
}

// lineEnd returns the line end of line: "\r\n", "\n" or "" for a last
// line without one.
func lineEnd(line string) string {
	switch {
	case strings.HasSuffix(line, "\r\n"):
		return "\r\n"
	case strings.HasSuffix(line, "\n"):
		return "\n"
	}
	return ""
}

// appendLine appends line to md in md's line ends, after a final line end
// if md has none.
func appendLine(md []byte, line string) []byte {
	nl := eol(md)
	out := bytes.Clone(md)
	switch {
	case bytes.HasSuffix(out, []byte("\r")):
		out = append(out, '\n') // a CRLF cut after its CR
	case len(out) > 0 && !bytes.HasSuffix(out, []byte("\n")):
		out = append(out, nl...)
	}
	return append(out, line+nl...)
}

// upsertRow puts row, episode n's row of a Markdown table, into md: it
// replaces the table row of episode n if there is one (a re-run of the
// episode; the row keeps that line's line end), else goes after the last
// row of the last table; a file without a table gets header, its separator
// and the row. md keeps its line ends, and is not modified: the result is
// a new slice. A second upsert of the same row changes nothing.
func upsertRow(md []byte, n int, header, row string) []byte {
	nl := eol(md)
	lines := strings.SplitAfter(string(md), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	last := -1
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if !strings.HasPrefix(t, "|") {
			continue
		}
		last = i
		cells := strings.Split(strings.Trim(t, "|"), "|")
		if episodeNumber(strings.TrimSpace(cells[0])) == n && strings.Trim(strings.TrimSpace(cells[0]), "0123456789第話ep. ") == "" {
			lines[i] = row + lineEnd(l)
			return []byte(strings.Join(lines, ""))
		}
	}
	if last < 0 {
		sep := "|" + strings.Repeat("---|", strings.Count(header, "|")-1)
		out := bytes.Clone(bytes.TrimRight(md, "\r\n"))
		if len(out) > 0 {
			out = append(out, (nl + nl)...)
		}
		return append(out, header+nl+sep+nl+row+nl...)
	}
	switch {
	case strings.HasSuffix(lines[last], "\r"):
		lines[last] += "\n" // a CRLF cut after its CR
	case !strings.HasSuffix(lines[last], "\n"):
		lines[last] += nl
	}
	lines = append(lines[:last+1], append([]string{row + nl}, lines[last+1:]...)...)
	return []byte(strings.Join(lines, ""))
}
