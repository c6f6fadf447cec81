package writing

import (
	"context"

	"github.com/kaigi-dev/kaigi/agent"
)

// Author drafts and revises the episode (step 3) and explains its intent
// in the discussion (step 4D). Implementations must honour ctx and be safe
// for concurrent use. Like io.Reader's n, the Usage counts what was spent
// also when the error is not nil.
type Author interface {
	Write(ctx context.Context, t AuthorTask) (string, agent.Usage, error)
	Explain(ctx context.Context, t DiscussTask) (Reply, agent.Usage, error)
}

// Critic is the arc reviewer: it gives the typed verdict on a draft (step
// 4) and adds facts in the discussion (step 4D), where it cannot change
// its verdict.
type Critic interface {
	Review(ctx context.Context, t ReviewTask) (Verdict, agent.Usage, error)
	Discuss(ctx context.Context, t DiscussTask) (Reply, agent.Usage, error)
}

// Reader is one reader persona: it reads a draft with its memory and gives
// feedback (step 5, in the background), and compares two drafts labelled
// A and B (the revision test). Compare must judge the texts, not their
// labels: the driver asks both orders and counts a disagreement as a tie.
type Reader interface {
	Read(ctx context.Context, t ReadTask) (Feedback, agent.Usage, error)
	Compare(ctx context.Context, t CompareTask) (Preference, agent.Usage, error)
}

// AuthorTask is what the author gets for one version of the draft.
type AuthorTask struct {
	Episode int
	// Version is the draft version to write: 0 for the first draft.
	Version int
	// Brief is the episode brief (step 2).
	Brief string
	// Story is the story material.
	Story *Story
	// Draft is the draft to revise; empty for the first draft.
	Draft string
	// Verdict is the arc review the revision answers; nil for the first
	// draft.
	Verdict *Verdict
	// Notes are further instructions: why an earlier revision was not
	// accepted, or what the human asked for instead of a force pass.
	Notes []string
	// Points are the brief's key points repeated for the first draft (the
	// role tag, the writing accents, the choice, the pull, a climax's one
	// line); nil for a revision.
	Points []string
}

// ReviewTask is what the arc reviewer gets for one draft.
type ReviewTask struct {
	Episode int
	Version int
	Brief   string
	Story   *Story
	Draft   string
	// Revisions and MaxRevisions are the revisions made so far and the
	// cap ("near the cap, give OK if the episode's main question is met").
	Revisions, MaxRevisions int
}

// Turn is one reply of the discussion, with its speaker ("author" or
// "arc-reviewer").
type Turn struct {
	Speaker string `json:"speaker"`
	Reply
}

// DiscussTask is one turn of the step 4D discussion on a draft and its
// verdict; History holds the turns so far, oldest first.
type DiscussTask struct {
	Episode int
	Round   int
	Draft   string
	Verdict Verdict
	History []Turn
}

// ReadTask is what a reader gets for one draft.
type ReadTask struct {
	Episode int
	Persona Persona
	// Memory is the persona's memory file as it was when the run started.
	Memory string
	Story  *Story
	Draft  string
	// Brief is given to consistency personas only (their focus names
	// consistency), who also read the setting, the characters and the
	// handover notes of Story; empty for the others. Every reader gets the
	// arc's role map (Story.Arc).
	Brief string
}

// CompareTask asks a reader which of two drafts better delivers the
// brief.
type CompareTask struct {
	Episode int
	Persona Persona
	Brief   string
	A, B    string
}
