package board

import (
	"fmt"
	"strings"
	"time"

	"github.com/kaigi-dev/kaigi/loop"
)

// AutoMarker heads a rendered whiteboard: the file is generated from the
// journal and is overwritten; edit nothing in it.
const AutoMarker = "<!-- discussion_whiteboard:auto -->"

// Render returns the board as Markdown: the marker, the topic, brief and
// participants, then every post by round in the order posted (which is the
// order of their times), each with its id, author, kind, refs and time, and a
// table of the points' standings. Control characters of the posts' text
// are escaped visibly (loop.Printable). It is a function of the board
// alone, so a replayed board renders byte for byte the same.
func (b *Board) Render() []byte {
	var s strings.Builder
	m := b.meta
	fmt.Fprintf(&s, "%s\n# Discussion %s: %s\n\n", AutoMarker, m.ID, oneLine(m.Topic))
	if m.Brief != "" {
		fmt.Fprintf(&s, "%s\n\n", strings.TrimSpace(m.Brief))
	}
	fmt.Fprintf(&s, "Participants: %s. Lead: %s.\n", strings.Join(m.Participants, ", "), m.Lead)
	round := 0
	for _, p := range b.posts {
		if p.Round != round {
			round = p.Round
			fmt.Fprintf(&s, "\n## Round %d\n", round)
		}
		fmt.Fprintf(&s, "\n### %s — %s by %s\n\n", p.ID, p.Kind, p.Author)
		var meta []string
		if len(p.Refs) > 0 {
			meta = append(meta, "answers "+strings.Join(p.Refs, ", "))
		}
		if f := p.Finding; f != nil {
			where := f.File
			if where != "" {
				where += ":"
			}
			meta = append(meta, fmt.Sprintf("%s, %s%s", f.Severity, where, f.LineRange))
		}
		meta = append(meta, p.At.UTC().Format("2006-01-02 15:04:05Z"))
		fmt.Fprintf(&s, "_%s_\n\n%s\n", strings.Join(meta, " · "), strings.TrimRight(p.Body, "\n"))
	}
	if pts := b.Points(); len(pts) > 0 {
		s.WriteString("\n## Points\n\n| point | survives | why |\n| --- | --- | --- |\n")
		for _, st := range pts {
			yes := "no"
			if st.Survives {
				yes = "yes"
			}
			fmt.Fprintf(&s, "| %s | %s | %s |\n", st.Point.ID, yes, cell(st.Why()))
		}
	}
	return []byte(loop.Printable(s.String()))
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func cell(s string) string { return strings.ReplaceAll(oneLine(s), "|", `\|`) }

// Entries returns the board as the original persisted it, one file per
// post, by file name: "r01_1767225600_0001_style_claim.md" (the round, the
// post's time in Unix seconds, its place on the board, its author and
// kind), so that the names sort in the board's order. Each file is an
// "<!--entry" header (author, round, kind, ts, refs, id) and the body,
// control characters escaped (loop.Printable). Like Render, it is a
// function of the board alone.
func (b *Board) Entries() map[string][]byte {
	files := map[string][]byte{}
	for i, p := range b.posts {
		name := fmt.Sprintf("r%02d_%d_%04d_%s_%s.md", p.Round, p.At.Unix(), i+1, p.Author, p.Kind)
		var s strings.Builder
		fmt.Fprintf(&s, "<!--entry\nauthor: %s\nround: %d\nkind: %s\nts: %s\n", p.Author, p.Round, p.Kind, p.At.UTC().Format(time.RFC3339))
		if len(p.Refs) > 0 {
			fmt.Fprintf(&s, "refs: %s\n", strings.Join(p.Refs, ", "))
		}
		fmt.Fprintf(&s, "id: %s\n-->\n\n%s\n", p.ID, strings.TrimRight(p.Body, "\n"))
		files[name] = []byte(loop.Printable(s.String()))
	}
	return files
}
