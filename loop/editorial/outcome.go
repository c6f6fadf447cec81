package editorial

import (
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

// Outcome is what a run did and why it stopped.
type Outcome struct {
	// Reason is why the run stopped.
	Reason loop.StopReason `json:"reason"`
	// Rounds is the number of rounds run (the last may have stopped at the
	// gate).
	Rounds int `json:"rounds"`
	// Applied lists the findings applied, in order.
	Applied []Entry `json:"applied"`
	// Rejected lists the findings rejected, with reasons.
	Rejected []Entry `json:"rejected"`
	// Unresolved lists the last round's findings that were neither applied
	// nor rejected.
	Unresolved []Entry `json:"unresolved"`
	// Skipped lists every reviewer call skipped in the run, by round, with
	// the reason in full.
	Skipped []SkippedCall `json:"skipped"`
	// Usage sums every reviewer call of the run.
	Usage agent.Usage `json:"usage"`
	// Cost is what the run's reviewer calls cost in US dollars, by
	// Loop.Prices; calls of models without a price count 0.
	Cost float64 `json:"cost_usd"`
	// Costs breaks Cost down by round and reviewer.
	Costs []Cost `json:"costs,omitempty"`
	// File is the document the run worked on (the first, in a run over
	// several).
	File string `json:"file"`
	// Files are the documents the run worked on, in order.
	Files []string `json:"files"`
}

// Entry is one finding of an Outcome: which round, which item, what was
// decided, by whom and why.
type Entry struct {
	Round  int         `json:"round"`
	Item   loop.Item   `json:"item"`
	Action loop.Action `json:"action,omitempty"`
	// By is "policy" or "gate"; empty for an undecided finding.
	By string `json:"by,omitempty"`
	// Reason is the decision's reason, if it gave one.
	Reason string `json:"reason,omitempty"`
}

// UnresolvedHigh counts the unresolved findings of high severity.
func (o *Outcome) UnresolvedHigh() int {
	n := 0
	for _, e := range o.Unresolved {
		if e.Item.Finding.Severity == finding.High {
			n++
		}
	}
	return n
}

// Cost is what one reviewer's calls of one round cost.
type Cost struct {
	Round    int         `json:"round"`
	Reviewer string      `json:"reviewer"`
	Model    string      `json:"model,omitempty"`
	Usage    agent.Usage `json:"usage"`
	// USD is the cost in US dollars; Priced is false when the price
	// table has no price for Model (USD is then 0, not a guess).
	USD    float64 `json:"usd"`
	Priced bool    `json:"priced"`
}

// SkippedCall is a skipped reviewer call as an Outcome lists it: its
// round and its Skip.
type SkippedCall struct {
	Round int `json:"round"`
	loop.Skip
}

// skipReasons lists why each call of round n was skipped, on one line.
func skipReasons(skips []SkippedCall, n int) string {
	var parts []string
	for _, s := range skips {
		if s.Round == n {
			parts = append(parts, fmt.Sprintf("%s (shot %d): %s", s.Reviewer, s.Shot, loop.SkipText(s.Skip)))
		}
	}
	return strings.Join(parts, "; ")
}
