package writing

import (
	"fmt"
	"strings"
)

// steps are the seed's steps in order, as progress.md names them. Step 1
// checks the series tracker (its team spawning has no counterpart: roles
// are values here); step2q holds the questions to the designer and a
// climax's one line (3b).
var steps = []string{"step0", "step1", "step2", "step2q", "step3", "step4", "step4d", "step5", "step6", "step6.5", "step7", "step7.5", "step7.6", "step8"}

// stepTitles say what each step does.
var stepTitles = map[string]string{
	"step0": "init workspace", "step1": "series tracker check", "step2": "episode brief", "step2q": "questions to the designer (2Q, 3b)", "step3": "author: draft / revision", "step4": "arc review",
	"step4d": "discussion (at most 2 rounds)", "step5": "reader feedback", "step6": "judgment", "step6.5": "polish (PASS_WITH_POLISH only)",
	"step7": "confirm, save, trackers", "step7.5": "quality log", "step7.6": "retro (Keep / Problem / Try)", "step8": "archive the workspace",
}

// progress is what progress.md shows: where the run is. The driver
// rebuilds it from the journal on every execution (each change follows a
// journaled step), so a resumed run shows the step it is in.
type progress struct {
	episode, max, attempts int
	current, status        string
	done                   map[string]bool
	personas               []Persona
	readers                map[string]bool
	force                  bool
	facts                  Facts
	accents, accentChanged bool // accent_note_applicable, accent_changed
}

func newProgress(n, max int) progress {
	return progress{episode: n, max: max, current: "step0", status: "in_progress", done: map[string]bool{}, readers: map[string]bool{}}
}

// at records that step is in status ("in_progress", "completed" or
// "stopped").
func (p *progress) at(step, status string) {
	p.current, p.status = step, status
	if status == "completed" {
		p.done[step] = true
	}
}

// revise starts revision attempt v: the author, review and discussion
// steps are open again.
func (p *progress) revise(v int) {
	p.attempts = v
	for _, s := range []string{"step3", "step4", "step4d"} {
		delete(p.done, s)
	}
}

// read records that persona id's feedback on the final draft is in.
func (p *progress) read(id string) { p.readers[id] = true }

// render returns progress.md.
func (p *progress) render() []byte {
	var b strings.Builder
	f := p.facts
	planned, remaining := "null", "null"
	if f.Planned > 0 {
		planned, remaining = fmt.Sprint(f.Planned), fmt.Sprint(f.Remaining)
	}
	boundary := "false"
	if f.Boundary != "" {
		boundary = fmt.Sprintf("{at: %s, act: %d}", f.Boundary, f.Act)
	}
	fmt.Fprintf(&b, "# Progress — episode %d\n\n```yaml\nepisode: %d\nmax_revisions: %d\nrevision_count: %d\nplanned_episodes: %s\nremaining_episodes: %s\nis_finale: %t\narc_phase_boundary: %s\nforce_pass: %t\n",
		p.episode, p.episode, p.max, p.attempts, planned, remaining, f.Finale, boundary, p.force)
	fmt.Fprintf(&b, "accent_phase_fallback: %t\nhandover_legacy_format: %t\naccent_note_applicable: %t\naccent_changed: %t\ncurrent_step: %q\nstep_status: %s\n```\n\n## Steps\n\n",
		f.AccentFallback, f.LegacyHandover, p.accents, p.accentChanged, p.current, p.status)
	for _, s := range steps {
		mark := " "
		if p.done[s] {
			mark = "x"
		}
		fmt.Fprintf(&b, "- [%s] %s: %s\n", mark, s, stepTitles[s])
	}
	b.WriteString("\n## Step 5 detail\n\n")
	for _, ps := range p.personas {
		mark := " "
		if p.readers[ps.ID] {
			mark = "x"
		}
		fmt.Fprintf(&b, "- [%s] %s (%s)\n", mark, ps.ID, ps.Name)
	}
	return []byte(b.String())
}
