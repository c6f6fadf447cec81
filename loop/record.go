package loop

import (
	"encoding/hex"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/finding"
)

// The kinds of journal records the loop writes, in the order a round
// writes them.
const (
	kindStart     = "start"     // run-wide: startRecord
	kindReview    = "review"    // one reviewer call's outcome: reviewRecord
	kindItems     = "items"     // the round's aggregated table: itemsRecord
	kindDecision  = "decision"  // one decision: Decision (journals before batching; still replayed)
	kindDecisions = "decisions" // a policy pass or a gate batch: decisionsRecord
	kindWait      = "wait"      // the gate left items pending: waitRecord
	kindPatch     = "patch"     // the edits about to be written: patchRecord
	kindApplied   = "applied"   // the patch is on disk: appliedRecord
	kindRoundEnd  = "round"     // the round is over: roundEndRecord
	kindEnd       = "end"       // the run is over: Outcome
	kindUndo      = "undo"      // a round was reverted: undoRecord
)

// startRecord opens a run. A resumed run takes its settings from here,
// so that it goes on as the run it resumes would have.
type startRecord struct {
	File          string `json:"file"`
	Base          string `json:"base"` // SHA-256 hex of the document before the run
	MaxRounds     int    `json:"max_rounds"`
	DryRun        bool   `json:"dry_run,omitempty"`
	ReaderProfile string `json:"reader_profile,omitempty"`
	Policy        Policy `json:"policy"`
	// FileRel is File relative to the run folder, slash-separated: see
	// checkLocation.
	FileRel string `json:"file_rel,omitempty"`
}

// reviewRecord is one reviewer call's Review, journaled as soon as it
// arrives so that a resumed run does not call that reviewer again.
type reviewRecord struct {
	Reviewer string          `json:"reviewer"`
	Shot     int             `json:"shot"`
	Report   *finding.Report `json:"report"`
	Usage    agent.Usage     `json:"usage"`
	Model    string          `json:"model,omitempty"`
}

// itemsRecord is a round's aggregated findings.
type itemsRecord struct {
	Text    string `json:"text"` // SHA-256 hex of the text the round reviewed
	Items   []Item `json:"items"`
	Dropped []Item `json:"dropped,omitempty"` // re-proposals of rejected findings, front matter, duplicates of siblings
	Skips   []Skip `json:"skips,omitempty"`   // reviewers skipped
	// Cut notes each review whose findings exceeded the council's bound
	// (council.Options.MaxFindings): only the most severe were taken.
	Cut []string `json:"cut,omitempty"`
}

// decisionsRecord is a batch of decisions made at once: the policy's pass
// of a round, or the decisions of one gate batch.
type decisionsRecord struct {
	Decisions []Decision `json:"decisions"`
}

// waitRecord says the gate left items pending.
type waitRecord struct {
	Pending []string `json:"pending"`
}

// A round writes up to two patches, in this order: the edits the policy
// approved, before the gate is asked (so they land even while the gate
// waits), then the edits the gate approved.
const (
	policyPhase = 1
	gatePhase   = 2
)

// patchRecord is a patch a round is about to write.
type patchRecord struct {
	Phase int          `json:"phase"`
	Patch *apply.Patch `json:"patch"`
}

// base and result return the SHA-256 (hex) of the text the patch is made
// for and of the text it makes.
func (p *patchRecord) base() string   { return hexOf(p.Patch.Base) }
func (p *patchRecord) result() string { return hexOf(p.Patch.Result) }

// hexOf returns a SHA-256 in hex.
func hexOf(h [32]byte) string { return hex.EncodeToString(h[:]) }

// appliedRecord says a round's patch is on disk.
type appliedRecord struct {
	Phase  int    `json:"phase"`
	Result string `json:"result"`
}

// roundEndRecord closes a round.
type roundEndRecord struct {
	Usage agent.Usage `json:"usage"`
	// Stop is why the loop stops after this round; "" when it goes on.
	Stop StopReason `json:"stop,omitempty"`
}

// undoRecord says a round's patch was reverted.
type undoRecord struct {
	Phase  int    `json:"phase"`
	Result string `json:"result"` // SHA-256 hex after the revert
}
