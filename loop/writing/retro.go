package writing

import (
	"fmt"
	"strings"
)

// retro is the step 7.6 retro: Keep, Problem and at most one Try, with
// the human's decision on the Try.
type retro struct {
	Keep, Problem []string
	Try           string
	// Decision is approve, reject or modify; Note the human's text.
	Decision, Note string
}

// makeRetro draws the retro from the run: Keep from the reviewer's
// summary of an OK, the author's surprise (author-reflections.md), each
// reader's first good point and the revisions that won; Problem from the
// orchestrator's note on the episode before (orchestrator-reflections.md,
// which no role reads), the series tracker's warnings, spots two readers
// flagged, revisions that lost, a
// force pass and readers whose score never moves; the Try from the first
// problem that suggests one (a shared spot, a lost revision, a stuck
// reader, a reader far below the others, a minor issue), or none.
func makeRetro(d *driver, orchestrator string) retro {
	var r retro
	vd := d.verdicts[d.current]
	if vd.Verdict == OK && vd.Summary != "" {
		r.Keep = append(r.Keep, "arc reviewer: "+vd.Summary)
	}
	if s := strings.TrimSpace(d.reflections[d.current].Surprise); s != "" {
		r.Keep = append(r.Keep, "the author's surprise: "+oneLine(s))
	}
	if orchestrator != "" {
		r.Problem = append(r.Problem, "the orchestrator's note on "+orchestrator)
	}
	for _, w := range warnings(d.story.Tracker) {
		r.Problem = append(r.Problem, "series tracker warning: "+w)
	}
	for i, f := range d.final {
		if len(f.Good) > 0 {
			r.Keep = append(r.Keep, fmt.Sprintf("%s: %s", d.personas[i].Name, f.Good[0]))
		}
	}
	var tries []string
	for _, rv := range d.revisions {
		if rv.Accepted {
			r.Keep = append(r.Keep, fmt.Sprintf("revision v%d beat the previous draft (%s)", rv.Version, rv.Reason))
		} else {
			r.Problem = append(r.Problem, fmt.Sprintf("revision v%d: %s", rv.Version, rv.Reason))
		}
	}
	for _, q := range d.judgment.Shared {
		r.Problem = append(r.Problem, fmt.Sprintf("two or more readers stumbled on %q", q))
		tries = append(tries, fmt.Sprintf("Before the arc review, reread the kind of spot readers stumbled on (%q) and make it clear on first reading.", q))
	}
	for _, rv := range d.revisions {
		if !rv.Accepted && rv.Votes != nil {
			tries = append(tries, "Revise only what the arc review names, and keep what the readers liked: a revision lost to its previous draft.")
			break
		}
	}
	if d.judgment.Grade == ForcePass {
		r.Problem = append(r.Problem, fmt.Sprintf("force pass with %s", vd.Verdict))
	}
	for _, st := range ReaderStats(d.story.QualityLog, d.e.Number, d.personas, d.final) {
		if st.Stuck {
			r.Problem = append(r.Problem, fmt.Sprintf("%s gave ★%d in all of its %d episodes: its stars do not discriminate", st.Persona, st.Stars[0], len(st.Stars)))
			tries = append(tries, fmt.Sprintf("Weigh %s by its pairwise comparisons, not its stars, and give it a sharper focus in the next brief.", st.Persona))
		}
	}
	if d.judgment.Spread >= 2 {
		low := 0
		for i, f := range d.final {
			if f.Stars < d.final[low].Stars {
				low = i
			}
		}
		p := d.personas[low]
		r.Problem = append(r.Problem, fmt.Sprintf("%s gave ★%d, %d below the highest rating", p.Name, d.final[low].Stars, d.judgment.Spread))
		tries = append(tries, fmt.Sprintf("Give %s's focus (%s) one item of the next brief's focus.", p.Name, orNone(p.Focus)))
	}
	for _, is := range vd.Issues {
		if is.Severity == "low" {
			tries = append(tries, "Watch for this in the next draft: "+is.Issue)
			break
		}
	}
	if len(tries) > 0 {
		r.Try = tries[0]
	}
	return r
}
