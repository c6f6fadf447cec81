package writing

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// WriteText writes the completion report of the episode for people on w:
// where it was saved (or that it was not), the revisions and why each was
// kept or not, the arc review and discussions, the judgment, the readers'
// ratings, the polish, the retro's Try, the model calls, and where the
// archive and the story files are, under Dir. A nil r writes nothing. It
// returns w's error.
func (r *Outcome) WriteText(w io.Writer) error {
	if r == nil {
		return nil
	}
	dir := r.Dir
	var b strings.Builder
	fmt.Fprintf(&b, "\nEpisode %d: %s\n", r.Episode, r.Title)
	if r.Saved {
		fmt.Fprintf(&b, "  saved:        %s\n", filepath.Join(dir, r.File))
	} else {
		fmt.Fprintf(&b, "  not saved\n")
	}
	accepted := 0
	for _, rv := range r.Revisions {
		if rv.Accepted {
			accepted++
		}
	}
	fmt.Fprintf(&b, "  revisions:    %d attempted, %d accepted by the readers' pairwise comparison (final draft v%d)\n", len(r.Revisions), accepted, r.Version)
	for _, rv := range r.Revisions {
		fmt.Fprintf(&b, "                v%d: %s\n", rv.Version, rv.Reason)
	}
	fmt.Fprintf(&b, "  arc review:   %s; discussion rounds: %d\n", r.Verdict, r.Discussions)
	for _, h := range r.Held {
		fmt.Fprintf(&b, "  discussion:   %s\n", h)
	}
	if r.ArcObservation != "" {
		fmt.Fprintf(&b, "  arc observer: %s\n", r.ArcObservation)
	}
	fmt.Fprintf(&b, "  judgment:     %s (%s)\n", r.Judgment.Grade, strings.Join(r.Judgment.Reasons, "; "))
	fmt.Fprintf(&b, "  readers:      mean ★%.2f, median ★%.2f\n", r.Judgment.Mean, r.Judgment.Median)
	for _, st := range r.Readers {
		flag := ""
		if st.Stuck {
			flag = "  ← never moves: its stars tell nothing"
		}
		fmt.Fprintf(&b, "                %-8s ★%d  over %d episode(s): mean %.2f, variance %.2f%s\n", st.Persona, r.Stars[st.Persona], len(st.Stars), st.Mean, st.Variance, flag)
	}
	applied := 0
	for _, p := range r.Polish {
		if p.Applied {
			applied++
		}
	}
	fmt.Fprintf(&b, "  polish:       %d fix(es) applied\n", applied)
	if r.Try != "" {
		fmt.Fprintf(&b, "  retro Try:    %s (%s)\n", r.Try, r.TryDecision)
	}
	if r.Judgment.Grade == ForcePass {
		fmt.Fprintln(&b, "  WARNING: FORCE_PASS — the arc reviewer did not give OK.")
	}
	fmt.Fprintf(&b, "  usage:        %d model call(s), %d tokens\n", r.Usage.Calls, r.Usage.Total())
	fmt.Fprintf(&b, "  archive:      %s (drafts draft-vN.txt, progress.md, reader feedback, retro)\n", filepath.Join(dir, ArchiveDir, fmt.Sprintf("episode-%02d", r.Episode)))
	fmt.Fprintf(&b, "  story files:  quality log, series tracker, summaries, handover notes and reader memories in %s\n", filepath.Join(dir, "story"))
	_, err := io.WriteString(w, b.String())
	return err
}
