package discussion

import (
	"context"
	"encoding/json"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
)

// Participant takes part in the debate: it analyses the targets in round 1
// and answers the board in rounds 2..N. Implementations must be safe for
// concurrent use and honour ctx; they keep no state between turns (a
// resumed debate replays earlier turns from the journal without calling
// them): everything a turn may use is in its Turn.
type Participant interface {
	// Name is the participant's name on the board, the spec's.
	Name() string
	// Turn answers one round.
	Turn(ctx context.Context, t Turn) (Answer, error)
	// Reviewer is the participant as an independent reviewer, for the
	// fallback to a plain fan-out.
	Reviewer() agent.Reviewer
}

// Lead concludes the debate: a consensus and a verdict. Its deadline is
// DefaultTimeout per call; it is asked once more when a call fails, then
// it is absent and the discussion falls back to a fan-out.
type Lead interface {
	Name() string
	Conclude(ctx context.Context, t LeadTurn) (Conclusion, error)
}

// Target is one debated file as round 1 read it.
type Target struct {
	Name string `json:"name"` // relative to the workspace root, slash-separated
	Text string `json:"text"`
}

// Turn is what a participant is asked in one round.
type Turn struct {
	// Round is the 1-based round.
	Round int
	// Name and Lens are the participant's own.
	Name, Lens string
	// Shared is the text every participant of the debate receives first,
	// byte for byte (topic, brief, the rules of the debate): a provider
	// caches it.
	Shared string
	// Targets are the files as round 1 read them (from the journal in
	// later rounds: a participant reads the board, not the files again,
	// but remembers its own analysis; a model participant sends them as
	// its round-1 conversation, which a provider caches).
	Targets []Target
	// Analysis is the participant's own round-1 answer; empty in round 1
	// and when it was absent then.
	Analysis []Draft
	// Seen is the board as this participant sees it (rounds 2..N): every
	// participant post under a label shuffled for this participant and
	// round, with no author names or models; its own posts are labelled
	// "Y1", "Y2", ... Labels are what the answer's refs name.
	Seen []Seen
	// Repair lists what was wrong with Previous, the participant's answer
	// to this turn, when it is asked to correct it (once).
	Repair   []string
	Previous *Answer
}

// Seen is one post as a participant sees it.
type Seen struct {
	Label string     `json:"label"`
	Kind  board.Kind `json:"kind"`
	Round int        `json:"round"`
	Body  string     `json:"body"`
	// Refs are the labels of the posts it answers.
	Refs []string `json:"refs,omitempty"`
	// Finding is the claim's Council form, when it has one.
	Finding *finding.Finding `json:"finding,omitempty"`
	// Own reports a post of the participant itself.
	Own bool `json:"own,omitempty"`
}

// Answer is a participant's answer to one turn.
type Answer struct {
	Posts []Draft     `json:"posts"`
	Usage agent.Usage `json:"usage"`
	Model string      `json:"model,omitempty"`
}

// Draft is one post a participant wants on the board.
type Draft struct {
	Kind board.Kind `json:"kind"`
	Body string     `json:"body"`
	// Refs name what the post answers: labels of Turn.Seen in a
	// participant's answer, board ids once the runner translated them.
	Refs []string `json:"refs,omitempty"`
	// Finding is a round-1 claim's Council form (file, lines, quotes,
	// severity); optional.
	Finding *finding.Finding `json:"finding,omitempty"`
}

// LeadTurn is what the lead is asked.
type LeadTurn struct {
	// Shared is the debate's shared text (Turn.Shared).
	Shared string
	// Instruction is the spec's synthesizer instruction.
	Instruction string
	// Board is the whole board rendered (board.Board.Render), names and
	// ids included: the lead chairs, it does not compete.
	Board string
	// Points are every point's standing; Surviving the ids of those that
	// survive, the only ones a critical item may name.
	Points    []board.Standing
	Surviving []string
	// Schema is the verdict's JSON Schema.
	Schema json.RawMessage
	// Example is the spec's example of the verdict (Spec.VerdictExample)
	// when it gave one instead of a schema; empty otherwise.
	Example json.RawMessage
	// Stopped says why the debate ended before its last round; empty when
	// it ran them all.
	Stopped string
	// Repair and Previous as in Turn.
	Repair   []string
	Previous *Conclusion
}

// Conclusion is the lead's answer.
type Conclusion struct {
	Consensus string          `json:"consensus"`
	Verdict   json.RawMessage `json:"verdict"`
	Usage     agent.Usage     `json:"usage"`
	Model     string          `json:"model,omitempty"`
}
