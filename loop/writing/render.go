package writing

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/loop"
)

// renderings returns the workspace's files as the run stands: every one a
// rendering of values the journal holds.
func (d *driver) renderings() map[string][]byte {
	n := d.e.Number
	d.prog.accentChanged = d.accentChange() != ""
	files := map[string][]byte{"progress.md": d.prog.render()}
	if c := d.accentChange(); c != "" {
		files["accent-note.md"] = fmt.Appendf(nil, "# Accent note — episode %d, draft v%d\n\nThe author did not follow every writing accent of the brief:\n\n%s\n", n, d.current, c)
	}
	if d.brief != "" {
		files["episode-brief.md"] = []byte(d.brief)
	}
	if text, ok := d.drafts[d.current]; ok {
		if d.polished != "" {
			text = d.polished
		}
		files["current-draft.txt"] = []byte(text)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Arc review — episode %d\n", n)
	for _, v := range slices.Sorted(maps.Keys(d.verdicts)) {
		vd := d.verdicts[v]
		fmt.Fprintf(&b, "\n## Draft v%d: %s\n\n%s\n", v, vd.Verdict, vd.Summary)
		for _, is := range vd.Issues {
			fix := ""
			if is.Fix != "" {
				fix = fmt.Sprintf(" → %q", is.Fix)
			}
			fmt.Fprintf(&b, "- [%s] %q: %s%s\n", is.Severity, is.Quote, is.Issue, fix)
		}
	}
	files["arc-review.md"] = []byte(b.String())

	b.Reset()
	fmt.Fprintf(&b, "# Discussion log — episode %d\n", n)
	if len(d.trackerMissing) > 0 {
		fmt.Fprintf(&b, "\n## Step 1: the series tracker\n\n%s\n", trackerNote(d.trackerMissing))
	}
	if d.facts.LegacyHandover {
		fmt.Fprintf(&b, "\n## Step 0: the handover notes\n\n%s.\n", legacyNote)
	}
	if len(d.questions) > 0 {
		b.WriteString("\n## 2Q: questions to the designer\n\n")
		for _, q := range d.questions {
			fmt.Fprintf(&b, "- Q: %s\n  - assumed: %s\n  - answer: %s%s\n", q.Question, q.Assumed, q.Answer, map[bool]string{true: " (an arc change: [DESIGN-REVIEW] in the handover notes)"}[q.Review])
		}
	}
	if d.line != "" {
		fmt.Fprintf(&b, "\n## 3b: the climax line, confirmed with the designer\n\n> %s\n", d.line)
	}
	for _, disc := range d.discussion {
		fmt.Fprintf(&b, "\n## Draft v%d (the verdict does not change)\n\n", disc.Version)
		for i, t := range disc.Turns {
			text := t.Text
			if t.Agree && text == "" {
				text = "Confirmed."
			}
			fmt.Fprintf(&b, "- round %d, %s%s: %s\n", i/2+1, t.Speaker, map[bool]string{true: " (agrees)"}[t.Agree], text)
		}
	}
	if d.retro != nil && d.retro.Decision == "reject" {
		fmt.Fprintf(&b, "\nTry rejected: %s\n", orNone(d.retro.Note))
	}
	files["discussion-log.md"] = []byte(b.String())

	b.Reset()
	fmt.Fprintf(&b, "# Revision log — episode %d\n", n)
	for _, r := range d.revisions {
		fmt.Fprintf(&b, "\n## Revision %d\n\n- Verdict it answered: %s\n- Main issues: %s\n- Accepted: %t\n- Reason: %s\n", r.Version, r.Verdict, orNone(strings.Join(r.Issues, "; ")), r.Accepted, r.Reason)
		for _, id := range slices.Sorted(maps.Keys(r.Votes)) {
			fmt.Fprintf(&b, "- %s prefers: %s\n", id, r.Votes[id])
		}
	}
	files["revision-log.md"] = []byte(b.String())

	for i, p := range d.personas {
		if i < len(d.final) {
			files["reader-feedback-"+p.ID+".md"] = feedbackMD(n, p, d.current, d.final[i])
		}
		if i < len(d.first) {
			files["reader-feedback-"+p.ID+"-v0.md"] = feedbackMD(n, p, 0, d.first[i])
		}
	}
	if len(d.final) == len(d.personas) && len(d.final) > 0 {
		b.Reset()
		fmt.Fprintf(&b, "# Readers over the episodes — up to episode %d\n\n| persona | stars | mean | variance | never moves |\n|---|---|---|---|---|\n", n)
		for _, st := range ReaderStats(d.story.QualityLog, n, d.personas, d.final) {
			fmt.Fprintf(&b, "| %s | %v | %.2f | %.2f | %t |\n", st.Persona, st.Stars, st.Mean, st.Variance, st.Stuck)
		}
		files["reader-stats.md"] = []byte(b.String())
	}
	if d.judgment != nil {
		jd := d.judgment
		files["judgment.md"] = fmt.Appendf(nil, "# Judgment — episode %d\n\n- %s\n- mean ★%.2f, median ★%.2f, spread %d\n- %s\n", n, jd.Grade, jd.Mean, jd.Median, jd.Spread, strings.Join(jd.Reasons, "\n- "))
	}
	if len(d.polish) > 0 {
		b.Reset()
		fmt.Fprintf(&b, "# Polish — episode %d (at most %d fixes, no re-review)\n\n", n, MaxPolish)
		for _, it := range d.polish {
			state := "applied"
			if !it.Applied {
				state = "not applied: " + it.Note
			}
			fmt.Fprintf(&b, "- (rank %d, %s) %q → %q: %s [%s]\n", it.Rank, it.From, it.Quote, it.Fix, it.Issue, state)
		}
		files["polish.md"] = []byte(b.String())
	}
	if d.retro != nil {
		b.Reset()
		fmt.Fprintf(&b, "# Episode retro — episode %d\n\n**Keep**\n\n%s\n**Problem**\n\n%s\n**Try** (at most one)\n\n- %s\n", n, bullets(d.retro.Keep), bullets(d.retro.Problem), orNone(d.retro.Try))
		if d.retro.Decision != "" {
			fmt.Fprintf(&b, "\nDecision: %s %s\n", d.retro.Decision, d.retro.Note)
		}
		files["retro.md"] = []byte(b.String())
	}
	return files
}

func bullets(items []string) string {
	if len(items) == 0 {
		return "- (none)\n"
	}
	return "- " + strings.Join(items, "\n- ") + "\n"
}

func feedbackMD(n int, p Persona, v int, f Feedback) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# Reader feedback — %s (%s), episode %d, draft v%d\n\n★%d\n\n## Impression\n\n%s\n\n## Good\n\n%s\n## Concerns\n\n", p.Name, p.ID, n, v, f.Stars, orNone(f.Impression), bullets(f.Good))
	if len(f.Concerns) == 0 {
		b.WriteString("- (none)\n")
	}
	for _, c := range f.Concerns {
		fmt.Fprintf(&b, "- [%s] %q: %s\n", c.Severity, c.Quote, c.Issue)
	}
	fmt.Fprintf(&b, "\n## In one line\n\n%s\n", orNone(f.OneLine))
	return []byte(b.String())
}

