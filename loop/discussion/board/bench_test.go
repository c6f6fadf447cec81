package board

import (
	"fmt"
	"testing"
)

// BenchmarkPoints measures the survival rule on the largest board a
// discussion makes: 24 participants, 10 rounds, 20 posts per answer.
func BenchmarkPoints(b *testing.B) {
	var names []string
	for i := range 24 {
		names = append(names, fmt.Sprintf("p%d", i))
	}
	bd := New(Meta{ID: "d", Topic: "t", Participants: names, Lead: "lead"})
	for _, n := range names {
		for k := range 20 {
			bd.Add(Post{ID: fmt.Sprintf("%s/p%d", n, k+1), Author: n, Round: 1, Kind: Claim, Body: "claim"})
		}
	}
	for round := 2; round <= 10; round++ {
		for i, n := range names {
			other := names[(i+round)%len(names)]
			for k := range 20 {
				bd.Add(Post{ID: bd.NextID(n), Author: n, Round: round, Kind: Rebuttal, Body: "no", Refs: []string{fmt.Sprintf("%s/p%d", other, k+1)}})
			}
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if len(bd.Points()) != 24*20 {
			b.Fatal("points")
		}
	}
}
