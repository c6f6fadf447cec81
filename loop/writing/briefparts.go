package writing

import (
	"fmt"
	"slices"
	"strings"
)

// The sections of the brief after the position and the focus, each from
// one part of the story material.

func writePlot(b *strings.Builder, s *Story, n int) {
	b.WriteString("\n## Plot outline (it wins over the tracker's warnings)\n\n")
	switch entry := plotEntry(s.Plot, n); {
	case strings.TrimSpace(s.Plot) == "":
		b.WriteString("- no plot outline\n")
	case entry == "":
		fmt.Fprintf(b, "- the plot outline has no entry for episode %d\n", n)
	default:
		b.WriteString(entry + "\n")
	}
	if ws := plannedAbsences(s, n); len(ws) > 0 {
		b.WriteString("\nTracker warnings:\n\n- " + strings.Join(ws, "\n- ") + "\n")
	}
}

func writeHolds(b *strings.Builder, s *Story, n int) {
	b.WriteString("\n## Do not write\n\n")
	holds := 0
	for line := range strings.Lines(s.Characters) {
		if m := holdRE.FindStringSubmatch(line); m != nil && episodeNumber(m[1]) > n {
			fmt.Fprintf(b, "- %s (held until episode %s)\n", strings.TrimSpace(m[2]), m[1])
			holds++
		}
	}
	if holds == 0 {
		b.WriteString("- nothing held back by the character arcs\n")
	}
}

func writeThreads(b *strings.Builder, s *Story, legacy bool) {
	section := func(title string, tags ...string) {
		fmt.Fprintf(b, "\n## %s\n\n", title)
		k := 0
		for _, t := range s.Threads() {
			if slices.Contains(tags, t.Tag) {
				fmt.Fprintf(b, "- [%s] %s\n", t.Tag, t.Text)
				k++
			}
		}
		if k == 0 {
			b.WriteString("- none\n")
		}
	}
	section("Threads for this episode", "MUST-THIS", "PERSONA-ALERT")
	if legacy {
		fmt.Fprintf(b, "- the handover notes have no tags (the old format): every open item is read as [MUST-VOL] and left for later (%d item(s)); migrate them to tagged threads\n", len(legacyItems(s.Handover)))
	}
	section("Tries from the last retro", "TRY-NEXT")
}

// legacyItems are the list items of handover notes without tags.
func legacyItems(handover string) []string {
	var out []string
	for l := range strings.Lines(handover) {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") {
			out = append(out, strings.TrimSpace(t[2:]))
		}
	}
	return out
}

// writeAntiPatterns writes the constraints from the last three episodes:
// from the tracker's scene structure patterns (| episode | main structure
// | opening | recurring scenes |) when it has them, else from the
// openings of its episodes table.
func writeAntiPatterns(b *strings.Builder, s *Story, n int) {
	b.WriteString("\n## Anti-pattern constraints\n\n")
	if scenes := lastRows(sectionRows(s.Tracker, sectionScenes...), n, 3); len(scenes) > 0 {
		var structs, recurring []string
		for _, r := range scenes {
			if v := cell(r, 1); v != "" && !slices.Contains(structs, v) {
				structs = append(structs, v)
			}
			for _, x := range strings.FieldsFunc(cell(r, 3), func(r rune) bool { return r == ',' || r == '、' }) {
				if x = strings.TrimSpace(x); x != "" && x != "-" && !slices.Contains(recurring, x) {
					recurring = append(recurring, x)
				}
			}
		}
		prev := scenes[len(scenes)-1]
		fmt.Fprintf(b, "- Main structure not to use (episodes %d to %d): %s\n", episodeNumber(scenes[0][0]), episodeNumber(prev[0]), orNone(strings.Join(structs, "; ")))
		fmt.Fprintf(b, "- Do not open as episode %d did: %s\n", episodeNumber(prev[0]), orNone(cell(prev, 2)))
		fmt.Fprintf(b, "- Elements to avoid (recent scenes): %s\n", orNone(strings.Join(recurring, "; ")))
		return
	}
	recent := lastRows(episodeRows(s.Tracker), n, 3)
	if len(recent) == 0 {
		b.WriteString("- no earlier episodes in the tracker\n")
	}
	for _, r := range recent {
		fmt.Fprintf(b, "- Do not open as episode %d did: %s\n", episodeNumber(r[0]), orNone(cell(r, 2)))
	}
}

