package writing

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Facts are what step 0 reads of the story before the brief: the
// planned length, the act the episode is in and whether it is an act
// boundary, the writing guide's compatibility table, the handover notes'
// format. progress.md shows them.
type Facts struct {
	// Planned is the planned number of episodes (PremiseFile), 0 when
	// the premise does not say; Remaining is Planned minus the episode.
	Planned, Remaining int
	// Finale: the premise's last episode, or the role map's last row.
	Finale bool
	// Act is the act the episode is in (1, 2, 3), 0 when the arc names no
	// acts; Boundary is "start" or "end" when the episode opens or closes
	// its act.
	Act      int
	Boundary string
	// AccentFallback: the writing guide has no compatibility table.
	AccentFallback bool
	// LegacyHandover: handover notes exist but hold no tagged thread.
	LegacyHandover bool
}

var (
	plannedRE = regexp.MustCompile(`(?i)(?:planned episodes|episodes planned|想定話数)\s*[:：]?\s*(\d+)|全\s*(\d+)\s*話`)
	lengthRE  = regexp.MustCompile(`(?i)(?:length|words per episode|characters per episode|文字数)[^0-9\n]{0,20}([\d,]+(?:\s*(?:-|to|〜|~)\s*[\d,]+)?\s*(?:words|characters|字)?)`)
	actRE     = regexp.MustCompile(`(?i)act\s*(\d+)[^0-9\n]{0,20}?episodes?\s*(\d+)\s*(?:-|–|to)\s*(\d+)`)
	actJaRE   = regexp.MustCompile(`第([一二三四五六七八九\d]+)幕[^0-9\n]{0,20}?第?(\d+)\s*話?\s*(?:-|–|〜|~|から)\s*第?(\d+)\s*話`)
)

// ReadFacts returns step 0's facts of episode n.
func ReadFacts(s *Story, n int) Facts {
	var f Facts
	if m := plannedRE.FindStringSubmatch(s.Premise); m != nil {
		f.Planned = episodeNumber(m[1] + m[2])
		f.Remaining = f.Planned - n
	}
	row, _ := s.ArcRow(n)
	f.Finale = row.Finale || f.Planned > 0 && f.Remaining == 0
	for _, a := range acts(s.Arc) {
		if n >= a[1] && n <= a[2] {
			f.Act = a[0]
			switch n {
			case a[1]:
				f.Boundary = "start"
			case a[2]:
				f.Boundary = "end"
			}
		}
	}
	f.AccentFallback = !hasCompatTable(s.Guide)
	f.LegacyHandover = strings.TrimSpace(s.Handover) != "" && len(s.Threads()) == 0
	return f
}

// acts returns the arc's acts as {act, first, last} from lines such as
// "act 2 is episodes 3-4" or "第二幕：第3話〜第4話".
func acts(arc string) [][3]int {
	var out [][3]int
	for _, m := range actRE.FindAllStringSubmatch(arc, -1) {
		out = append(out, [3]int{episodeNumber(m[1]), episodeNumber(m[2]), episodeNumber(m[3])})
	}
	for _, m := range actJaRE.FindAllStringSubmatch(arc, -1) {
		k := strings.Index("一二三四五六七八九", m[1])/len("一") + 1
		if k <= 0 {
			k = episodeNumber(m[1])
		}
		out = append(out, [3]int{k, episodeNumber(m[2]), episodeNumber(m[3])})
	}
	return out
}

// direction returns the emotional direction of episode n: its intensity
// against the episode before ("rising (0.4 → 0.7)"), or "".
func direction(s *Story, n int) string {
	cur, ok := s.ArcRow(n)
	prev, okp := s.ArcRow(n - 1)
	a, err1 := strconv.ParseFloat(prev.Intensity, 64)
	b, err2 := strconv.ParseFloat(cur.Intensity, 64)
	if !ok || !okp || err1 != nil || err2 != nil {
		return ""
	}
	word := "level"
	switch {
	case b > a:
		word = "rising"
	case b < a:
		word = "falling"
	}
	return fmt.Sprintf("%s (%s → %s)", word, prev.Intensity, cur.Intensity)
}

// estimatedPull is the pull level of a role map without a pull column,
// from the role tag: climax and turn A, setup B, build-up and afterglow C.
func estimatedPull(role string) string {
	r := strings.ToLower(role)
	switch {
	case strings.Contains(r, "climax") || strings.Contains(r, "turn") || strings.Contains(r, "頂点") || strings.Contains(r, "転換"):
		return "A"
	case strings.Contains(r, "setup") || strings.Contains(r, "助走"):
		return "B"
	case r != "":
		return "C"
	}
	return ""
}

