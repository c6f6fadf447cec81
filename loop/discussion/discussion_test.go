package discussion

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

// The offline debate on a CRLF, Japanese document without a final newline
// has claims, rebuttals and concessions with refs, and a verdict that
// validates and cites surviving points only.
func TestOfflineDebate(t *testing.T) {
	root := workspace(t)
	names := []string{"slop", "facts", "narr"}
	d := &Discussion{Spec: testSpec(3, names...), Participants: offlineSeat(names...), Lead: NewOfflineLead("lead"), Root: root}
	o := mustRun(t, d)
	kinds := map[board.Kind]int{}
	for _, p := range o.Board.Posts() {
		kinds[p.Kind]++
		if p.Kind.Answers() && len(p.Refs) == 0 {
			t.Errorf("%s has no refs", p.ID)
		}
	}
	for _, k := range []board.Kind{board.Claim, board.Rebuttal, board.Concession, board.Consensus, board.Verdict} {
		if kinds[k] == 0 {
			t.Errorf("no %s on the board: %v", k, kinds)
		}
	}
	vs, err := ValidateVerdict(d.Spec.WithDefaults().VerdictSchema, o.Verdict, o.Board)
	if err != nil || len(vs) > 0 {
		t.Errorf("the verdict does not validate: %v %v\n%s", vs, err, o.Verdict)
	}
	for _, f := range []string{WhiteboardFile, VerdictFile, SummaryFile, loop.JournalName} {
		if _, err := os.Stat(filepath.Join(root, ".discussion", "t1", f)); err != nil {
			t.Error(err)
		}
	}
	wb, _ := os.ReadFile(filepath.Join(root, ".discussion", "t1", WhiteboardFile))
	if !strings.HasPrefix(string(wb), board.AutoMarker) {
		t.Errorf("whiteboard.md lacks its marker:\n%s", wb)
	}
}

// A rebuttal naming an unknown label is sent back once; the repaired
// answer goes on the board translated to ids.
func TestRefsRepaired(t *testing.T) {
	a := claimer("a", nil)
	var repairs [][]string
	b := claimer("b", func(t Turn) []Draft {
		repairs = append(repairs, t.Repair)
		if t.Previous == nil {
			return []Draft{{Kind: board.Rebuttal, Body: "not stock", Refs: []string{"Q9"}}}
		}
		return []Draft{{Kind: board.Rebuttal, Body: "not stock", Refs: others(t)}}
	})
	d := &Discussion{Spec: testSpec(2, "a", "b"), Participants: []Participant{a, b}, Lead: NewOfflineLead("lead"), Root: workspace(t)}
	o := mustRun(t, d)
	if len(repairs) != 2 || len(repairs[1]) != 1 || !strings.Contains(repairs[1][0], `"Q9" is no label`) {
		t.Fatalf("repairs = %q", repairs)
	}
	rb := o.Board.List(board.Filter{Kinds: []board.Kind{board.Rebuttal}})
	if len(rb) != 1 || !slices.Equal(rb[0].Refs, []string{"a/p1"}) {
		t.Fatalf("rebuttals = %+v", rb)
	}
	if st, _ := o.Board.Standing("a/p1"); st.Survives {
		t.Error("a/p1 survives an unanswered rebuttal")
	}
}

