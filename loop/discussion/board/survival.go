package board

import (
	"fmt"
	"strings"
)

// Standing is where one point stands after the debate so far.
type Standing struct {
	Point Post
	// Rebuttals are the ids of the rebuttals naming the point.
	Rebuttals []string
	// Unanswered are the rebuttals its author has not answered.
	Unanswered []string
	// ConcededBy is the id of the author's concession that withdrew the
	// point (a concession of a rebuttal of it); empty when none did.
	ConcededBy string
	// AcceptedBy are the ids of other participants' concessions of the
	// point: they do not contest it.
	AcceptedBy []string
	// Survives is true when the point was not conceded and every rebuttal
	// of it was answered.
	Survives bool
}

// Why says in words why the point survives or not.
func (s Standing) Why() string {
	switch {
	case s.ConcededBy != "":
		return "conceded by its author (" + s.ConcededBy + ")"
	case len(s.Unanswered) > 0:
		return "rebuttal not answered: " + strings.Join(s.Unanswered, ", ")
	case len(s.Rebuttals) > 0:
		return fmt.Sprintf("every rebuttal answered (%s)", strings.Join(s.Rebuttals, ", "))
	case len(s.AcceptedBy) > 0:
		return "not contested; accepted by " + strings.Join(s.AcceptedBy, ", ")
	default:
		return "not contested"
	}
}

// Points returns the standing of every point (claims and evidence of the
// participants), in the order they were posted. The rule is code, so that
// "critical = survived the debate" can be checked:
//
//   - a rebuttal of point P is a rebuttal whose refs name P;
//   - P's author answers a rebuttal R with any post of its own that names R
//     and is not a concession (a defence: a rebuttal of R, evidence);
//   - P's author concedes P with a concession naming a rebuttal of P (a
//     post never names its own author's posts in a concession, so it cannot
//     name P itself);
//   - P survives when its author did not concede it and answered every
//     rebuttal of it. A rebuttal posted in the last round cannot be
//     answered, so the point it names does not survive.
//
// Concessions of P by others (they do not contest it) are listed in
// AcceptedBy and change nothing: a point needs no ally to survive.
func (b *Board) Points() []Standing {
	answers := b.answers()
	var out []Standing
	for _, p := range b.posts {
		if b.isPoint(p) {
			out = append(out, b.standing(p, answers))
		}
	}
	return out
}

// Standing returns the standing of the point id, and false when id names no
// point.
func (b *Board) Standing(id string) (Standing, bool) {
	p, ok := b.Get(id)
	if !ok || !b.isPoint(p) {
		return Standing{}, false
	}
	return b.standing(p, b.answers()), true
}

// isPoint reports whether p is a participant's point.
func (b *Board) isPoint(p Post) bool {
	return p.Kind.Point() && p.Author != Runner && p.Author != b.meta.Lead
}

// answers indexes the posts by the ids they name, in board order: one pass,
// so that Points costs time linear in the posts and their refs.
func (b *Board) answers() map[string][]int {
	idx := make(map[string][]int, len(b.posts))
	for i, q := range b.posts {
		for _, r := range q.Refs {
			idx[r] = append(idx[r], i)
		}
	}
	return idx
}

func (b *Board) standing(p Post, answers map[string][]int) Standing {
	s := Standing{Point: p}
	for _, i := range answers[p.ID] {
		switch q := &b.posts[i]; q.Kind {
		case Rebuttal:
			s.Rebuttals = append(s.Rebuttals, q.ID)
		case Concession:
			s.AcceptedBy = append(s.AcceptedBy, q.ID)
		}
	}
	for _, r := range s.Rebuttals {
		answered := false
		for _, i := range answers[r] {
			switch q := &b.posts[i]; {
			case q.Author != p.Author:
			case q.Kind == Concession:
				if s.ConcededBy == "" {
					s.ConcededBy = q.ID
				}
			default:
				answered = true
			}
		}
		if !answered {
			s.Unanswered = append(s.Unanswered, r)
		}
	}
	s.Survives = s.ConcededBy == "" && len(s.Unanswered) == 0
	return s
}

// Surviving returns the ids of the points that survive, in order.
func (b *Board) Surviving() []string {
	var ids []string
	for _, s := range b.Points() {
		if s.Survives {
			ids = append(ids, s.Point.ID)
		}
	}
	return ids
}
