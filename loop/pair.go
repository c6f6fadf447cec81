package loop

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/loop/journal"
)

// The answers of one pairwise comparison, in the labels the judge was shown.
const (
	PairA   = "A"
	PairB   = "B"
	PairTie = "tie"
)

// PairResult is what ComparePair found: which of two candidates a judge
// prefers when asked in both orders, with the judge's answers of type T.
type PairResult[T any] struct {
	// Winner is 0 when the judge preferred the first candidate in both
	// orders, 1 when it preferred the second in both, and -1 for a tie:
	// the two orders disagree (the judge followed the position, not the
	// text) or the judge said tie.
	Winner int `json:"winner"`
	// FirstIsA is the journaled shuffle: in the first order the first
	// candidate was labelled A (and B in the second order).
	FirstIsA bool `json:"first_is_a"`
	// Answers are the judge's answers in the two orders, as it gave them.
	Answers [2]T `json:"answers"`
	// Labels are the answers' labels, normalised to PairA, PairB or
	// PairTie.
	Labels [2]string `json:"labels"`
	// Picks are the answers mapped to candidates: 0, 1 or -1 for a tie.
	Picks [2]int `json:"picks"`
}

// ComparePair asks judge which of two candidates (0 and 1) is better,
// twice, with the labels A and B swapped between the two asks, and with
// which candidate is A first decided by a random draw: so neither a
// judge's preference for a label nor for a position can decide the
// outcome. A disagreement between the two orders is a tie.
//
// judge gets the candidates in the order they are shown: a is the one
// labelled A, b the one labelled B; label reads its answer as PairA, PairB
// or PairTie (case and surrounding space ignored; anything else is an
// error naming key, and the answer is not journaled). T must survive a
// JSON round trip (journal.Step). The draw is the step key+"/labels" and each answer the step
// key+"/1" or key+"/2", so a resumed run asks nothing twice and keeps the
// labels it drew.
func ComparePair[T any](ctx context.Context, j *journal.Journal, key string, judge func(ctx context.Context, a, b int) (T, error), label func(T) string) (PairResult[T], error) {
	firstIsA, err := journal.Step(ctx, j, key+"/labels", func(context.Context) (bool, error) {
		var b [1]byte
		if _, err := rand.Read(b[:]); err != nil {
			return false, fmt.Errorf("%s: %w", key, err)
		}
		return b[0]&1 == 0, nil
	})
	if err != nil {
		return PairResult[T]{}, err
	}
	res := PairResult[T]{FirstIsA: firstIsA}
	for order := range 2 {
		a := 1
		if firstIsA == (order == 0) {
			a = 0
		}
		ans, err := journal.Call(ctx, j, fmt.Sprintf("%s/%d", key, order+1), func(ctx context.Context) (T, error) {
			v, err := judge(ctx, a, 1-a)
			if err != nil {
				return v, err
			}
			_, err = normalPair(label(v), key)
			return v, err
		})
		if err != nil {
			return PairResult[T]{}, err
		}
		lab, err := normalPair(label(ans), key)
		if err != nil {
			return PairResult[T]{}, err
		}
		res.Answers[order], res.Labels[order] = ans, lab
		switch lab {
		case PairA:
			res.Picks[order] = a
		case PairB:
			res.Picks[order] = 1 - a
		default:
			res.Picks[order] = -1
		}
	}
	res.Winner = -1
	if res.Picks[0] == res.Picks[1] {
		res.Winner = res.Picks[0]
	}
	return res, nil
}

// normalPair normalises a judge's answer.
func normalPair(s, key string) (string, error) {
	switch t := strings.TrimSpace(s); {
	case strings.EqualFold(t, PairA):
		return PairA, nil
	case strings.EqualFold(t, PairB):
		return PairB, nil
	case strings.EqualFold(t, PairTie):
		return PairTie, nil
	}
	return "", fmt.Errorf("comparison %s: the answer %q is not %s, %s or %s", key, s, PairA, PairB, PairTie)
}