// An answer still invalid after its repair is dropped with a note: an
// unknown ref, and a rebuttal of one's own point (no one rules on its own
// points).
func TestRefsDropped(t *testing.T) {
	a := claimer("a", nil)
	b := claimer("b", func(t Turn) []Draft {
		return []Draft{{Kind: board.Rebuttal, Body: "x", Refs: []string{"Q9"}}, {Kind: board.Concession, Body: "mine", Refs: []string{"Y1"}},
			{Kind: board.Concession, Body: "fine", Refs: others(t)}}
	})
	d := &Discussion{Spec: testSpec(2, "a", "b"), Participants: []Participant{a, b}, Lead: NewOfflineLead("lead"), Root: workspace(t)}
	o := mustRun(t, d)
	if n := len(b.turns); n != 3 {
		t.Errorf("b was asked %d times, want 3 (round 1, round 2, its repair)", n)
	}
	notes := o.Board.List(board.Filter{Author: board.Runner, Kinds: []board.Kind{board.Note}})
	if len(notes) != 1 || !strings.Contains(notes[0].Body, `"Q9"`) || !strings.Contains(notes[0].Body, "your own post") {
		t.Fatalf("notes = %+v", notes)
	}
	if cs := o.Board.List(board.Filter{Author: "b", Kinds: []board.Kind{board.Concession}}); len(cs) != 1 || cs[0].Refs[0] != "a/p1" {
		t.Errorf("b's valid concession: %+v", cs)
	}
}

// A participant that fails twice is absent: a runner's note on the board,
// an entry in the verdict, and it is not asked again.
func TestAbsentRecorded(t *testing.T) {
	a, b := claimer("a", nil), claimer("b", nil)
	c := &fake{name: "c", turn: func(ctx context.Context, t Turn) (Answer, error) {
		<-ctx.Done()
		return Answer{}, ctx.Err()
	}}
	s := testSpec(2, "a", "b", "c")
	s.Participants[2].Timeout = "20ms"
	d := &Discussion{Spec: s, Participants: []Participant{a, b, c}, Lead: NewOfflineLead("lead"), Root: workspace(t)}
	o := mustRun(t, d)
	if len(c.turns) != 2 {
		t.Errorf("c was asked %d times, want 2 (once more, then absent)", len(c.turns))
	}
	if len(o.Absent) != 1 || o.Absent[0].Name != "c" || o.Absent[0].Round != 1 {
		t.Fatalf("absent = %+v", o.Absent)
	}
	v := verdictOf(t, o)
	abs, _ := v["absent"].([]any)
	if len(abs) != 1 || abs[0].(map[string]any)["name"] != "c" {
		t.Errorf("the verdict's absent = %v", v["absent"])
	}
	notes := o.Board.List(board.Filter{Author: board.Runner})
	if len(notes) != 1 || !strings.Contains(notes[0].Body, "c is absent") || !strings.Contains(notes[0].Body, "no answer within its deadline of 20ms") {
		t.Errorf("notes = %+v", notes)
	}
}

// Two rounds in a row without progress trip the circuit breaker: the
// debate stops there, with the reason on the board and in the outcome.
func TestCircuitBreaker(t *testing.T) {
	a, b := claimer("a", nil), claimer("b", nil)
	d := &Discussion{Spec: testSpec(5, "a", "b"), Participants: []Participant{a, b}, Lead: NewOfflineLead("lead"), Root: workspace(t)}
	o := mustRun(t, d)
	if o.Stopped != loop.CircuitOpen || o.Rounds != 3 || len(a.turns) != 3 {
		t.Fatalf("stopped %q after %d rounds, a asked %d times; want circuit-open after 3", o.Stopped, o.Rounds, len(a.turns))
	}
	notes := o.Board.List(board.Filter{Author: board.Runner})
	if len(notes) != 1 || !strings.Contains(notes[0].Body, "circuit breaker") {
		t.Errorf("notes = %+v", notes)
	}
	if o.Fallback != "" {
		t.Errorf("fell back: %s", o.Fallback)
	}
}

