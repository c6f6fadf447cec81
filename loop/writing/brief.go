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
// It holds the position in the arc (the role map's row, the act and the
// emotional direction, the planned and remaining episodes), the focus
// (the row's notes; for a finale the threads to close), each character's
// stage, next trigger and what stays unresolved, the plot outline's entry
// (which wins over the tracker's warnings: a planned absence is marked),
// what not to write (character-arc lines marked "[HOLD until M]" with
// M > n), the handover threads to handle ([MUST-THIS], [PERSONA-ALERT] and
// [TRY-NEXT]; [MUST-VOL] and others are left for later; untagged notes of
// the old format are all [MUST-VOL]), anti-pattern constraints from the
// last three episodes (the tracker's scene structure patterns: main
// structure, opening, recurring scenes; else its openings), the
// protagonist's choice against the agency history (a passive last
// episode asks for a decision), the reader pull (A an
// external incident and a strong hook, B medium, C one grain of mystery),
// the scenes (with the action balance of the last three episodes) and
// length, and the writing accents (ChooseAccents; none for
// episode 1).
func Brief(s *Story, n int) string {
	var b strings.Builder
	f := ReadFacts(s, n)
	fmt.Fprintf(&b, "# Episode brief — episode %d\n\n## Position in the arc\n\n", n)
	row, ok := s.ArcRow(n)
	pull := row.Pull
	if !ok {
		fmt.Fprintf(&b, "- The role map has no row for episode %d: write on from the previous episode.\n", n)
	} else {
		pullNote := ""
		if pull == "" {
			pull, pullNote = estimatedPull(row.Role), " (estimated from the role tag: the role map has no pull level)"
		}
		fmt.Fprintf(&b, "- Role tag: %s\n- Emotional intensity: %s\n- Pull level: %s%s\n", orNone(row.Role), orNone(row.Intensity), orNone(pull), pullNote)
	}
	finale := "no"
	if f.Finale {
		finale = "yes: close with an afterglow, not a hook"
	}
	fmt.Fprintf(&b, "- Finale: %s\n", finale)
	if f.Act > 0 {
		fmt.Fprintf(&b, "- Act: %d%s\n", f.Act, map[string]string{"start": " (this episode opens the act)", "end": " (this episode closes the act)"}[f.Boundary])
	}
	if d := direction(s, n); d != "" {
		fmt.Fprintf(&b, "- Emotional direction: %s\n", d)
	}
	if f.Planned > 0 {
		fmt.Fprintf(&b, "- Planned episodes: %d; remaining after this one: %d\n", f.Planned, f.Remaining)
	}
	chars := s.characterArcs(n)
	for _, c := range chars {
		if c.Trigger != "" {
			fmt.Fprintf(&b, "- Arc to advance: %s, from %q towards its next trigger %q\n", shortName(c.Name), orNone(c.Stage), c.Trigger)
		}
		for _, h := range c.Holds {
			fmt.Fprintf(&b, "- Arc to hold: %s: %s\n", shortName(c.Name), h)
		}
	}

	b.WriteString("\n## Focus\n\n")
	b.WriteString(orNone(row.Notes) + "\n")
	if f.Finale {
		open := 0
		for _, t := range s.Threads() {
			if t.Tag == "MUST-VOL" {
				open++
			}
		}
		fmt.Fprintf(&b, "- End game: %d episode(s) remain after this one; %d volume thread(s) ([MUST-VOL] in the handover notes) to close\n", max(0, f.Remaining), open)
	}
	if len(chars) > 0 {
		b.WriteString("\n## Characters\n\n")
		for _, c := range chars {
			fmt.Fprintf(&b, "- %s: stage %s; next trigger %s; stays unresolved: %s\n", c.Name, orNone(c.Stage), orNone(c.Trigger), orNone(strings.Join(c.Holds, "; ")))
		}
	}
	writePlot(&b, s, n)
	writeHolds(&b, s, n)
	writeThreads(&b, s, f.LegacyHandover)
	writeAntiPatterns(&b, s, n)
	writeChoice(&b, s, n)
	writePull(&b, pull)
	writeScenes(&b, s, n, row.Role)
	if a := ChooseAccents(s, n, row.Role, pull); a != nil {
		b.WriteString(a.render())
	}
	return b.String()
}

func orNone(s string) string {
	if strings.TrimSpace(s) == "" {
		return "(none)"
	}
	return s
}
