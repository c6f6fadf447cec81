package writing

import (
	"fmt"
	"io"
)

// WriteText writes e as the line a person follows the episode by on w:
// the step, "✓" once completed ("…" before), and what it did. It returns
// w's error.
func (e Event) WriteText(w io.Writer) error {
	mark := "…"
	if e.Status == "completed" {
		mark = "✓"
	}
	_, err := fmt.Fprintf(w, "  %-8s %s %s\n", e.Kind, mark, e.Text)
	return err
}
