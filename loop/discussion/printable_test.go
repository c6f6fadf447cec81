package discussion

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
)

// TestArtifactsEscapeControlCharacters: model text with a NUL and a
// terminal escape (ESC[31m) reaches whiteboard.md, summary.md and
// fanout.md escaped visibly, never raw.
func TestArtifactsEscapeControlCharacters(t *testing.T) {
	raw := "red \x1b[31malert\x00 here"
	a := claimer("a", func(Turn) []Draft { return []Draft{{Kind: board.Question, Body: raw}} })
	b := &rawFail{fake: &fake{name: "b", turn: func(context.Context, Turn) (Answer, error) { return Answer{}, errors.New(raw) }}, err: raw}
	s := testSpec(2, "a", "b")
	s.Topic = "Ready? \x1b]0;title\x07"
	d := &Discussion{Spec: s, Participants: []Participant{a, b}, Lead: NewOfflineLead("lead"), Root: workspace(t)}
	o := mustRun(t, d)
	for _, name := range []string{WhiteboardFile, SummaryFile, FanOutFile} {
		data, err := os.ReadFile(filepath.Join(o.Dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if i := bytes.IndexAny(data, "\x00\x1b\x07"); i >= 0 {
			t.Errorf("%s holds a raw control character at %d: %q", name, i, data[max(0, i-20):min(len(data), i+20)])
		}
		if !bytes.Contains(data, []byte(`\x1b`)) {
			t.Errorf("%s does not show the escape:\n%s", name, data)
		}
	}
}

// rawFail is a participant whose turns and reviews fail with err.
type rawFail struct {
	*fake
	err string
}

func (f *rawFail) Reviewer() agent.Reviewer {
	return agent.ReviewerFunc{ReviewerName: f.name, Fn: func(context.Context, agent.Target) (agent.Review, error) {
		return agent.Review{}, errors.New(f.err)
	}}
}
