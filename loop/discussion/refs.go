package discussion

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/loop/discussion/board"
)

// MaxPosts bounds the posts one answer may make; past it the rest are
// dropped with a note.
const MaxPosts = 20

// problem is what is wrong with one draft of an answer.
type problem struct {
	Index int    `json:"index"`
	Kind  string `json:"kind"`
	What  string `json:"what"`
}

func (p problem) String() string {
	if p.Index < 0 {
		return p.Kind + ": " + p.What
	}
	return fmt.Sprintf("posts[%d] (%s): %s", p.Index, p.Kind, p.What)
}

// roundKinds are the kinds a participant may post in round 1 and later.
var (
	firstKinds = []board.Kind{board.Claim, board.Evidence}
	laterKinds = []board.Kind{board.Rebuttal, board.Concession, board.Evidence, board.Question}
)

// checkAnswer checks a participant's answer for round n against its view
// v: the kinds the round allows, refs that name labels of the view (none in
// round 1), at least one for a rebuttal or concession and never one of the
// participant's own posts there, no ref twice, a body, at most MaxPosts
// posts. It returns the valid drafts with their refs translated to board
// ids, and the problems of the others.
func checkAnswer(n int, a Answer, v view) ([]Draft, []problem) {
	kinds := laterKinds
	if n == 1 {
		kinds = firstKinds
	}
	var ok []Draft
	var probs []problem
	for i, d := range a.Posts {
		bad := func(format string, args ...any) {
			probs = append(probs, problem{Index: i, Kind: string(d.Kind), What: fmt.Sprintf(format, args...)})
		}
		if i >= MaxPosts {
			bad("more than %d posts in one answer", MaxPosts)
			continue
		}
		if !slices.Contains(kinds, d.Kind) {
			bad("round %d takes posts of kind %s, not %q", n, kindNames(kinds), d.Kind)
			continue
		}
		if strings.TrimSpace(d.Body) == "" {
			bad("empty body")
			continue
		}
		if n == 1 && len(d.Refs) > 0 {
			bad("round 1 analyses the targets alone: there is nothing to answer yet, so refs must be empty")
			continue
		}
		if d.Kind.Answers() && len(d.Refs) == 0 {
			bad("a %s must name in refs the labels of the posts it answers", d.Kind)
			continue
		}
		var ids []string
		fine := true
		for _, l := range d.Refs {
			id, known := v.idOf[l]
			switch {
			case !known:
				bad("ref %q is no label on the board (labels look like %s)", l, sampleLabels(v))
				fine = false
			case d.Kind.Answers() && isOwn(v, l):
				bad("ref %q is your own post: a %s answers others' points, never your own", l, d.Kind)
				fine = false
			case slices.Contains(ids, id):
				bad("ref %q is named twice", l)
				fine = false
			default:
				ids = append(ids, id)
			}
		}
		if !fine {
			continue
		}
		d.Refs = ids
		ok = append(ok, d)
	}
	return ok, probs
}

// isOwn reports whether label l is one of the viewer's own posts.
func isOwn(v view, l string) bool {
	for _, s := range v.seen {
		if s.Label == l {
			return s.Own
		}
	}
	return false
}

func sampleLabels(v view) string {
	var ls []string
	for _, s := range v.seen {
		if !s.Own {
			ls = append(ls, s.Label)
		}
		if len(ls) == 3 {
			break
		}
	}
	if len(ls) == 0 {
		return "A1"
	}
	return strings.Join(ls, ", ")
}

func kindNames(ks []board.Kind) string {
	var s []string
	for _, k := range ks {
		s = append(s, string(k))
	}
	return strings.Join(s, ", ")
}
