package writing

import (
	"fmt"
	"regexp"
	"strings"
)

var holdRE = regexp.MustCompile(`\[HOLD until (\d+)\]\s*(.+)`)

// Brief returns the episode brief for episode n (step 2), made by the
// orchestrator, which is this function: a pure function of the story
// material, so it needs no model and a replayed run makes the same brief.
// It holds the position in the arc (the role map's row), the focus (the
// row's notes), what not to write (character-arc lines marked
// "[HOLD until M]" with M > n), the handover threads to handle ([MUST-THIS],
// [PERSONA-ALERT] and [TRY-NEXT]; [MUST-VOL] and others are left for later),
// anti-pattern constraints from the last three tracker rows (do not open
// as they did), the protagonist's choice and the reader pull (A strong,
// B medium, C one grain of mystery), and, for a finale, an ending with an
// afterglow rather than a hook.
func Brief(s *Story, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Episode brief — episode %d\n\n## Position in the arc\n\n", n)
	row, ok := s.ArcRow(n)
	if !ok {
		fmt.Fprintf(&b, "- The role map has no row for episode %d: write on from the previous episode.\n", n)
	} else {
		fmt.Fprintf(&b, "- Role tag: %s\n- Emotional intensity: %s\n- Pull level: %s\n", orNone(row.Role), orNone(row.Intensity), orNone(row.Pull))
	}
	finale := "no"
	if row.Finale {
		finale = "yes: close with an afterglow, not a hook"
	}
	fmt.Fprintf(&b, "- Finale: %s\n", finale)

	b.WriteString("\n## Focus\n\n")
	b.WriteString(orNone(row.Notes) + "\n")

	b.WriteString("\n## Do not write\n\n")
	holds := 0
	for line := range strings.Lines(s.Characters) {
		if m := holdRE.FindStringSubmatch(line); m != nil && episodeNumber(m[1]) > n {
			fmt.Fprintf(&b, "- %s (held until episode %s)\n", strings.TrimSpace(m[2]), m[1])
			holds++
		}
	}
	if holds == 0 {
		b.WriteString("- nothing held back by the character arcs\n")
	}

	section := func(title string, tags ...string) {
		fmt.Fprintf(&b, "\n## %s\n\n", title)
		k := 0
		for _, t := range s.Threads() {
			for _, tag := range tags {
				if t.Tag == tag {
					fmt.Fprintf(&b, "- [%s] %s\n", t.Tag, t.Text)
					k++
				}
			}
		}
		if k == 0 {
			b.WriteString("- none\n")
		}
	}
	section("Threads for this episode", "MUST-THIS", "PERSONA-ALERT")
	section("Tries from the last retro", "TRY-NEXT")

	b.WriteString("\n## Anti-pattern constraints\n\n")
	rows := tableRows(s.Tracker, false)
	var recent [][]string
	for _, r := range rows {
		if episodeNumber(r[0]) < n {
			recent = append(recent, r)
		}
	}
	if len(recent) > 3 {
		recent = recent[len(recent)-3:]
	}
	if len(recent) == 0 {
		b.WriteString("- no earlier episodes in the tracker\n")
	}
	for _, r := range recent {
		fmt.Fprintf(&b, "- Do not open as episode %d did: %s\n", episodeNumber(r[0]), orNone(cell(r, 2)))
	}

	b.WriteString("\n## The protagonist's choice (required)\n\n- The protagonist makes one decision in this episode, and the option not taken is visible.\n")
	hook := map[string]string{"A": "strong: an explicit mystery or the sense of a coming choice", "B": "medium", "C": "one grain of mystery that does not break the calm"}[row.Pull]
	fmt.Fprintf(&b, "\n## Reader pull (required)\n\n- Hook strength: %s\n", orNone(hook))
	return b.String()
}

func orNone(s string) string {
	if strings.TrimSpace(s) == "" {
		return "(none)"
	}
	return s
}
