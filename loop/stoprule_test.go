package loop_test

import (
	"fmt"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

func TestStopRules(t *testing.T) {
	answered := func(open map[finding.Severity]int, changed bool) loop.RoundSummary {
		return loop.RoundSummary{Answered: 4, Open: open, Changed: changed}
	}
	clean := answered(nil, true)
	highOpen := answered(map[finding.Severity]int{finding.High: 2, finding.Low: 3}, true)
	lowOpen := answered(map[finding.Severity]int{finding.Low: 3}, true)
	allFailed := loop.RoundSummary{Skipped: 4}
	partial := loop.RoundSummary{Answered: 2, Skipped: 2}

	editorial := loop.FirstOf(loop.NoAnswer(), loop.Signals(), loop.NoneOpen(finding.High), loop.NoProgress(), loop.RoundCap(3))
	goldfish := loop.FirstOf(loop.NoAnswer(), loop.Signals(), loop.CleanRounds(2, finding.Medium), loop.RoundCap(5))
	held, won := loop.RoundSummary{Answered: 1, Held: true}, loop.RoundSummary{Answered: 1, Changed: true}
	sixth := loop.FirstOf(loop.NoAnswer(), loop.WonInARow(2), loop.RoundCap(4))

	cases := []struct {
		name   string
		rule   loop.StopRule
		rounds []loop.RoundSummary
		want   loop.StopReason // "" means go on
	}{
		{"all reviewers failed is never converged", editorial, []loop.RoundSummary{allFailed}, loop.NoReviewerAnswered},
		{"all failed after good rounds", editorial, []loop.RoundSummary{highOpen, allFailed}, loop.NoReviewerAnswered},
		{"all failed, goldfish", goldfish, []loop.RoundSummary{clean, allFailed}, loop.NoReviewerAnswered},
		{"no high open converges", editorial, []loop.RoundSummary{lowOpen}, loop.Converged},
		{"partial answers may converge on NoneOpen", editorial, []loop.RoundSummary{partial}, loop.Converged},
		{"high open goes on", editorial, []loop.RoundSummary{highOpen}, ""},
		{"high open and nothing changed stalls", editorial, []loop.RoundSummary{answered(map[finding.Severity]int{finding.High: 1}, false)}, loop.Stalled},
		{"cap", editorial, []loop.RoundSummary{highOpen, highOpen, highOpen}, loop.RoundCapReached},
		{"a human stop wins over the cap", editorial, []loop.RoundSummary{highOpen, highOpen, {Answered: 1, HumanStop: true, Open: map[finding.Severity]int{finding.High: 1}, Changed: true}}, loop.HumanStopped},
		{"judge", editorial, []loop.RoundSummary{{Answered: 1, JudgeStop: true, Changed: true, Open: map[finding.Severity]int{finding.High: 1}}}, loop.JudgeStopped},
		{"circuit before judge", editorial, []loop.RoundSummary{{Answered: 1, JudgeStop: true, CircuitOpen: true}}, loop.CircuitOpen},
		{"one clean round is not enough", goldfish, []loop.RoundSummary{highOpen, clean}, ""},
		{"two clean rounds converge", goldfish, []loop.RoundSummary{highOpen, clean, clean}, loop.Converged},
		{"lows do not block a clean round at medium", goldfish, []loop.RoundSummary{lowOpen, lowOpen}, loop.Converged},
		{"a skipped reviewer makes a round unclean", goldfish, []loop.RoundSummary{clean, partial}, ""},
		{"clean, dirty, clean is not two in a row", goldfish, []loop.RoundSummary{clean, highOpen, clean}, ""},
		{"goldfish cap", goldfish, []loop.RoundSummary{highOpen, highOpen, highOpen, highOpen, highOpen}, loop.RoundCapReached},
		{"cap below 1 counts as 1", loop.RoundCap(0), []loop.RoundSummary{highOpen}, loop.RoundCapReached},
		{"clean rounds below 1 counts as 1", loop.CleanRounds(-3, finding.High), []loop.RoundSummary{clean}, loop.Converged},
		{"two held rounds converge", sixth, []loop.RoundSummary{held, held}, loop.Converged},
		{"one held round goes on", sixth, []loop.RoundSummary{won, held}, ""},
		{"held, won, held is not two in a row", sixth, []loop.RoundSummary{held, won, held}, ""},
		{"won rounds run to the cap", sixth, []loop.RoundSummary{won, won, won, won}, loop.RoundCapReached},
		{"held on the cap round converges first", sixth, []loop.RoundSummary{won, won, held, held}, loop.Converged},
		{"an unanswered round never counts as held", sixth, []loop.RoundSummary{held, {Held: true}}, loop.NoReviewerAnswered},
		{"won in a row below 1 counts as 1", loop.WonInARow(0), []loop.RoundSummary{held}, loop.Converged},
		{"a streak stops with its own reason", loop.Streak(2, loop.Stalled, func(s loop.RoundSummary) bool { return !s.Changed }), []loop.RoundSummary{answered(nil, false), answered(nil, false)}, loop.Stalled},
		{"a streak needs k rounds", loop.Streak(3, loop.Stalled, func(loop.RoundSummary) bool { return true }), []loop.RoundSummary{clean, clean}, ""},
		{"empty FirstOf never stops", loop.FirstOf(), []loop.RoundSummary{allFailed}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, stop := c.rule(c.rounds)
			if stop != (c.want != "") || (stop && got != c.want) {
				t.Fatalf("got (%q, %v), want %q", got, stop, c.want)
			}
		})
	}
}

func TestOpenAtOrAbove(t *testing.T) {
	s := loop.RoundSummary{Open: map[finding.Severity]int{finding.Low: 1, finding.Medium: 2, finding.High: 4}}
	if s.OpenAtOrAbove(finding.Low) != 7 || s.OpenAtOrAbove(finding.Medium) != 6 || s.OpenAtOrAbove(finding.High) != 4 {
		t.Fatal(s.OpenAtOrAbove(finding.Low), s.OpenAtOrAbove(finding.Medium), s.OpenAtOrAbove(finding.High))
	}
}

// A loop whose round weighs a new draft against the current one stops
// once the current draft has held twice in a row, or after 4 rounds.
func ExampleWonInARow() {
	stop := loop.FirstOf(loop.NoAnswer(), loop.WonInARow(2), loop.RoundCap(4))
	var rounds []loop.RoundSummary
	for i, held := range []bool{false, true, false, true, true} {
		rounds = append(rounds, loop.RoundSummary{Round: i + 1, Answered: 2, Held: held, Changed: !held})
		if why, ok := stop(rounds); ok {
			fmt.Println("round", i+1, why)
			return
		}
	}
	// Output: round 4 max-rounds
}
