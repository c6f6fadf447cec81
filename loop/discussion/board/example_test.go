package board_test

import (
	"fmt"

	"github.com/kaigi-dev/kaigi/loop/discussion/board"
)

// Survival is computed from the refs: b's rebuttal of a/p1 is answered by
// a's defence, a's rebuttal of b/p1 is conceded by b, and c's point is
// accepted.
func ExampleBoard_Points() {
	b := board.New(board.Meta{ID: "d1", Topic: "Ready?", Participants: []string{"a", "b", "c"}, Lead: "lead"})
	for _, p := range []board.Post{
		{ID: "a/p1", Author: "a", Round: 1, Kind: board.Claim, Body: "The opener is a stock phrase."},
		{ID: "b/p1", Author: "b", Round: 1, Kind: board.Claim, Body: "The figure has no source."},
		{ID: "c/p1", Author: "c", Round: 1, Kind: board.Claim, Body: "The sentence on line 16 is too long."},
		{ID: "b/p2", Author: "b", Round: 2, Kind: board.Rebuttal, Body: "It sets the scene.", Refs: []string{"a/p1"}},
		{ID: "a/p2", Author: "a", Round: 2, Kind: board.Rebuttal, Body: "The source is linked below.", Refs: []string{"b/p1"}},
		{ID: "a/p3", Author: "a", Round: 2, Kind: board.Concession, Body: "Agreed.", Refs: []string{"c/p1"}},
		{ID: "a/p4", Author: "a", Round: 3, Kind: board.Rebuttal, Body: "Readers skip such openers.", Refs: []string{"b/p2"}},
		{ID: "b/p3", Author: "b", Round: 3, Kind: board.Concession, Body: "I missed the link.", Refs: []string{"a/p2"}},
	} {
		if err := b.Add(p); err != nil {
			fmt.Println(err)
			return
		}
	}
	for _, s := range b.Points() {
		fmt.Println(s.Point.ID, s.Survives, s.Why())
	}
	fmt.Println(b.Add(board.Post{ID: "c/p2", Author: "c", Round: 3, Kind: board.Rebuttal, Body: "No.", Refs: []string{"c/p1"}}))
	// Output:
	// a/p1 true every rebuttal answered (b/p2)
	// b/p1 false conceded by its author (b/p3)
	// c/p1 true not contested; accepted by a/p3
	// board: post c/p2: ref "c/p1": a rebuttal cannot answer its own author's post
}
