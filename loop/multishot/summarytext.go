package multishot

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// WriteText writes the session's state for people on w, on one line (done
// or not, the findings remaining, the waves, the findings, the duplicate
// marks), then the notes and the model calls, then where summary.md is in
// the session folder session, or, with session "", the summary's Markdown
// in full. It returns w's error.
func (s *Summary) WriteText(w io.Writer, session string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "\nok=%t remaining=%d waves=%d findings=%d; dedupe: %d automatic, %d manual\n", s.OK, s.Remaining, len(s.Waves), len(s.Findings), s.Dedupe.Auto, s.Dedupe.Manual)
	for _, n := range s.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	if s.Usage.Calls > 0 {
		fmt.Fprintf(&b, "usage: %d call(s), %d tokens\n", s.Usage.Calls, s.Usage.Total())
	}
	if session == "" {
		fmt.Fprintf(&b, "\n%s", s.Markdown())
	} else {
		fmt.Fprintf(&b, "summary: %s\n", filepath.Join(session, "summary.md"))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
