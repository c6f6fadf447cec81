package discussion

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
)

// writeArtifacts renders the discussion's files into dir from what the
// run's steps returned: whiteboard.md, verdict.json, summary.md,
// fanout.md after a fallback, and entries/ when asked. They are renderings: a resumed run writes
// them again, byte for byte the same.
func writeArtifacts(dir string, o *Outcome, r *runner) error {
	files := map[string][]byte{
		WhiteboardFile: o.Board.Render(),
		SummaryFile:    summary(o),
	}
	if o.Verdict != nil {
		files[VerdictFile] = append(append([]byte{}, o.Verdict...), '\n')
	}
	if r.fanout != nil {
		files[FanOutFile] = r.fanout.render()
	}
	if err := loop.WriteRenderings(dir, files); err != nil {
		return fmt.Errorf("discussion: %w", err)
	}
	if r.d.Entries {
		if err := loop.WriteRenderings(filepath.Join(dir, EntriesDir), o.Board.Entries()); err != nil {
			return fmt.Errorf("discussion: %w", err)
		}
	}
	return nil
}

// summary renders summary.md, control characters escaped (loop.Printable).
func summary(o *Outcome) []byte {
	var s strings.Builder
	m := o.Board.Meta()
	fmt.Fprintf(&s, "# Discussion summary: %s\n\n%s\n\n", m.ID, m.Topic)
	fmt.Fprintf(&s, "- Rounds: %d", o.Rounds)
	if o.Stopped != "" && o.Verdict != nil {
		fmt.Fprintf(&s, " (stopped: %s)", o.Stopped.Describe())
	}
	s.WriteString("\n")
	counts := map[board.Kind]int{}
	for _, p := range o.Board.Posts() {
		counts[p.Kind]++
	}
	var kinds []string
	for _, k := range board.Kinds() {
		if counts[k] > 0 {
			kinds = append(kinds, fmt.Sprintf("%d %s", counts[k], k))
		}
	}
	fmt.Fprintf(&s, "- Posts: %d (%s)\n", o.Board.Len(), strings.Join(kinds, ", "))
	for _, a := range o.Absent {
		fmt.Fprintf(&s, "- Absent: %s from round %d: %s\n", a.Name, a.Round, a.Reason)
	}
	if o.Fallback != "" {
		fmt.Fprintf(&s, "- Fallback to a plain fan-out: %s (see %s)\n", o.Fallback, FanOutFile)
	}
	fmt.Fprintf(&s, "- Usage: %d call(s), %d input and %d output tokens\n", o.Usage.Calls, o.Usage.InputTokens, o.Usage.OutputTokens)
	if pts := o.Board.Points(); len(pts) > 0 {
		survive := 0
		for _, p := range pts {
			if p.Survives {
				survive++
			}
		}
		fmt.Fprintf(&s, "- Points: %d, of which %d survived the debate\n", len(pts), survive)
	}
	if o.Verdict == nil {
		fmt.Fprintf(&s, "\n## No verdict\n\nThere is no verdict: %s.\n\nThe board: %s.\n", o.NoAnswer, WhiteboardFile)
		return []byte(loop.Printable(s.String()))
	}
	fmt.Fprintf(&s, "\n## Verdict\n\n```json\n%s\n```\n\nThe board: %s. The verdict: %s.\n", o.Verdict, WhiteboardFile, VerdictFile)
	return []byte(loop.Printable(s.String()))
}

// render renders fanout.md, control characters escaped (loop.Printable).
func (f *fanOut) render() []byte {
	var s strings.Builder
	fmt.Fprintf(&s, "# Fan-out (fallback)\n\nWhy: %s.\n", f.Reason)
	for i, name := range f.Targets {
		fmt.Fprintf(&s, "\n## %s\n\n", name)
		items := f.Items[i]
		if len(items.Items) == 0 {
			s.WriteString("No findings.\n")
		}
		for _, it := range items.Items {
			fmt.Fprintf(&s, "- %s (lines %s): %s\n", it.Key, it.Lines, it.Label())
		}
		for _, sk := range items.Skips {
			fmt.Fprintf(&s, "- skipped %s: %s\n", sk.Reviewer, loop.SkipText(sk))
		}
	}
	return []byte(loop.Printable(s.String()))
}
