package writing

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"strings"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

func (d *driver) asker() loop.Asker {
	if d.e.Asker == nil {
		return loop.AutoAsker{}
	}
	return d.e.Asker
}

// forcePass handles a verdict other than OK when the revisions are over
// (the cap, or an author with nothing new): the human confirms the force
// pass, or declines and gets one more revision with their instructions;
// after it, a verdict still not OK is asked once more, and a second no
// ends the run unsaved. For MAJOR_REVISION the question's default is no,
// so an automatic asker never force-passes a major revision.
func (d *driver) forcePass(ctx context.Context) (bool, error) {
	ask := func(key string, extra bool) (bool, string, error) {
		vd := d.verdicts[d.current]
		def, then := loop.Yes, "one more revision with your note as instructions"
		if vd.Verdict == MajorRevision {
			def = loop.No
		}
		if !extra {
			then = "the episode is not saved"
		}
		q := loop.Question{Key: key, Kind: loop.Confirm, Text: true, Default: def,
			Prompt: fmt.Sprintf("Episode %d: the arc reviewer still says %s on draft v%d after %d revision attempt(s) (cap %d). Force pass? (no: %s)",
				d.e.Number, vd.Verdict, d.current, len(d.revisions), d.max, then)}
		if err := d.step("step6", "in_progress", "asking to confirm a FORCE_PASS"); err != nil {
			return false, "", err
		}
		a, err := loop.AskOnce(ctx, d.j, d.asker(), q)
		if err != nil {
			return false, "", err
		}
		return a.Choice == loop.Yes, a.Text, nil
	}
	if d.verdicts[d.current].Verdict == OK {
		return false, nil
	}
	yes, note, err := ask("s6/force-pass", true)
	if err != nil || yes {
		d.prog.force = yes
		return yes, err
	}
	if _, err := d.revise(ctx, []string{"The human declined a force pass and asks for one more revision: " + orNone(note)}); err != nil {
		return false, err
	}
	if d.verdicts[d.current].Verdict == OK {
		return false, nil
	}
	if yes, _, err = ask("s6/force-pass-2", false); err != nil || yes {
		d.prog.force = yes
		return yes, err
	}
	d.saved = "-"
	if err := d.step("step6", "stopped", "the force pass was declined twice: nothing is saved"); err != nil {
		return false, err
	}
	return false, fmt.Errorf("%w: the force pass of episode %d was declined twice", ErrNotSaved, d.e.Number)
}

