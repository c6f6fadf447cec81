package multishot

import (
	"context"
	"encoding/json"

	"github.com/kaigi-dev/kaigi/loop"
)

// Live passes on the events of one session's executions in a process
// (a run, then its follow-ups) that their replay of the earlier ones did
// not repeat: every execution replays the session from its start, with
// the same events in the same order, before it goes on. Its Observe is
// the Loop's Observer, and each Run of the Driver it wraps is one
// execution. The zero value passes on nothing; a Live is for executions
// that run one at a time, and for one session.
type Live struct {
	out        func(Event)
	seen, skip int
}

// NewLive returns a Live that passes the live events on to out.
func NewLive(out func(Event)) *Live { return &Live{out: out} }

// Observe passes e on when the current execution has replayed every
// event of the one before it.
func (l *Live) Observe(e Event) {
	l.seen++
	if l.seen > l.skip && l.out != nil {
		l.out(e)
	}
}

// Driver returns d with each Run a new execution: the events the last
// one passed on or hid are replayed, and hidden, before new ones show.
func (l *Live) Driver(d loop.Driver) loop.Driver {
	return loop.DriverFunc(func(ctx context.Context, dir string, args json.RawMessage, resume bool) (loop.Stop, error) {
		l.skip, l.seen = l.seen, 0
		return d.Run(ctx, dir, args, resume)
	})
}
