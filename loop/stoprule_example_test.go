package loop_test

import (
	"fmt"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

// The Editorial Swarm's rule: a run converges once no high finding is
// open, stalls when a round changed nothing, and stops at 3 rounds.
func ExampleNoneOpen() {
	stop := loop.FirstOf(loop.NoAnswer(), loop.Signals(), loop.NoneOpen(finding.High), loop.NoProgress(), loop.RoundCap(3))
	high := map[finding.Severity]int{finding.High: 1, finding.Low: 2}
	for _, run := range [][]loop.RoundSummary{
		{{Round: 1, Answered: 3, Open: high, Changed: true}, {Round: 2, Answered: 3, Open: map[finding.Severity]int{finding.Low: 2}, Changed: true}},
		{{Round: 1, Answered: 3, Open: high, Changed: true}, {Round: 2, Answered: 3, Open: high}},
	} {
		for i := range run {
			if why, ok := stop(run[:i+1]); ok {
				fmt.Println("round", i+1, why)
				break
			}
		}
	}
	// Output:
	// round 2 converged
	// round 2 stalled
}

// A round in which a person, the judge or the circuit breaker said stop
// ends the run with that reason, before any rule that looks at findings.
func ExampleSignals() {
	stop := loop.FirstOf(loop.NoAnswer(), loop.Signals(), loop.CleanRounds(2, finding.Medium))
	for _, s := range []loop.RoundSummary{
		{Round: 1, Answered: 2, HumanStop: true},
		{Round: 1, Answered: 2, JudgeStop: true},
		{Round: 1, Answered: 2, JudgeStop: true, CircuitOpen: true},
		{Round: 1, Answered: 2},
	} {
		why, ok := stop([]loop.RoundSummary{s})
		fmt.Printf("%q %v\n", why, ok)
	}
	// Output:
	// "human-stopped" true
	// "judge-stopped" true
	// "circuit-open" true
	// "" false
}