// finish judges (6), polishes (6.5), saves and updates the trackers (7),
// logs the quality (7.5), holds the retro (7.6) and archives (8).
func (d *driver) finish(ctx context.Context, forced bool) (*Outcome, error) {
	n := d.e.Number
	if err := d.step("step6", "in_progress", "judgment"); err != nil {
		return nil, err
	}
	jd := Judge(JudgeInput{Verdict: d.verdicts[d.current], ForcePass: forced, Feedback: d.final})
	d.judgment = &jd
	if err := d.step("step6", "completed", fmt.Sprintf("%s: %s", jd.Grade, strings.Join(jd.Reasons, "; "))); err != nil {
		return nil, err
	}
	d.polished = d.drafts[d.current]
	if jd.Grade == PassWithPolish {
		d.polished, d.polish = Polish(d.polished, d.verdicts[d.current], d.personas, d.final)
		applied := 0
		for _, it := range d.polish {
			if it.Applied {
				applied++
			}
		}
		if err := d.step("step6.5", "completed", fmt.Sprintf("%d fix(es) applied of %d chosen", applied, len(d.polish))); err != nil {
			return nil, err
		}
	}

	title := Title(d.polished)
	file := path.Join(EpisodesDir, fmt.Sprintf("%02d_%s.txt", n, fileTitle(title)))
	q := loop.Question{Key: "s7/save", Kind: loop.Confirm,
		Prompt: fmt.Sprintf("Save episode %d %q to %s? Judgment %s, final draft v%d after %d revision attempt(s), readers' mean ★%.2f (see %s/current-draft.txt).",
			n, title, file, jd.Grade, d.current, len(d.revisions), jd.Mean, WorkspaceDir)}
	if forced {
		// The seed goes on to the save "with a warning" and saves only on
		// the human's approval: an automatic gate (the default) never
		// confirms a FORCE_PASS.
		q.Default = loop.No
		q.Prompt = fmt.Sprintf("WARNING: FORCE_PASS, the arc reviewer did not give OK (%s on draft v%d). ", d.verdicts[d.current].Verdict, d.current) + q.Prompt
	}
	if err := d.step("step7", "in_progress", "asking to save"); err != nil {
		return nil, err
	}
	a, err := loop.AskOnce(ctx, d.j, d.asker(), q)
	if err != nil {
		return nil, err
	}
	if a.Choice != loop.Yes {
		d.saved = "-"
		why := fmt.Sprintf("the save of episode %d was declined", n)
		if forced {
			why = fmt.Sprintf("episode %d is a FORCE_PASS (the arc reviewer says %s on draft v%d) and its save was not confirmed; an automatic gate never confirms a FORCE_PASS", n, d.verdicts[d.current].Verdict, d.current)
		}
		if err := d.step("step7", "stopped", why+": nothing was saved"); err != nil {
			return nil, err
		}
		return d.result(), fmt.Errorf("%w: %s", ErrNotSaved, why)
	}
	if err := loop.RewriteFiles(ctx, d.j, "s7/save", d.root, []string{file}, func(string, []byte) ([]byte, error) { return []byte(d.polished), nil }); err != nil {
		return nil, err
	}
	d.saved = file
	if err := loop.RewriteFiles(ctx, d.j, "s7/trackers", d.root, []string{TrackerFile, SummariesFile, HandoverFile, CharacterFile, AuthorReflectionsFile}, d.trackers(title)); err != nil {
		return nil, err
	}
	if err := d.step("step7", "completed", "saved "+file+"; trackers updated"); err != nil {
		return nil, err
	}

	row := fmt.Sprintf("| %d | %s | %d (%d accepted) | %s | %s | %s | %.2f | %s |", n, d.date, len(d.revisions), d.accepted(),
		d.verdicts[d.current].Verdict, jd.Grade, starsCell(d.personas, d.final), jd.Mean, d.revisionTest())
	err = loop.RewriteFiles(ctx, d.j, "s7.5/quality-log", d.root, []string{QualityLogFile}, func(_ string, old []byte) ([]byte, error) {
		return upsertRow(old, n, "| episode | date | revisions | verdict | judgment | stars | mean | revision test |", row), nil
	})
	if err != nil {
		return nil, err
	}
	if err := d.step("step7.5", "completed", "quality-log row: "+row); err != nil {
		return nil, err
	}

	prev, err := journal.Step(ctx, d.j, "s7.6/orchestrator-notes", func(context.Context) (string, error) {
		b, err := d.root.ReadFile(OrchestratorReflectionsFile)
		if errors.Is(err, fs.ErrNotExist) {
			return "", nil
		}
		return lastOrchestratorNote(string(b), n), err
	})
	if err != nil {
		return nil, err
	}
	r := makeRetro(d, prev)
	d.retro = &r
	if r.Try != "" {
		if err := d.step("step7.6", "in_progress", "asking to approve the Try"); err != nil {
			return nil, err
		}
		a, err := loop.AskOnce(ctx, d.j, d.asker(), loop.Question{Key: "s7.6/try", Kind: loop.Choice, Text: true,
			Prompt:  "Retro of episode " + fmt.Sprint(n) + ": try this in the next episode? " + r.Try,
			Options: []loop.Option{{ID: "approve", Label: "Approve"}, {ID: "reject", Label: "Reject (say why)"}, {ID: "modify", Label: "Modify (write your version; start it \"arc change:\" for a change of the arc design, kept as [DESIGN-REVIEW])"}}})
		if err != nil {
			return nil, err
		}
		d.retro.Decision, d.retro.Note = a.Choice, a.Text
		try := r.Try
		if a.Choice == "modify" && strings.TrimSpace(a.Text) != "" {
			try = strings.TrimSpace(a.Text)
		}
		if a.Choice != "reject" {
			tag := "TRY-NEXT"
			if m := designReviewRE.FindString(try); m != "" {
				// An arc-level Try is not squeezed into an episode: it waits
				// for the arc's review.
				tag, try = "DESIGN-REVIEW", strings.TrimSpace(try[len(m):])
			}
			err := loop.RewriteFiles(ctx, d.j, "s7.6/handover", d.root, []string{HandoverFile}, func(_ string, old []byte) ([]byte, error) {
				return appendLine(old, fmt.Sprintf("- [%s] %s (retro of episode %d)", tag, try, n)), nil
			})
			if err != nil {
				return nil, err
			}
		}
	}
	if notes := d.orchestratorNotes(); len(notes) > 0 {
		d.orchestrator = notes
		err := loop.RewriteFiles(ctx, d.j, "s7.6/orchestrator", d.root, []string{OrchestratorReflectionsFile}, func(_ string, old []byte) ([]byte, error) {
			return setMemoryEntry(old, fmt.Sprintf("Episode %d", n), "- "+strings.Join(notes, "\n- ")), nil
		})
		if err != nil {
			return nil, err
		}
	}
	if err := d.step("step7.6", "completed", fmt.Sprintf("Keep %d, Problem %d, Try: %s", len(r.Keep), len(r.Problem), orNone(r.Try))); err != nil {
		return nil, err
	}
	if err := d.archive(); err != nil {
		return nil, err
	}
	return d.result(), nil
}