// archiveDir is episode n's archive folder, relative to Dir.
func archiveDir(n int) string { return filepath.Join(ArchiveDir, fmt.Sprintf("episode-%02d", n)) }

// render writes the workspace and the drafts archived so far.
func (d *driver) render() error {
	if err := loop.WriteRenderings(filepath.Join(d.e.Dir, WorkspaceDir), d.renderings()); err != nil {
		return err
	}
	drafts := map[string][]byte{}
	for v, text := range d.drafts {
		drafts[fmt.Sprintf("draft-v%d.txt", v)] = []byte(text)
	}
	return loop.WriteRenderings(filepath.Join(d.e.Dir, archiveDir(d.e.Number)), drafts)
}

// archive is step 8: the workspace, its progress.md showing the run
// complete, is copied into the episode's archive folder and cleared.
func (d *driver) archive() error {
	d.prog.at("step8", "completed")
	files := d.renderings()
	if err := loop.WriteRenderings(filepath.Join(d.e.Dir, archiveDir(d.e.Number)), files); err != nil {
		return err
	}
	for name := range files {
		if err := os.Remove(filepath.Join(d.e.Dir, WorkspaceDir, name)); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("writing: %w", err)
		}
	}
	if d.e.Observer != nil {
		d.e.Observer(Event{Event: loop.Event{Kind: "step8", Text: "workspace archived in " + archiveDir(d.e.Number)}, Status: "completed"})
	}
	return nil
}
