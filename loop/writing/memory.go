package writing

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
)

// setMemoryEntry returns memory, a persona's Markdown memory file, with
// the entry headed heading set to body: the section that starts with the
// line "## "+heading (surrounding white space ignored) and runs to the
// next level-2 heading or the end is replaced, and further sections of
// that heading (left by an older tool) are removed, so a re-run replaces
// its entry and never duplicates it; without one, the entry is appended
// after a blank line. Headings inside fenced code blocks do not count.
// The file keeps its BOM and its line ends (CRLF when its first line ends
// in CRLF); body's line ends are converted to them. memory may be empty
// (a persona's first entry). It is a pure function: the same arguments
// give the same bytes, so a driver may compute it on every replay.
func setMemoryEntry(memory []byte, heading, body string) []byte {
	nl := "\n"
	if i := bytes.IndexByte(memory, '\n'); i > 0 && memory[i-1] == '\r' {
		nl = "\r\n"
	}
	heading = strings.TrimSpace(heading)
	body = strings.Trim(strings.ReplaceAll(body, "\r\n", "\n"), "\n \t")
	body = levelTwo.ReplaceAllString(body, "#$0") // the body's own level-2 headings would start entries
	entry := "## " + heading + "\n\n" + body + "\n"
	entry = strings.ReplaceAll(entry, "\n", nl)

	// Split into the preamble and the level-2 sections, by the byte.
	type section struct {
		heading string
		text    []byte
	}
	var pre []byte
	var secs []section
	fence := ""
	for line := range bytes.Lines(memory) {
		text := strings.TrimPrefix(strings.TrimRight(string(line), "\r\n"), "\uFEFF")
		switch {
		case fence != "":
			if strings.HasPrefix(strings.TrimSpace(text), fence) {
				fence = ""
			}
		case fenceOf(text) != "":
			fence = fenceOf(text)
		case strings.HasPrefix(text, "## "):
			secs = append(secs, section{heading: strings.TrimSpace(text[3:])})
		}
		if len(secs) == 0 {
			pre = append(pre, line...)
		} else {
			s := &secs[len(secs)-1]
			s.text = append(s.text, line...)
		}
	}

	var out bytes.Buffer
	out.Write(pre)
	placed := false
	for i, s := range secs {
		if s.heading != heading {
			out.Write(s.text)
			continue
		}
		if placed {
			continue
		}
		placed = true
		if len(secs) > 0 && i == 0 && bytes.HasPrefix(s.text, []byte("\uFEFF")) {
			out.WriteString("\uFEFF")
		}
		out.WriteString(entry)
		if slices.ContainsFunc(secs[i+1:], func(n section) bool { return n.heading != heading }) {
			out.WriteString(nl) // a blank line before the next section
		}
	}
	if !placed {
		b := bytes.TrimRight(out.Bytes(), "\r\n \t")
		out.Truncate(len(b))
		if len(bytes.TrimPrefix(b, []byte("\uFEFF"))) > 0 {
			out.WriteString(nl + nl)
		}
		out.WriteString(entry)
	}
	return out.Bytes()
}

var levelTwo = regexp.MustCompile(`(?m)^## `)

// fenceOf returns the fence a line opens (``` or ~~~), or "".
func fenceOf(line string) string {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 {
		return ""
	}
	for _, f := range []string{"```", "~~~"} {
		if strings.HasPrefix(t, f) {
			return f
		}
	}
	return ""
}