// accepted counts the accepted revisions.
func (d *driver) accepted() int {
	k := 0
	for _, r := range d.revisions {
		if r.Accepted {
			k++
		}
	}
	return k
}

// revisionTest sums up the pairwise comparisons for the quality log.
func (d *driver) revisionTest() string {
	if len(d.revisions) == 0 {
		return "no revision"
	}
	parts := make([]string, len(d.revisions))
	for i, r := range d.revisions {
		verb := "lost"
		if r.Accepted {
			verb = "won"
		} else if r.Votes == nil {
			verb = "unchanged"
		}
		parts[i] = fmt.Sprintf("v%d %s", r.Version, verb)
	}
	return strings.Join(parts, ", ")
}

// trackers returns the step 7 edit of the tracker (one row per episode
// in its episodes table, in its protagonist agency and action balance
// tables when the author's reflection reported them, and, when the brief
// had accents, in its history tables), the character arcs (arcProgress), the episode summaries (one entry per episode) and the handover notes
// (the [TRY-NEXT] and [PERSONA-ALERT] threads this brief used become
// [RESOLVED]; a star spread of 2 or more adds a [PERSONA-ALERT] for the
// lowest reader).
func (d *driver) trackers(title string) func(string, []byte) ([]byte, error) {
	n := d.e.Number
	row, _ := d.story.ArcRow(n)
	body := strings.TrimSpace(bodyOf(d.polished))
	return func(name string, old []byte) ([]byte, error) {
		switch name {
		case TrackerFile:
			r := fmt.Sprintf("| %d | %s | %s | %d | %s |", n, orNone(row.Role), cellText(firstSentence(body), 40), len(d.revisions), d.judgment.Grade)
			old = regenerateTracker(old, d.story.Arc)
			return d.trackAgency(d.trackHistory(upsertEpisodeRow(old, n, "| episode | role | opening | revisions | judgment |", r))), nil
		case AuthorReflectionsFile:
			if e := d.reflectionEntry(); e != "" {
				return setMemoryEntry(old, fmt.Sprintf("Episode %d", n), e), nil
			}
			return old, nil
		case CharacterFile:
			return d.arcProgress(old, body), nil
		case SummariesFile:
			return setMemoryEntry(old, fmt.Sprintf("Episode %d", n), title+": "+cellText(body, 160)), nil
		}
		out := resolvedRE.ReplaceAll(old, []byte("${1}[RESOLVED]"))
		for _, r := range d.designReviews() {
			out = appendLine(out, r)
		}
		if alert := d.personaAlert(); alert != "" {
			out = appendLine(out, alert)
		}
		return out, nil
	}
}

var resolvedRE = regexp.MustCompile(`(?m)^(\s*[-*]\s*)\[(?:TRY-NEXT|PERSONA-ALERT)\]`)

// personaAlert returns the [PERSONA-ALERT] thread of a star spread of 2
// or more, or "".
func (d *driver) personaAlert() string {
	if d.judgment.Spread < 2 {
		return ""
	}
	low := 0
	for i, f := range d.final {
		if f.Stars < d.final[low].Stars {
			low = i
		}
	}
	p := d.personas[low]
	return fmt.Sprintf("- [PERSONA-ALERT] %s gave ★%d to episode %d (spread %d): put its focus (%s) into the next brief", p.Name, d.final[low].Stars, d.e.Number, d.judgment.Spread, orNone(p.Focus))
}

// result is the run's Outcome so far.
func (d *driver) result() *Outcome {
	res := &Outcome{Episode: d.e.Number, Title: Title(d.drafts[d.current]), Version: d.current, Revisions: d.revisions,
		Verdict: d.verdicts[d.current].Verdict, Polish: d.polish, Usage: d.usage, Stars: map[string]int{}}
	if d.saved != "" && d.saved != "-" {
		res.File, res.Saved, res.Title = d.saved, true, Title(d.polished)
	}
	if d.judgment != nil {
		res.Judgment = *d.judgment
	}
	if len(d.questions) > 0 {
		res.Held = append(res.Held, fmt.Sprintf("2Q: %d question(s) to the designer", len(d.questions)))
	}
	if d.line != "" {
		res.Held = append(res.Held, "3b: the climax line confirmed with the designer")
	}
	res.ArcObservation = d.arcObservation()
	for _, t := range d.discussion {
		rounds := (len(t.Turns) + 1) / 2
		res.Discussions += rounds
		res.Held = append(res.Held, fmt.Sprintf("4D on draft v%d: %d round(s)", t.Version, rounds))
	}
	for i, f := range d.final {
		res.Stars[d.personas[i].ID] = f.Stars
	}
	if len(d.final) == len(d.personas) && len(d.final) > 0 {
		res.Readers = ReaderStats(d.story.QualityLog, d.e.Number, d.personas, d.final)
	}
	if d.retro != nil {
		res.Try, res.TryDecision = d.retro.Try, d.retro.Decision
	}
	return res
}
