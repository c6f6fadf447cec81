package discussion

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
)

// mute is a participant whose turns fail and whose fan-out reviewer fails
// on the targets down names (all of them when down is nil), reviewing the
// others as fake does.
type mute struct {
	*fake
	down []string
}

func newMute(name string, down ...string) *mute {
	return &mute{fake: &fake{name: name, turn: func(context.Context, Turn) (Answer, error) { return Answer{}, errors.New("server down") }}, down: down}
}

func (m *mute) Reviewer() agent.Reviewer {
	inner := m.fake.Reviewer()
	return agent.ReviewerFunc{ReviewerName: m.name, Fn: func(ctx context.Context, t agent.Target) (agent.Review, error) {
		if m.down == nil || strings.Contains(strings.Join(m.down, "\n"), t.Path) {
			return agent.Review{}, errors.New("connection refused")
		}
		return inner.Review(ctx, t)
	}}
}

// TestNoReviewerAnsweredNoVerdict: when no participant and no fan-out
// reviewer answers on a target, there is no verdict: Run returns the
// Outcome stopped loop.NoReviewerAnswered with an error wrapping
// loop.ErrNotConverged that names the target and the reasons, writes no
// verdict.json, and the discussion is ended (a new run starts anew).
func TestNoReviewerAnsweredNoVerdict(t *testing.T) {
	for _, tc := range []struct {
		name   string
		down   []string
		unread string
	}{
		{"every target", nil, "on post.md, other.md ("},
		{"one target of two", []string{"other.md"}, "on other.md ("},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := workspace(t)
			os.WriteFile(filepath.Join(root, "other.md"), []byte("# Other\n\nIn today's fast-paced world.\n"), 0o644)
			s := testSpec(2, "a", "b")
			s.Targets = []string{"post.md", "other.md"}
			d := &Discussion{Spec: s, Participants: []Participant{newMute("a", tc.down...), newMute("b", tc.down...)}, Lead: NewOfflineLead("lead"), Root: root}
			o, err := d.Run(context.Background())
			if !errors.Is(err, loop.ErrNotConverged) || o == nil {
				t.Fatalf("Run: %v, %v", o, err)
			}
			if o.Stopped != loop.NoReviewerAnswered || o.Verdict != nil || !strings.Contains(o.NoAnswer, tc.unread) || !strings.Contains(err.Error(), "connection refused") {
				t.Errorf("stopped %q, verdict %s, no answer %q, err %v", o.Stopped, o.Verdict, o.NoAnswer, err)
			}
			if _, err := os.Stat(filepath.Join(o.Dir, VerdictFile)); !os.IsNotExist(err) {
				t.Errorf("verdict.json: %v", err)
			}
			if fs, err := o.Critical(); err != nil || len(fs) != 0 {
				t.Errorf("Critical: %v %v", fs, err)
			}
			if _, err := d.Run(context.Background()); !errors.Is(err, loop.ErrNotConverged) {
				t.Errorf("a new run: %v", err)
			}
		})
	}
}
