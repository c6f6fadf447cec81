package writing

import (
	"errors"
	"fmt"
	"strings"
)

// ChoiceKind is the type of the protagonist's choice in a draft: a
// judgement or a decision (active), or a reaction only (passive).
type ChoiceKind string

// The choice kinds; the empty kind means the draft's choice was not
// reported.
const (
	Judgement ChoiceKind = "judgement"
	Decision  ChoiceKind = "decision"
	Reaction  ChoiceKind = "reaction"
)

// Active reports a judgement or a decision.
func (k ChoiceKind) Active() bool { return k == Judgement || k == Decision }

// Choice is the protagonist's choice in a draft, as its author reports it
// (the tracker's protagonist agency table). The zero Choice is "not
// reported": no row is written.
type Choice struct {
	// Who names the character who chooses.
	Who string `json:"who"`
	// What is what they chose, in one line.
	What string `json:"what"`
	// Kind is the choice's type; a reaction is a passive episode.
	Kind ChoiceKind `json:"kind" jsonschema:"enum=judgement,enum=decision,enum=reaction"`
	// NotTaken is the option the draft shows and the character did not
	// take; empty when it shows none.
	NotTaken string `json:"not_taken"`
}

// Balance is a draft's action balance: the shares of action, dialogue
// and interior (introspection) in its text, in percent, summing to 100
// (the tracker's action balance table). The zero Balance is "not
// reported".
type Balance struct {
	Action   int `json:"action" jsonschema:"minimum=0,maximum=100"`
	Dialogue int `json:"dialogue" jsonschema:"minimum=0,maximum=100"`
	Interior int `json:"interior" jsonschema:"minimum=0,maximum=100"`
}

// errReflection marks a reflection whose choice or balance is not valid.
var errReflection = errors.New("invalid reflection")

// Validate reports a choice that is neither zero nor complete (a kind,
// who and what), or of an unknown kind.
func (c Choice) Validate() error {
	if c == (Choice{}) {
		return nil
	}
	switch {
	case c.Kind != Judgement && c.Kind != Decision && c.Kind != Reaction:
		return fmt.Errorf("%w: choice kind %q is not judgement, decision or reaction", errReflection, c.Kind)
	case strings.TrimSpace(c.Who) == "" || strings.TrimSpace(c.What) == "":
		return fmt.Errorf("%w: the choice names no one or nothing chosen (who %q, what %q)", errReflection, c.Who, c.What)
	}
	return nil
}

// Validate reports a balance that is neither zero nor three shares of 0
// to 100 summing to 100 (99 or 101 for rounding).
func (b Balance) Validate() error {
	if b == (Balance{}) {
		return nil
	}
	for _, v := range []int{b.Action, b.Dialogue, b.Interior} {
		if v < 0 || v > 100 {
			return fmt.Errorf("%w: a balance share of %d is not a percentage", errReflection, v)
		}
	}
	if s := b.Action + b.Dialogue + b.Interior; s < 99 || s > 101 {
		return fmt.Errorf("%w: the balance shares sum to %d, not 100", errReflection, s)
	}
	return nil
}

// normalized scales shares of any positive sum to percentages summing to
// 100 (largest remainder); negative shares count as 0 and all-zero
// shares give the zero Balance.
func normalized(action, dialogue, interior int) Balance {
	v := []int{max(0, action), max(0, dialogue), max(0, interior)}
	sum := v[0] + v[1] + v[2]
	if sum == 0 {
		return Balance{}
	}
	out, rem, total := make([]int, 3), make([]int, 3), 0
	for i, x := range v {
		out[i], rem[i] = x*100/sum, x*100%sum
		total += out[i]
	}
	for ; total < 100; total++ {
		k := 0
		for i := range rem {
			if rem[i] > rem[k] {
				k = i
			}
		}
		out[k]++
		rem[k] = -1
	}
	return Balance{Action: out[0], Dialogue: out[1], Interior: out[2]}
}

// agencyRow is episode n's row of the protagonist agency table
// (| episode | choice type | content | option not taken |), in Japanese
// when ja, or "" for an unreported choice.
func agencyRow(n int, c Choice, ja bool) string {
	if c == (Choice{}) {
		return ""
	}
	kind := fmt.Sprintf("%s (%s)", c.Kind, map[bool]string{true: "active", false: "passive"}[c.Kind.Active()])
	if ja {
		kind = fmt.Sprintf("%s（%s）", map[ChoiceKind]string{Judgement: "判断", Decision: "決断", Reaction: "反応"}[c.Kind], map[bool]string{true: "能動", false: "受動"}[c.Kind.Active()])
	}
	sep := ": "
	if ja {
		sep = "："
	}
	return fmt.Sprintf("| %d | %s | %s | %s |", n, kind, cellText(strings.TrimSpace(c.Who)+sep+strings.TrimSpace(c.What), 80), cellText(orNone(c.NotTaken), 60))
}

// balanceRow is episode n's row of the action balance table
// (| episode | action | dialogue | interior |), or "" for an unreported
// balance.
func balanceRow(n int, b Balance) string {
	if b == (Balance{}) {
		return ""
	}
	return fmt.Sprintf("| %d | %d%% | %d%% | %d%% |", n, b.Action, b.Dialogue, b.Interior)
}

// trackAgency puts the final draft's choice and balance (the author's
// reflection) into the tracker's protagonist agency and action balance
// tables, upserted by episode, in the tracker's language; an unreported
// choice or balance leaves its table as it is.
func (d *driver) trackAgency(tracker []byte) []byte {
	n, rf := d.e.Number, d.reflections[d.current]
	ja := japanese(string(tracker) + d.story.Arc)
	if r := agencyRow(n, rf.Choice, ja); r != "" {
		tracker = upsertSectionRow(tracker, sectionAgency.names, sectionAgency.heading(ja), n, sectionAgency.tableHeader(ja), r)
	}
	if r := balanceRow(n, rf.Balance); r != "" {
		tracker = upsertSectionRow(tracker, sectionAction.names, sectionAction.heading(ja), n, sectionAction.tableHeader(ja), r)
	}
	return tracker
}
