package multishot

import (
	"fmt"
	"io"
	"strings"
)

// WriteText writes e as the line a person follows the session by on w
// ("wave 1: ...", "  docs shot 2: ..."); an event of another kind
// writes nothing. It returns w's error.
func (e Event) WriteText(w io.Writer) error {
	var b strings.Builder
	switch e.Kind {
	case "slices":
		if e.Slice == "" {
			fmt.Fprintf(&b, "slices: %s\n", e.Text)
		} else {
			fmt.Fprintf(&b, "slice %s: %s\n", e.Slice, e.Text)
		}
	case "wave":
		fmt.Fprintf(&b, "wave %d: %s\n", e.Round, e.Text)
	case "shot":
		fmt.Fprintf(&b, "  %s shot %d: %s\n", e.Slice, e.Shot, strings.TrimSpace(e.Text))
	case "dedupe", "pass", "judge":
		fmt.Fprintf(&b, "  %s %s: %s\n", e.Slice, e.Kind, e.Text)
	case "triage":
		fmt.Fprintf(&b, "  triage %s\n", e.Text)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
