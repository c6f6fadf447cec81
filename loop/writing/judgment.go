package writing

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Grade is the episode's judgment (step 6).
type Grade string

// The judgments.
const (
	Pass           Grade = "PASS"
	PassWithPolish Grade = "PASS_WITH_POLISH"
	ForcePass      Grade = "FORCE_PASS"
)

// JudgeInput is everything the judgment reads.
type JudgeInput struct {
	// Verdict is the arc reviewer's verdict on the final draft, after
	// the scan (see Scan).
	Verdict Verdict
	// ForcePass is set when the revisions ended with a verdict other than
	// OK (the cap, or an author with nothing more to change) and a human
	// confirmed the force pass.
	ForcePass bool
	// Feedback are the readers' feedback on the final draft, in persona
	// order.
	Feedback []Feedback
}

// Judgment is the result of Judge.
type Judgment struct {
	Grade Grade `json:"outcome"`
	// Mean and Median are the readers' stars.
	Mean   float64 `json:"mean"`
	Median float64 `json:"median"`
	// Spread is the highest minus the lowest star rating; at 2 or more
	// the lowest reader gets a [PERSONA-ALERT] in the handover notes.
	Spread int `json:"spread"`
	// Shared are the quotes at least two readers flagged (each once).
	Shared []string `json:"shared,omitempty"`
	// Reasons say why, one line each.
	Reasons []string `json:"reasons"`
}

// Judge is the judgment of step 6, a pure function of its input:
// a confirmed force pass is FORCE_PASS; a verdict other than OK is
// FORCE_PASS too (the driver only gets here with one after the human
// confirmed); an OK verdict is PASS_WITH_POLISH when the reviewer left at
// least two minor (low) issues, or at least two readers flagged the same
// spot (quotes that overlap: one contains the other), or the readers'
// mean is below 3.0, and PASS otherwise. Mean, median and spread are
// computed in every case.
func Judge(in JudgeInput) Judgment {
	var j Judgment
	stars := make([]int, 0, len(in.Feedback))
	for _, f := range in.Feedback {
		stars = append(stars, f.Stars)
	}
	if len(stars) > 0 {
		slices.Sort(stars)
		sum := 0
		for _, s := range stars {
			sum += s
		}
		j.Mean = float64(sum) / float64(len(stars))
		if m := len(stars) / 2; len(stars)%2 == 1 {
			j.Median = float64(stars[m])
		} else {
			j.Median = float64(stars[m-1]+stars[m]) / 2
		}
		j.Spread = stars[len(stars)-1] - stars[0]
	}
	j.Shared = sharedSpots(in.Feedback)
	switch {
	case in.ForcePass || in.Verdict.Verdict != OK:
		j.Grade = ForcePass
		j.Reasons = append(j.Reasons, fmt.Sprintf("the revisions ended with %s and the force pass was confirmed", in.Verdict.Verdict))
		return j
	}
	if n := in.Verdict.Minor(); n >= 2 {
		j.Reasons = append(j.Reasons, fmt.Sprintf("the arc reviewer left %d minor issues", n))
	}
	if len(j.Shared) > 0 {
		j.Reasons = append(j.Reasons, fmt.Sprintf("%d spot(s) flagged by two or more readers", len(j.Shared)))
	}
	if len(stars) > 0 && j.Mean < 3.0 {
		j.Reasons = append(j.Reasons, fmt.Sprintf("the readers' mean is %.2f, below 3.0", j.Mean))
	}
	j.Grade = PassWithPolish
	if len(j.Reasons) == 0 {
		j.Grade = Pass
		j.Reasons = []string{"OK from the arc reviewer, fewer than two minor issues, no spot shared by readers, mean 3.0 or more"}
	}
	return j
}

// sharedSpots returns the quotes that at least two readers flagged,
// each once, in the order first flagged. Two quotes are one spot when one
// contains the other (surrounding white space ignored).
func sharedSpots(fb []Feedback) []string {
	var out []string
	for i, f := range fb {
		for _, c := range f.Concerns {
			q := strings.TrimSpace(c.Quote)
			if q == "" || slices.ContainsFunc(out, func(o string) bool { return sameSpot(o, q) }) {
				continue
			}
			for _, g := range fb[i+1:] {
				if slices.ContainsFunc(g.Concerns, func(d Concern) bool { return sameSpot(d.Quote, q) }) {
					out = append(out, q)
					break
				}
			}
		}
	}
	return out
}

// sameSpot reports whether two quotes name one spot.
func sameSpot(a, b string) bool {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	return a != "" && b != "" && (strings.Contains(a, b) || strings.Contains(b, a))
}

// metaRE finds meta-narrative that must not be in an episode: an episode
// number ("第3話") anywhere but the title line, and part names
// ("第一部"); the original's reviewers and readers let such a phrase pass.
var (
	episodeRE = regexp.MustCompile(`第[0-9０-９一二三四五六七八九十百]+話`)
	partRE    = regexp.MustCompile(`第[一二三]部`)
)

// Scan returns the meta-narrative phrases of draft, with their lines:
// an episode number outside line 1, or a part name anywhere. A draft with
// any is at least REVISION_NEEDED, whatever the reviewer said.
func Scan(draft string) []string {
	var hits []string
	n := 0
	for line := range strings.Lines(draft) {
		n++
		if n > 1 {
			for _, m := range episodeRE.FindAllString(line, -1) {
				hits = append(hits, fmt.Sprintf("line %d: %s", n, m))
			}
		}
		for _, m := range partRE.FindAllString(line, -1) {
			hits = append(hits, fmt.Sprintf("line %d: %s", n, m))
		}
	}
	return hits
}

// effective returns v with the scan applied: hits raise OK to
// REVISION_NEEDED, each hit added as a medium issue.
func effective(v Verdict, hits []string) Verdict {
	if len(hits) == 0 {
		return v
	}
	out := v
	out.Issues = slices.Clone(v.Issues)
	for _, h := range hits {
		q := h[strings.Index(h, ": ")+2:]
		out.Issues = append(out.Issues, Issue{Quote: q, Issue: "meta-narrative phrase (" + h + "): the episode must not name episodes or parts", Severity: "medium"})
	}
	if out.Verdict == OK {
		out.Verdict = RevisionNeeded
		out.Summary = strings.TrimSpace(v.Summary + " The scan found meta-narrative phrases.")
	}
	return out
}
