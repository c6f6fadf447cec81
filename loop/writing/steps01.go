package writing

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// step0Detail says what step 0 found: the readers, the previous episode,
// the planned length, the act boundary, and what is flagged (no
// compatibility table: the accents' fallback; the old handover format).
func (d *driver) step0Detail() string {
	f := d.facts
	parts := []string{fmt.Sprintf("%d reader personas; previous episode: %s", len(d.personas), orNone(d.story.PreviousName))}
	if f.Planned > 0 {
		parts = append(parts, fmt.Sprintf("planned episodes %d, %d remaining after this one", f.Planned, f.Remaining))
	} else {
		parts = append(parts, "planned episodes unknown (the premise does not say)")
	}
	if f.Boundary != "" {
		parts = append(parts, fmt.Sprintf("act boundary: this episode %ss act %d", map[string]string{"start": "open", "end": "close"}[f.Boundary], f.Act))
	}
	if f.AccentFallback {
		parts = append(parts, "the writing guide has no compatibility table: the accents use their fallback")
	}
	if f.LegacyHandover {
		parts = append(parts, legacyNote)
	}
	return strings.Join(parts, "; ")
}

// legacyNote tells the user about handover notes of the old format.
const legacyNote = "handover-notes.md may be in the old format (no tags): every item is read as [MUST-VOL]; migrating it to tagged threads is recommended"

// checkTracker is step 1: the series tracker's required sections are
// checked; the missing ones are regenerated from their templates into the
// tracker with the save (step 7: a run that saves nothing leaves the
// story files as they were), and the discussion log notes them.
func (d *driver) checkTracker() error {
	if err := d.step("step1", "in_progress", "checking the series tracker"); err != nil {
		return err
	}
	missing := MissingTrackerSections(d.story.Tracker, d.story.Arc)
	if len(missing) == 0 {
		return d.step("step1", "completed", "the series tracker has every required section")
	}
	d.trackerMissing = missing
	return d.step("step1", "completed", trackerNote(missing))
}

// mainIssues are a verdict's main issues for the revision log: the three
// most severe, as "severity: issue".
func mainIssues(v Verdict) []string {
	is := slices.Clone(v.Issues)
	slices.SortStableFunc(is, func(a, b Issue) int { return b.Severity.Rank() - a.Severity.Rank() })
	var out []string
	for _, x := range is[:min(3, len(is))] {
		out = append(out, fmt.Sprintf("%s: %s", x.Severity, oneLine(x.Issue)))
	}
	return out
}

// trackHistory puts this episode's accents into the tracker's history
// tables (structure pattern, sensory lens, tempo profile and hook type),
// which the next episodes' accents read; the used column names the
// recommended accent, or says the author changed it (accent-note.md).
func (d *driver) trackHistory(tracker []byte) []byte {
	n := d.e.Number
	row, _ := d.story.ArcRow(n)
	a := ChooseAccents(d.story, n, row.Role, cmp.Or(row.Pull, estimatedPull(row.Role)))
	if a == nil {
		return tracker
	}
	ja := japanese(string(tracker) + d.story.Arc)
	note := "-"
	if c := d.accentChange(); c != "" {
		note = "changed: " + cellText(c, 60) + " (accent-note.md)"
	}
	put := func(sec trackerSection, row string) {
		tracker = upsertSectionRow(tracker, sec.names, sec.heading(ja), n, sec.tableHeader(ja), row)
	}
	put(sectionStructure, fmt.Sprintf("| %d | %s | %s | %s |", n, a.Structure, a.Structure, note))
	put(sectionLens, fmt.Sprintf("| %d | %s | %s | %s |", n, a.Lens, a.Lens, note))
	put(sectionTempo, fmt.Sprintf("| %d | %s | %s |", n, a.Tempo, a.Hook))
	return tracker
}

// arcNames name the character arcs' own progress section, which is not a
// character.
var arcNames = []string{"Arc progress", "アーク進行"}

// arcProgress puts episode n's row into the character arcs' "Arc
// progress" table (at the save, step 7): the characters the episode's
// text names and what the arcs hold back only until the next episode.
func (d *driver) arcProgress(arcs []byte, body string) []byte {
	n := d.e.Number
	row, _ := d.story.ArcRow(n)
	var in, next []string
	for _, c := range d.story.characterArcs(n) {
		if strings.Contains(body, shortName(c.Name)) {
			in = append(in, shortName(c.Name))
		}
		for _, h := range c.Holds {
			if strings.HasSuffix(h, fmt.Sprintf("(until episode %d)", n+1)) {
				next = append(next, strings.TrimSuffix(h, fmt.Sprintf(" (until episode %d)", n+1)))
			}
		}
	}
	r := fmt.Sprintf("| %d | %s | %s | %s |", n, orNone(row.Role), cellText(orNone(strings.Join(in, ", ")), 80), cellText(orNone(strings.Join(next, "; ")), 120))
	return upsertSectionRow(arcs, arcNames, "## Arc progress", n, "| episode | role | characters in the episode | released from the next episode |", r)
}