// climax reports a climax role tag.
func climax(role string) bool {
	r := strings.ToLower(role)
	return strings.Contains(r, "climax") || strings.Contains(r, "頂点")
}

// character is one character's arc as CharacterFile gives it: a "## Name"
// section with "Stage now:" and "Next trigger:" lines (現在ステージ, 次トリガー)
// and "[HOLD until M]" lines.
type character struct {
	Name, Stage, Trigger string
	// Holds are what stays unresolved in episode n (the held lines with
	// M > n), each with its episode.
	Holds []string
}

var (
	stageRE   = regexp.MustCompile(`(?i)^\s*[-*]?\s*(?:stage(?: now)?|現在(?:の)?ステージ)\s*[:：]\s*(.+)$`)
	triggerRE = regexp.MustCompile(`(?i)^\s*[-*]?\s*(?:next trigger|次(?:の)?トリガー)\s*[:：]\s*(.+)$`)
)

// characterArcs returns the characters of CharacterFile, as of episode n.
func (s *Story) characterArcs(n int) []character {
	var out []character
	skip := false
	for _, l := range splitLines(s.Characters) {
		line := strings.TrimRight(l, "\r\n")
		if lv, h := headingOf(line); lv == 2 {
			skip = nameMatches(h, arcNames)
			if !skip {
				out = append(out, character{Name: h})
			}
			continue
		}
		if len(out) == 0 || skip {
			continue
		}
		c := &out[len(out)-1]
		if m := stageRE.FindStringSubmatch(line); m != nil {
			c.Stage = strings.TrimSpace(m[1])
		} else if m := triggerRE.FindStringSubmatch(line); m != nil {
			c.Trigger = strings.TrimSpace(m[1])
		} else if m := holdRE.FindStringSubmatch(line); m != nil && episodeNumber(m[1]) > n {
			c.Holds = append(c.Holds, fmt.Sprintf("%s (until episode %s)", strings.TrimSpace(m[2]), m[1]))
		}
	}
	return out
}

// shortName is a character heading without its note in parentheses:
// "Old Sato" of "Old Sato (the keeper)".
func shortName(name string) string {
	if i := strings.IndexAny(name, "(（"); i > 0 {
		return strings.TrimSpace(name[:i])
	}
	return name
}

// plotEntry returns the plot outline's section of episode n, or "".
func plotEntry(plot string, n int) string {
	text, _ := section(plot, fmt.Sprintf("Episode %d", n), fmt.Sprintf("第%d話", n), fmt.Sprintf("Ep. %d", n))
	return strings.TrimSpace(text)
}

var oneLineRE = regexp.MustCompile(`(?im)^\s*[-*]?\s*(?:one line|この一文|一文)\s*[:：]\s*(.+?)\s*$`)

// designedLine is the one line of a climax episode as the story material
// designs it: the plot outline's "One line:" of the episode, else the role
// map's notes.
func designedLine(s *Story, n int) string {
	if m := oneLineRE.FindStringSubmatch(plotEntry(s.Plot, n)); m != nil {
		return m[1]
	}
	row, _ := s.ArcRow(n)
	return row.Notes
}

// plannedAbsences returns the tracker's warnings, each marked when the
// plot outline plans the absence it warns of: a character it names that
// episode n's outline leaves out and a later episode's brings in.
func plannedAbsences(s *Story, n int) []string {
	var out []string
	here := plotEntry(s.Plot, n)
	last := 0
	for _, e := range s.ArcEpisodes() {
		last = max(last, e)
	}
	for _, w := range warnings(s.Tracker) {
		note := w
		for _, c := range s.characterArcs(n) {
			name := shortName(c.Name)
			if !strings.Contains(w, name) || strings.Contains(here, name) {
				continue
			}
			for m := n + 1; m <= max(last, n+20); m++ {
				if strings.Contains(plotEntry(s.Plot, m), name) {
					note = fmt.Sprintf("%s — a planned absence: the plot outline brings %s in at episode %d; do not bring it forward (the plot outline wins)", w, name, m)
					break
				}
			}
		}
		out = append(out, note)
	}
	return out
}

// targetLength returns the premise's length per episode, or "".
func targetLength(premise string) string {
	if m := lengthRE.FindStringSubmatch(premise); m != nil {
		return strings.TrimSpace(m[1])
	}
	return ""
}

// protagonist is the short name of the first character of the character
// arcs, or "".
func (s *Story) protagonist() string {
	if cs := s.characterArcs(0); len(cs) > 0 {
		return shortName(cs[0].Name)
	}
	return ""
}
