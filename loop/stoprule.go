package loop

import (
	"github.com/kaigi-dev/kaigi/finding"
)

// The stop reasons of the composable stop rules, beside StopReason's.
const (
	// JudgeStopped: a judge (an agent or a rule that weighs whether more
	// rounds help) said stop; the remaining findings are final.
	JudgeStopped StopReason = "judge-stopped"
	// HumanStopped: a person said stop at a turn boundary.
	HumanStopped StopReason = "human-stopped"
	// CircuitOpen: the circuit breaker tripped (repeated failures to make
	// progress); see RoundSummary.CircuitOpen.
	CircuitOpen StopReason = "circuit-open"
)

// RoundSummary is what the stop rules see of one finished round. A driver
// fills it from the round's own results; every field is data the journal
// holds, so a replayed run reaches the same decision.
type RoundSummary struct {
	// Round is the 1-based round number.
	Round int
	// Answered counts the reviewer (or agent) calls of the round that
	// returned an answer; Skipped those that failed and were skipped.
	Answered, Skipped int
	// Open counts the findings still open after the round (neither
	// applied, rejected, contested nor otherwise closed), by severity.
	Open map[finding.Severity]int
	// Changed reports that the round changed something another round would
	// see: an edit applied, or a finding newly rejected.
	Changed bool
	// JudgeStop, HumanStop and CircuitOpen report that a judge, a person
	// at a turn boundary, or the circuit breaker said stop in this round.
	JudgeStop, HumanStop, CircuitOpen bool
	// Held reports, for a loop whose round weighs a challenger (a new
	// draft, a rewrite) against the current version, that the challenger
	// lost: the current version stays. WonInARow counts these rounds.
	Held bool
}

// OpenAtOrAbove counts the open findings of severity sev or higher.
func (s RoundSummary) OpenAtOrAbove(sev finding.Severity) int {
	n := 0
	for k, v := range s.Open {
		if k.Rank() >= sev.Rank() {
			n += v
		}
	}
	return n
}

// Clean reports a round that every reviewer answered (at least one, none
// skipped) and that left no open finding of severity sev or higher.
func (s RoundSummary) Clean(sev finding.Severity) bool {
	return s.Answered > 0 && s.Skipped == 0 && s.OpenAtOrAbove(sev) == 0
}

// StopRule decides after a round whether the loop stops, and why. rounds
// holds every round so far, oldest first; the round just finished is
// last, and rounds is never empty. A rule returns ("", false) to go on.
// Rules are pure functions of their argument, so a replayed run stops
// where the original did.
type StopRule func(rounds []RoundSummary) (StopReason, bool)

// FirstOf combines rules: the first (in argument order) that says stop
// decides the reason. Put the rules that must win first: NoAnswer before
// any rule that could call an unanswered round converged.
func FirstOf(rules ...StopRule) StopRule {
	return func(rounds []RoundSummary) (StopReason, bool) {
		for _, r := range rules {
			if why, stop := r(rounds); stop {
				return why, true
			}
		}
		return "", false
	}
}

// NoAnswer stops with NoReviewerAnswered after a round in which no call
// answered: such a round proves nothing, so it is never converged.
func NoAnswer() StopRule {
	return func(rounds []RoundSummary) (StopReason, bool) {
		return NoReviewerAnswered, last(rounds).Answered == 0
	}
}

// NoneOpen stops with Converged after a round that at least one reviewer
// answered and that left no open finding of severity sev or higher (the
// Editorial Swarm's rule with sev High). Reviewers that were skipped do
// not hold it back; use CleanRounds to ask for every reviewer.
func NoneOpen(sev finding.Severity) StopRule {
	return func(rounds []RoundSummary) (StopReason, bool) {
		s := last(rounds)
		return Converged, s.Answered > 0 && s.OpenAtOrAbove(sev) == 0
	}
}

// CleanRounds stops with Converged after k consecutive clean rounds (see
// RoundSummary.Clean): one clean round from a reviewer that disagrees with
// itself is weak evidence. k below 1 counts as 1.
func CleanRounds(k int, sev finding.Severity) StopRule {
	return Streak(k, Converged, func(s RoundSummary) bool { return s.Clean(sev) })
}

// WonInARow stops with Converged once the current version held k rounds
// in a row (RoundSummary.Held): its challengers lost k times, so another
// round is unlikely to replace it. A round whose challenger won breaks
// the streak. k below 1 counts as 1. Put NoAnswer before it: a round no
// judge answered must not count as held.
func WonInARow(k int) StopRule {
	return Streak(k, Converged, func(s RoundSummary) bool { return s.Held })
}

// Streak stops with reason once the last k rounds, and at least k rounds
// have run, each satisfy holds; a round that does not resets the count. k
// below 1 counts as 1. CleanRounds and WonInARow are streaks; holds must
// be a pure function of its summary.
func Streak(k int, reason StopReason, holds func(RoundSummary) bool) StopRule {
	k = max(k, 1)
	return func(rounds []RoundSummary) (StopReason, bool) {
		if len(rounds) < k {
			return "", false
		}
		for _, s := range rounds[len(rounds)-k:] {
			if !holds(s) {
				return "", false
			}
		}
		return reason, true
	}
}

// RoundCap stops with RoundCapReached once n rounds have run. n below 1 counts
// as 1: every loop is bounded.
func RoundCap(n int) StopRule {
	n = max(n, 1)
	return func(rounds []RoundSummary) (StopReason, bool) {
		return RoundCapReached, len(rounds) >= n
	}
}

// NoProgress stops with Stalled after a round that changed nothing: the
// next one would review the same text with the same instructions.
func NoProgress() StopRule {
	return func(rounds []RoundSummary) (StopReason, bool) {
		return Stalled, !last(rounds).Changed
	}
}

// Signals stops when a judge, a person or the circuit breaker said so in
// the last round, with JudgeStopped, HumanStopped or CircuitOpen.
func Signals() StopRule {
	return func(rounds []RoundSummary) (StopReason, bool) {
		switch s := last(rounds); {
		case s.CircuitOpen:
			return CircuitOpen, true
		case s.HumanStop:
			return HumanStopped, true
		case s.JudgeStop:
			return JudgeStopped, true
		}
		return "", false
	}
}

// last returns the latest round, or the zero summary when there is none.
func last(rounds []RoundSummary) RoundSummary {
	if len(rounds) == 0 {
		return RoundSummary{}
	}
	return rounds[len(rounds)-1]
}
