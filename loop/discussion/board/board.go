package board

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Meta is what a board is about: the discussion's id, topic and brief, who
// takes part and who leads.
type Meta struct {
	ID           string   `json:"id"`
	Topic        string   `json:"topic"`
	Brief        string   `json:"brief,omitempty"`
	Participants []string `json:"participants"`
	// Lead is the synthesizer's name, the author of consensus and verdict.
	Lead string `json:"lead"`
}

// Board is an append-only list of posts with their ids indexed. The zero
// value is not usable; make one with New (in memory) or Open (journaled). A
// Board is not safe for concurrent use: a driver posts from one goroutine,
// after its round's calls returned.
type Board struct {
	meta  Meta
	posts []Post
	byID  map[string]int
	count map[string]int // posts by author
}

// New returns an empty board about meta.
func New(meta Meta) *Board {
	meta.Participants = slices.Clone(meta.Participants)
	return &Board{meta: meta, byID: map[string]int{}, count: map[string]int{}}
}

// Meta returns what the board is about.
func (b *Board) Meta() Meta {
	m := b.meta
	m.Participants = slices.Clone(m.Participants)
	return m
}

// Len returns the number of posts.
func (b *Board) Len() int { return len(b.posts) }

// Posts returns a copy of every post, in the order they were posted.
func (b *Board) Posts() []Post { return slices.Clone(b.posts) }

// Get returns the post with id, and whether there is one.
func (b *Board) Get(id string) (Post, bool) {
	i, ok := b.byID[id]
	if !ok {
		return Post{}, false
	}
	return b.posts[i], true
}

// Filter selects posts for List. A zero field selects every value of it.
type Filter struct {
	Round  int
	Author string
	Kinds  []Kind
	// Ref selects the posts that answer the post with this id.
	Ref string
}

// List returns the posts f selects, in the order they were posted.
func (b *Board) List(f Filter) []Post {
	var out []Post
	for _, p := range b.posts {
		if (f.Round == 0 || p.Round == f.Round) && (f.Author == "" || p.Author == f.Author) &&
			(len(f.Kinds) == 0 || slices.Contains(f.Kinds, p.Kind)) && (f.Ref == "" || slices.Contains(p.Refs, f.Ref)) {
			out = append(out, p)
		}
	}
	return out
}

// NextID returns the id the author's next post takes: "<author>/p<N>" with
// N one more than the author's posts so far.
func (b *Board) NextID(author string) string {
	return fmt.Sprintf("%s/p%d", author, b.count[author]+1)
}

// Check reports what keeps p off the board, as one error joining
// *PostError values (nil when p may be posted): its shape (id, author,
// round, kind, body, refs), an id already taken, an author who is neither
// a participant nor the lead nor Runner, a ref that names no post on the
// board, and a rebuttal or concession that answers a post of its own
// author (no one rules on its own points).
func (b *Board) Check(p Post) error {
	errs := p.shape()
	bad := func(ref, problem string) { errs = append(errs, &PostError{Post: p.name(), Ref: ref, Problem: problem}) }
	if _, dup := b.byID[p.ID]; dup && p.ID != "" {
		bad("", "the id is taken")
	}
	if p.Author != "" && p.Author != Runner && p.Author != b.meta.Lead && !slices.Contains(b.meta.Participants, p.Author) {
		bad("", fmt.Sprintf("author %q takes no part (participants: %s; lead: %s)", p.Author, strings.Join(b.meta.Participants, ", "), b.meta.Lead))
	}
	for _, r := range p.Refs {
		q, ok := b.Get(r)
		switch {
		case !IDPattern.MatchString(r) || r == p.ID:
			// said by shape
		case !ok:
			bad(r, "names no post on the board")
		case p.Kind.Answers() && q.Author == p.Author:
			bad(r, fmt.Sprintf("a %s cannot answer its own author's post", p.Kind))
		}
	}
	return errors.Join(errs...)
}

// Add puts p on the board, after Check; nothing is journaled (see
// Board.Post for that).
func (b *Board) Add(p Post) error {
	if err := b.Check(p); err != nil {
		return err
	}
	p.Refs = slices.Clone(p.Refs)
	b.byID[p.ID] = len(b.posts)
	b.count[p.Author]++
	b.posts = append(b.posts, p)
	return nil
}
