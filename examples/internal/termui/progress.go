package termui

import (
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/mattn/go-runewidth"

	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
	"github.com/kaigi-dev/kaigi/providers/config"
)

// Progress shows what the reviewers are doing. On a terminal (Live) it
// keeps one line per reviewer up to date in place: running, done with N
// findings and tokens, or skipped with the start of the reason; the
// reason of a skip is also printed in full once, above those lines.
// Otherwise it writes one plain log line per event, a skip's reason in
// full. It is safe for concurrent use.
type Progress struct {
	mu    sync.Mutex
	out   io.Writer
	live  bool
	round int
	order []string          // reviewer keys in first-seen order
	state map[string]string // reviewer key -> its line
	shown int               // lines drawn for the current round
}

// NewProgress returns a Progress writing to out; live redraws lines in
// place with ANSI escapes and should be set only for a terminal.
func NewProgress(out io.Writer, live bool) *Progress {
	return &Progress{out: out, live: live, state: map[string]string{}}
}

// Observe takes one loop event: pass it as editorial.Loop.Observer, or
// give it the loop.Event another driver's event embeds. A round's start
// and the council's events are drawn as above; any other event with a
// Text is written as a line of its own.
func (p *Progress) Observe(e loop.Event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case e.Kind == rounds.RoundStarted:
		p.round, p.order, p.state, p.shown = e.Round, nil, map[string]string{}, 0
		fmt.Fprintf(p.out, "round %d\n", e.Round)
	case e.Kind == rounds.CouncilEvent && e.Council != nil:
		p.council(*e.Council)
	case e.Text != "":
		p.shown = 0 // the line goes below the reviewer lines, which are not redrawn
		fmt.Fprintf(p.out, "%s: %s\n", e.Kind, loop.Printable(e.Text))
	}
}

func (p *Progress) council(e council.Event) {
	key := e.Reviewer
	if e.Shot > 1 {
		key = fmt.Sprintf("%s#%d", e.Reviewer, e.Shot)
	}
	var line, note string
	switch e.Kind {
	case council.Started:
		line = "running"
	case council.Finished:
		line = fmt.Sprintf("done: %d finding(s), %d token(s), %s", e.Findings, e.Usage.Total(), e.Duration.Round(1e6))
	case council.Skipped:
		line = "skipped: " + fold(config.Explain(e.Err)) // in the words of the command's flags
		note = fmt.Sprintf("  %s %s", key, line)
	}
	if !p.live {
		fmt.Fprintf(p.out, "  %s: %s\n", key, line)
		return
	}
	if _, ok := p.state[key]; !ok {
		p.order = append(p.order, key)
	}
	p.state[key] = clipLine(line)
	if p.shown > 0 {
		fmt.Fprintf(p.out, "\x1b[%dA", p.shown) // back to the first reviewer line
	}
	if note != "" {
		// Printed once where the reviewer lines start, so it may wrap:
		// the lines drawn below it are the only ones redrawn.
		fmt.Fprintf(p.out, "\x1b[J%s\n", note)
	}
	for _, k := range p.order {
		fmt.Fprintf(p.out, "\x1b[2K  %-18s %s\n", k, p.state[k])
	}
	p.shown = len(p.order)
}

// fold folds white space, so that a message is one line, and escapes
// its control characters (loop.Printable).
func fold(s string) string { return loop.Printable(strings.Join(strings.Fields(s), " ")) }

// clipLine cuts s to 56 columns, so that a reviewer's live line never
// wraps on an 80-column terminal (a wrapped line would throw off the
// redraw).
func clipLine(s string) string { return runewidth.Truncate(s, 56, "…") }
