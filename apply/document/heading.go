package document

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

var (
	// attrList is a trailing attribute list: "{#S1.12}", "{#id .class key=v}", "{-}".
	attrList = regexp.MustCompile(`[ \t]*\{([^{}]*)\}[ \t]*$`)
	// tag is an HTML start, end or empty-element tag.
	tag = regexp.MustCompile(`</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>`)
	// idAttr is an id (or, on <a>, name) attribute inside a start tag.
	idAttr = regexp.MustCompile(`(?i)\s(id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+))`)
	// emptyAnchor is an element with no content that only marks a place.
	emptyAnchor = regexp.MustCompile(`(?i)<(a|span)(\s[^<>]*)?(?:/>|>\s*</(?:a|span)\s*>)`)
	// comment is an HTML comment inside a heading line.
	comment = regexp.MustCompile(`<!--[\s\S]*?(?:-->|$)`)
	// linkText is a link or an image: its text or alt stays in a slug.
	linkText = regexp.MustCompile(`!?\[([^\[\]]*)\](?:\([^()]*\)|\[[^\[\]]*\])?`)
)

// sections builds the outline's sections from its heading blocks.
func sections(o *Outline, text []byte) []Section {
	n := 0
	for _, b := range o.Blocks {
		if b.Kind == Heading && b.Quote == 0 {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]Section, 0, n)
	seen := make(map[string]int, n)
	for k, b := range o.Blocks {
		if b.Kind != Heading || b.Quote > 0 {
			continue // a heading inside a block quote is part of the quotation
		}
		var raw string
		lines := b.Lines
		if b.Marker.Len() > 0 { // ATX: one line, after the '#'s
			raw = closingHashes(string(text[b.Marker.End:b.Span.End]))
		} else { // setext: every line but the underline
			var parts []string
			for l := b.Lines.Start; l < b.Lines.End; l++ {
				c := o.Lines.Content(l)
				parts = append(parts, strings.TrimSpace(string(bytes.TrimPrefix(text[c.Start:c.End], []byte(bom)))))
			}
			raw = strings.Join(parts, " ")
		}
		title, id := titleAndID(raw)
		out = append(out, Section{Level: b.Level, Title: title, ID: id, Slug: uniqueSlug(seen, slug(title)), Heading: lines, Block: k})
	}
	// a section ends where the next heading of its level or a lower one
	// starts: keep the open sections on a stack, at most six deep
	var open []int
	for i := range out {
		for len(open) > 0 && out[open[len(open)-1]].Level >= out[i].Level {
			k := open[len(open)-1]
			out[k].Lines = LineRange{out[k].Heading.Start, out[i].Heading.Start - 1}
			open = open[:len(open)-1]
		}
		open = append(open, i)
	}
	for _, k := range open {
		out[k].Lines = LineRange{out[k].Heading.Start, o.Lines.Count()}
	}
	return out
}

// closingHashes drops an ATX heading's optional closing sequence: a run
// of '#' preceded by white space (or making up the whole heading).
func closingHashes(s string) string {
	s = strings.TrimRight(s, " \t")
	t := strings.TrimRight(s, "#")
	if t == "" || strings.HasSuffix(t, " ") || strings.HasSuffix(t, "\t") {
		s = t
	}
	return strings.TrimSpace(s)
}

// titleAndID splits a heading's text into its title and its explicit id;
// see Section.
func titleAndID(s string) (title, id string) {
	if !strings.ContainsAny(s, "<{") { // no markup to read: the common case, without a copy
		if strings.Contains(s, "  ") || strings.ContainsAny(s, "\t\r\n") {
			s = strings.Join(strings.Fields(s), " ")
		}
		return s, ""
	}
	s = comment.ReplaceAllString(s, "")
	if m := attrList.FindStringSubmatchIndex(s); m != nil {
		if aid, ok := attributes(s[m[2]:m[3]]); ok {
			s, id = s[:m[0]], aid
		}
	}
	if id == "" {
		for _, t := range tag.FindAllString(s, -1) {
			if strings.HasPrefix(t, "</") {
				continue
			}
			for _, a := range idAttr.FindAllStringSubmatch(t, -1) {
				if v := a[2] + a[3] + a[4]; v != "" && (strings.EqualFold(a[1], "id") || isAnchorTag(t)) {
					id = v
					break
				}
			}
			if id != "" {
				break
			}
		}
	}
	s = emptyAnchor.ReplaceAllString(s, "")
	return strings.Join(strings.Fields(s), " "), id
}

// isAnchorTag reports an <a> start tag, whose name attribute is an id.
func isAnchorTag(t string) bool {
	return len(t) > 2 && (t[1] == 'a' || t[1] == 'A') && (t[2] == ' ' || t[2] == '\t' || t[2] == '\n')
}

// attributes reads an attribute list's content ("#S1.12 .class k=v", "-").
// ok is false when it is not one ("a, b"); id is its "#..." entry.
func attributes(s string) (id string, ok bool) {
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return "", false
	}
	for _, f := range fields {
		switch {
		case f == "-":
		case strings.HasPrefix(f, "#") && len(f) > 1:
			if id == "" {
				id = f[1:]
			}
		case strings.HasPrefix(f, ".") && len(f) > 1:
		case strings.Contains(f, "=") && !strings.HasPrefix(f, "="):
		default:
			return "", false
		}
	}
	return id, true
}

// slug derives GitHub's anchor from a title: markup removed, lower case,
// only letters, marks, numbers, connector punctuation ('_'), '-' and
// spaces kept, each space turned into '-'.
func slug(title string) string {
	s := title
	if strings.ContainsAny(s, "[<") {
		s = linkText.ReplaceAllString(s, "$1")
		s = tag.ReplaceAllString(s, "")
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-', r == '_', r < 0x80 && (r >= '0' && r <= '9' || r >= 'a' && r <= 'z'):
			b.WriteRune(r)
		case r < 0x80 && r >= 'A' && r <= 'Z':
			b.WriteRune(r + 'a' - 'A')
		case unicode.IsLetter(r), unicode.IsMark(r), unicode.IsNumber(r), unicode.Is(unicode.Pc, r):
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// uniqueSlug makes s unique among the slugs seen, as GitHub does: the
// second "a" is "a-1", the third "a-2".
func uniqueSlug(seen map[string]int, s string) string {
	out := s
	for {
		if _, dup := seen[out]; !dup {
			break
		}
		seen[s]++
		out = s + "-" + strconv.Itoa(seen[s])
	}
	seen[out] = 0
	return out
}