// When no participant answers, the debate falls back to a plain fan-out:
// the reason is journaled, noted on the board, in the verdict and in the
// outcome, and the verdict comes from the aggregated findings.
func TestFallbackToFanOut(t *testing.T) {
	fail := func(name string) *fake {
		return &fake{name: name, turn: func(context.Context, Turn) (Answer, error) { return Answer{}, errors.New("server down") }}
	}
	a, b := fail("a"), fail("b")
	root := workspace(t)
	d := &Discussion{Spec: testSpec(2, "a", "b"), Participants: []Participant{a, b}, Lead: NewOfflineLead("lead"), Root: root}
	o := mustRun(t, d)
	if o.Fallback == "" || !strings.Contains(o.Fallback, "no points") {
		t.Fatalf("fallback = %q", o.Fallback)
	}
	v := verdictOf(t, o)
	if v["fallback"] != o.Fallback || v["verdict"] != "FAIL" || len(v["critical"].([]any)) != 2 {
		t.Errorf("verdict = %s", o.Verdict)
	}
	if len(o.Absent) != 2 {
		t.Errorf("absent = %+v", o.Absent)
	}
	fan, err := os.ReadFile(filepath.Join(o.Dir, FanOutFile))
	if err != nil || !strings.Contains(string(fan), o.Fallback) || !strings.Contains(string(fan), "r1/a/F001") {
		t.Errorf("fanout.md: %v\n%s", err, fan)
	}
	if fs, err := o.Critical(); err != nil || len(fs) != 2 || fs[0].Quote() != "In today's fast-paced world" {
		t.Errorf("the fan-out's critical findings: %+v %v", fs, err)
	}
	var journaled bool
	for _, p := range o.Board.List(board.Filter{Kinds: []board.Kind{board.Note}}) {
		journaled = journaled || strings.Contains(p.Body, "Fallback to a plain fan-out")
	}
	if !journaled {
		t.Error("no note of the fallback on the board")
	}
}

// Each participant sees the others' points under its own shuffle: the
// letters do not follow the spec's order for everyone, and no name
// appears in what a participant is shown.
func TestLabelsShuffledPerParticipant(t *testing.T) {
	names := []string{"alice", "bob", "carol", "dave", "erin", "frank"}
	var ps []Participant
	var fs []*fake
	bodyOf := map[string]string{}
	for _, n := range names {
		f := claimer(n, nil)
		ps, fs = append(ps, f), append(fs, f)
	}
	o := mustRun(t, &Discussion{Spec: testSpec(2, names...), Participants: ps, Lead: NewOfflineLead("lead"), Root: workspace(t)})
	for _, p := range o.Board.List(board.Filter{Kinds: []board.Kind{board.Claim}}) {
		bodyOf[p.Body] = p.Author
	}
	shuffled := 0
	for _, f := range fs {
		seen := f.turns[1].Seen
		var authors []string // the others, in the order of their letters
		for _, s := range seen {
			for _, n := range names {
				if strings.Contains(s.Label+s.Body+strings.Join(s.Refs, ""), n) {
					t.Errorf("%s sees the name %s in %+v", f.name, n, s)
				}
			}
			if !s.Own {
				authors = append(authors, bodyOf[s.Body])
			}
		}
		want := slices.DeleteFunc(slices.Clone(names), func(n string) bool { return n == f.name })
		if len(authors) != len(want) {
			t.Fatalf("%s sees %d points of others, want %d", f.name, len(authors), len(want))
		}
		if !slices.Equal(authors, want) {
			shuffled++
		}
	}
	if shuffled == 0 {
		t.Error("every participant sees the others in the spec's order: the labels are not shuffled")
	}
}

// A participant's deadline covers one attempt.
func TestTimeoutParsed(t *testing.T) {
	p := ParticipantSpec{Timeout: "90s"}
	if d, err := p.timeout(); err != nil || d != 90*time.Second {
		t.Fatal(d, err)
	}
}

// The verdict's critical items become findings with the point's quotes.
func TestCriticalFindings(t *testing.T) {
	o := concedeDebate(t, NewOfflineLead("lead"))
	fs, err := o.Critical()
	if err != nil || len(fs) != 1 || fs[0].ID != "b/p1" || fs[0].Quote() != "In today's" || fs[0].Severity != "high" || fs[0].File != "post.md" {
		t.Fatalf("%+v %v\n%s", fs, err, o.Verdict)
	}
}

