package board

import (
	"fmt"
	"strings"

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
