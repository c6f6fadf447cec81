package board

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop/journal"
)

func meta() Meta {
	return Meta{ID: "d1", Topic: "Ready?", Brief: "短い記事。", Participants: []string{"a", "b", "c"}, Lead: "lead"}
}

func post(id, author string, round int, kind Kind, refs ...string) Post {
	return Post{ID: id, Author: author, Round: round, Kind: kind, Body: "本文\r\nline two", Refs: refs}
}

func mustAdd(t *testing.T, b *Board, ps ...Post) {
	t.Helper()
	for _, p := range ps {
		if err := b.Add(p); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCheck(t *testing.T) {
	b := New(meta())
	mustAdd(t, b, post("a/p1", "a", 1, Claim), post("b/p1", "b", 1, Claim))
	for _, tc := range []struct {
		p    Post
		want string
	}{
		{post("a/p1", "a", 2, Note), "the id is taken"},
		{post("bad id", "a", 1, Claim), "does not match"},
		{post("x/p1", "x", 1, Claim), `author "x" takes no part`},
		{post("a/p2", "a", 0, Claim), "round 0"},
		{post("a/p2", "a", 1, "opinion"), `kind "opinion"`},
		{Post{ID: "a/p2", Author: "a", Round: 1, Kind: Claim, Body: " \n"}, "empty body"},
		{post("a/p2", "a", 2, Rebuttal), "must name the post ids"},
		{post("a/p2", "a", 2, Rebuttal, "b/p9"), `ref "b/p9": names no post`},
		{post("a/p2", "a", 2, Rebuttal, "a/p1"), "cannot answer its own author's post"},
		{post("a/p2", "a", 2, Concession, "a/p1"), "cannot answer its own author's post"},
		{post("a/p2", "a", 2, Rebuttal, "b/p1", "b/p1"), "named twice"},
		{post("a/p2", "a", 2, Rebuttal, "a/p2"), "cannot answer itself"},
	} {
		err := b.Check(tc.p)
		if !errors.Is(err, ErrInvalidPost) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Check(%+v) = %v, want %q", tc.p, err, tc.want)
		}
	}
	if err := b.Check(post("a/p2", "a", 2, Evidence, "a/p1")); err != nil {
		t.Errorf("evidence for one's own point: %v", err)
	}
	if err := b.Check(post("runner/p1", Runner, 2, Note)); err != nil {
		t.Errorf("a runner's note: %v", err)
	}
}

// The survival rule: conceded, defended, unanswered, accepted.
func TestPoints(t *testing.T) {
	b := New(meta())
	mustAdd(t, b,
		post("a/p1", "a", 1, Claim), post("b/p1", "b", 1, Claim), post("c/p1", "c", 1, Claim), post("c/p2", "c", 1, Evidence),
		post("b/p2", "b", 2, Rebuttal, "a/p1"), // a defends
		post("a/p2", "a", 2, Rebuttal, "b/p1"), // b concedes
		post("a/p3", "a", 2, Rebuttal, "c/p1"), // c does not answer
		post("b/p3", "b", 2, Concession, "c/p2"),
		post("a/p4", "a", 3, Rebuttal, "b/p2"),
		post("b/p4", "b", 3, Concession, "a/p2"),
	)
	got := map[string]Standing{}
	for _, s := range b.Points() {
		got[s.Point.ID] = s
	}
	if len(got) != 4 {
		t.Fatalf("points = %v", got)
	}
	check := func(id string, survives bool, why string) {
		t.Helper()
		if s := got[id]; s.Survives != survives || !strings.Contains(s.Why(), why) {
			t.Errorf("%s: survives %v (%s), want %v (%s)", id, s.Survives, s.Why(), survives, why)
		}
	}
	check("a/p1", true, "every rebuttal answered")
	check("b/p1", false, "conceded by its author (b/p4)")
	check("c/p1", false, "rebuttal not answered: a/p3")
	check("c/p2", true, "accepted by b/p3")
	if s := b.Surviving(); !slices.Equal(s, []string{"a/p1", "c/p2"}) {
		t.Errorf("Surviving = %v", s)
	}
	if _, ok := b.Standing("b/p2"); ok {
		t.Error("a rebuttal has a standing")
	}
}

func TestList(t *testing.T) {
	b := New(meta())
	mustAdd(t, b, post("a/p1", "a", 1, Claim), post("b/p1", "b", 1, Claim), post("b/p2", "b", 2, Rebuttal, "a/p1"), post("c/p1", "c", 2, Concession, "a/p1"))
	ids := func(ps []Post) (s []string) {
		for _, p := range ps {
			s = append(s, p.ID)
		}
		return s
	}
	for _, tc := range []struct {
		f    Filter
		want []string
	}{
		{Filter{}, []string{"a/p1", "b/p1", "b/p2", "c/p1"}},
		{Filter{Round: 2}, []string{"b/p2", "c/p1"}},
		{Filter{Author: "b"}, []string{"b/p1", "b/p2"}},
		{Filter{Kinds: []Kind{Claim, Concession}}, []string{"a/p1", "b/p1", "c/p1"}},
		{Filter{Ref: "a/p1"}, []string{"b/p2", "c/p1"}},
	} {
		if got := ids(b.List(tc.f)); !slices.Equal(got, tc.want) {
			t.Errorf("List(%+v) = %v, want %v", tc.f, got, tc.want)
		}
	}
	if b.NextID("b") != "b/p3" || b.NextID("lead") != "lead/p1" {
		t.Errorf("NextID: %s %s", b.NextID("b"), b.NextID("lead"))
	}
}

// Posts are journal steps: a replayed driver gets them back with their
// times, once each; a replay that posts something else is caught; Read
// rebuilds the board from the records alone.
func TestJournaled(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	ctx := context.Background()
	var first []Post
	for exec := 1; exec <= 2; exec++ {
		j, err := journal.Open(path, journal.Options{})
		if err != nil {
			t.Fatal(err)
		}
		m := meta()
		if exec == 2 {
			m.Topic = "changed" // a resumed run keeps the journaled meta
		}
		b, err := Open(ctx, j, m)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []Post{post("a/p1", "a", 1, Claim), post("b/p1", "b", 2, Rebuttal, "a/p1")} {
			if _, err := b.Post(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
		if b.Meta().Topic != "Ready?" {
			t.Errorf("execution %d: topic %q", exec, b.Meta().Topic)
		}
		if exec == 1 {
			first = b.Posts()
		} else if got := b.Posts(); !slices.EqualFunc(got, first, func(x, y Post) bool { return x.At.Equal(y.At) && x.ID == y.ID }) {
			t.Errorf("replayed posts %v, want %v", got, first)
		}
		j.Close()
	}
	j, _ := journal.Open(path, journal.Options{})
	b, _ := Open(ctx, j, meta())
	b.Post(ctx, post("a/p1", "a", 1, Claim))
	if _, err := b.Post(ctx, post("b/p1", "b", 2, Question)); !errors.Is(err, journal.ErrNondeterministic) {
		t.Errorf("a replay posting another post under a journaled id: %v", err)
	}
	rb, err := Read(j.Records())
	j.Close()
	if err != nil || rb.Len() != 2 || string(rb.Render()) != string(func() []byte {
		nb := New(meta())
		for _, p := range first {
			nb.Add(p)
		}
		return nb.Render()
	}()) {
		t.Errorf("Read: %v, %d posts", err, rb.Len())
	}
	if _, err := Read(nil); !errors.Is(err, journal.ErrNotJournaled) {
		t.Errorf("Read(nil) = %v", err)
	}
}

func TestRender(t *testing.T) {
	b := New(meta())
	mustAdd(t, b, post("a/p1", "a", 1, Claim), post("b/p1", "b", 2, Rebuttal, "a/p1"))
	md := string(b.Render())
	for _, want := range []string{AutoMarker + "\n# Discussion d1: Ready?", "短い記事。", "## Round 1", "### a/p1 — claim by a", "## Round 2", "_answers a/p1 · ", "本文\r\nline two", "| a/p1 | no | rebuttal not answered: b/p1 |"} {
		if !strings.Contains(md, want) {
			t.Errorf("the rendering lacks %q:\n%s", want, md)
		}
	}
	if md != string(b.Render()) {
		t.Error("two renderings differ")
	}
}