// A new run over a finished discussion moves it to history; a new run over
// an unfinished one is refused; a resume of a finished one has nothing to
// resume; a cancelled turn is not an absence, and the resume asks it again.
func TestRunLifecycle(t *testing.T) {
	root := workspace(t)
	seat := func() *Discussion {
		return &Discussion{Spec: testSpec(2, "a", "b"), Participants: []Participant{claimer("a", nil), claimer("b", nil)}, Lead: NewOfflineLead("lead"), Root: root}
	}
	mustRun(t, seat())
	if _, err := seat().Resume(context.Background()); !errors.Is(err, loop.ErrNothingToResume) {
		t.Errorf("resume of a finished discussion: %v", err)
	}
	mustRun(t, seat())
	if _, err := os.Stat(filepath.Join(root, ".discussion", "t1", "history", "run-1", WhiteboardFile)); err != nil {
		t.Errorf("the finished discussion was not moved to history: %v", err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	d := seat()
	d.Dir = filepath.Join(root, "other")
	d.Participants[1] = &fake{name: "b", turn: func(context.Context, Turn) (Answer, error) {
		cancel()
		return Answer{}, context.Canceled
	}}
	if _, err := d.Run(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled run: %v", err)
	}
	if _, err := seat().Run(context.Background()); err != nil {
		t.Fatal(err) // its own folder, finished
	}
	d2 := seat()
	d2.Dir = d.Dir
	if _, err := d2.Run(context.Background()); !errors.Is(err, loop.ErrUnfinishedRun) {
		t.Errorf("a new run over an unfinished one: %v", err)
	}
	o, err := d2.Resume(context.Background())
	if err != nil || len(o.Absent) != 0 || len(o.Board.List(board.Filter{Author: "b", Kinds: []board.Kind{board.Claim}})) != 1 {
		t.Fatalf("resume: %v, absent %v", err, o.Absent)
	}
}

// A lead that fails twice is absent: the discussion falls back, saying so.
func TestLeadAbsent(t *testing.T) {
	lead := NewModelLead("lead", scripted.New(scripted.Status(500, "down"), scripted.Status(500, "down")), "")
	o := concedeDebate(t, lead)
	if !errors.Is(o.Cause, ErrLeadAbsent) || !strings.Contains(o.Fallback, "the lead lead did not answer (asked twice)") {
		t.Fatalf("fallback = %q", o.Fallback)
	}
}

// One participant's voice is no debate: fall back.
func TestOneVoiceFallsBack(t *testing.T) {
	b := &fake{name: "b", turn: func(context.Context, Turn) (Answer, error) { return Answer{}, errors.New("down") }}
	o := mustRun(t, &Discussion{Spec: testSpec(2, "a", "b"), Participants: []Participant{claimer("a", nil), b}, Lead: NewOfflineLead("lead"), Root: workspace(t)})
	if !errors.Is(o.Cause, ErrNoDebate) || !strings.Contains(o.Fallback, "only 1 participant(s) answered round 1") {
		t.Fatalf("fallback = %q", o.Fallback)
	}
}

// The observer sees the rounds, each turn and the conclusion, in order.
func TestEvents(t *testing.T) {
	var got []string
	d := &Discussion{Spec: testSpec(2, "a", "b"), Participants: []Participant{claimer("a", nil), claimer("b", nil)}, Lead: NewOfflineLead("lead"), Root: workspace(t),
		Observer: func(e Event) { got = append(got, fmt.Sprintf("%s %d %s %d", e.Kind, e.Round, e.Participant, e.Posts)) }}
	mustRun(t, d)
	want := []string{"round-started 1  0", "turn-taken 1 a 1", "turn-taken 1 b 1", "round-started 2  0", "turn-taken 2 a 0", "turn-taken 2 b 0", "concluded 3  0"}
	if !slices.Equal(got, want) {
		t.Errorf("events %q, want %q", got, want)
	}
}
