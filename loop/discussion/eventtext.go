package discussion

import (
	"fmt"
	"io"
	"strings"

	"github.com/kaigi-dev/kaigi/loop"
)

// WriteText writes e as the line a person follows the discussion by on
// w ("round 2 ...", "  security: 3 post(s), 1 dropped"); an event of
// another kind writes nothing. Control characters of the texts it quotes
// are escaped (loop.Printable). It returns w's error.
func (e Event) WriteText(w io.Writer) error {
	var b strings.Builder
	switch e.Kind {
	case RoundStarted:
		fmt.Fprintf(&b, "round %d ...\n", e.Round)
	case TurnTaken:
		if e.Absent != "" {
			fmt.Fprintf(&b, "  %s: absent (%s)\n", e.Participant, loop.Printable(e.Absent))
			break
		}
		fmt.Fprintf(&b, "  %s: %d post(s)", e.Participant, e.Posts)
		if e.Dropped > 0 {
			fmt.Fprintf(&b, ", %d dropped", e.Dropped)
		}
		fmt.Fprintln(&b)
	case Tripped:
		fmt.Fprintf(&b, "circuit breaker: no progress for two rounds, the debate stops after round %d\n", e.Round)
	case Concluded:
		fmt.Fprintln(&b, "the lead concluded")
	case FellBack:
		fmt.Fprintf(&b, "fallback to a plain fan-out: %s\n", loop.Printable(e.Text))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