// writeChoice writes the protagonist's choice, designed against the
// agency history (| episode | choice type | content | option not taken |):
// a judgement after a decision and the other way round.
func writeChoice(b *strings.Builder, s *Story, n int) {
	b.WriteString("\n## The protagonist's choice (required)\n\n- The protagonist makes one decision in this episode, and the option not taken is visible.\n")
	hist := lastRows(sectionRows(s.Tracker, sectionAgency.names...), n, 5)
	if len(hist) == 0 {
		b.WriteString("- Choice type: a judgement or a decision; a reaction alone does not count.\n")
		return
	}
	last := strings.ToLower(cell(hist[len(hist)-1], 1))
	kind := "a decision (the last episode's choice was a judgement)"
	switch {
	case strings.Contains(last, "reaction") || strings.Contains(last, "反応"):
		kind = "a decision, made by the protagonist (in the last episode they only reacted)"
	case strings.Contains(last, "decision") || strings.Contains(last, "決断"):
		kind = "a judgement (the last episode's choice was a decision)"
	}
	var types []string
	for _, r := range hist {
		types = append(types, fmt.Sprintf("episode %d: %s", episodeNumber(r[0]), orNone(cell(r, 1))))
	}
	fmt.Fprintf(b, "- Choice type: %s; the history: %s. A reaction alone does not count.\n", kind, strings.Join(types, ", "))
}

func writePull(b *strings.Builder, pull string) {
	hook := map[string]string{"A": "strong: an explicit mystery or the sense of a coming choice", "B": "medium", "C": "one grain of mystery that does not break the calm"}[pull]
	fmt.Fprintf(b, "\n## Reader pull (required)\n\n- Pull level: %s\n- Hook strength: %s\n", orNone(pull), orNone(hook))
	switch pull {
	case "A":
		b.WriteString("- External incident (required): one conflict, crisis, discovery or confrontation, designed concretely.\n")
	case "C":
		b.WriteString("- One grain of mystery: a small hook left in the calm (\"a grain of sand moved; there was no wind\").\n")
	}
}

// writeScenes writes the scene plan: the role tag, the action balance of
// the last three episodes (| episode | action | dialogue | interior |)
// and the premise's length.
func writeScenes(b *strings.Builder, s *Story, n int, role string) {
	b.WriteString("\n## Scenes and length\n\n")
	fmt.Fprintf(b, "- Scenes: plan them for the role tag %s; every scene serves the focus.\n", orNone(role))
	if rows := lastRows(sectionRows(s.Tracker, sectionAction.names...), n, 3); len(rows) > 0 {
		var parts []string
		for _, r := range rows {
			parts = append(parts, fmt.Sprintf("episode %d: %s / %s / %s", episodeNumber(r[0]), orNone(cell(r, 1)), orNone(cell(r, 2)), orNone(cell(r, 3))))
		}
		fmt.Fprintf(b, "- Action balance so far (action / dialogue / interior): %s; weigh this episode's against it.\n", strings.Join(parts, "; "))
	}
	if l := targetLength(s.Premise); l != "" {
		fmt.Fprintf(b, "- Length: %s (the premise)\n", l)
	}
}

// briefPoints are the brief's key points the first-draft prompt repeats:
// the role tag, the accents, the choice, the pull, the hook.
func briefPoints(s *Story, n int) []string {
	row, _ := s.ArcRow(n)
	pull := row.Pull
	if pull == "" {
		pull = estimatedPull(row.Role)
	}
	out := []string{"Role tag: " + orNone(row.Role)}
	if a := ChooseAccents(s, n, row.Role, pull); a != nil {
		out = append(out, a.points()...)
	}
	out = append(out, "The protagonist's choice: one judgement or decision, with the option not taken visible")
	hook := map[string]string{"A": "strong", "B": "medium", "C": "one grain of mystery"}[pull]
	p := fmt.Sprintf("Pull level %s; hook strength: %s", orNone(pull), orNone(hook))
	if pull == "A" {
		p += "; one external incident (conflict, crisis, discovery or confrontation)"
	}
	return append(out, p)
}
