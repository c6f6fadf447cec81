package multishot

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
)

// TestLive: each Run of a Live's Driver passes on only the events its
// replay of the one before did not repeat, the first Run all of them; an
// execution that fails counts as one too.
func TestLive(t *testing.T) {
	var got []string
	live := NewLive(func(e Event) { got = append(got, e.Text) })
	var history []string // the session's events so far, replayed by each execution
	exec := func(add ...string) loop.Driver {
		return loop.DriverFunc(func(context.Context, string, json.RawMessage, bool) (loop.Stop, error) {
			history = append(history, add...)
			for _, text := range history {
				live.Observe(Event{Event: loop.Event{Kind: "wave", Text: text}})
			}
			if len(add) == 0 {
				return loop.Stop{}, errors.New("refused")
			}
			return loop.Stop{Reason: Done}, nil
		})
	}
	for _, c := range []struct {
		add, want []string
	}{
		{[]string{"a", "b"}, []string{"a", "b"}},
		{[]string{"c"}, []string{"c"}},
		{nil, nil},
		{[]string{"d", "e"}, []string{"d", "e"}},
	} {
		got = nil
		live.Driver(exec(c.add...)).Run(context.Background(), ".", nil, false)
		if !slices.Equal(got, c.want) {
			t.Errorf("after %q: passed on %q, want %q", history, got, c.want)
		}
	}
	var zero Live
	zero.Observe(Event{}) // passes nothing on, and does not panic
}
