package board

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/kaigi-dev/kaigi/finding"
)

// Kind says what a post does in the debate.
type Kind string

// The kinds of posts. Claims and evidence are points others may rebut or
// concede; a rebuttal disputes the posts it refers to; a concession accepts
// them (another's claim it does not contest, or a rebuttal of one's own
// point, which withdraws that point); consensus and verdict are the lead's;
// notes are the runner's records (absences, dropped answers, the circuit
// breaker, the fallback) or anyone's remark.
const (
	Claim      Kind = "claim"
	Evidence   Kind = "evidence"
	Rebuttal   Kind = "rebuttal"
	Question   Kind = "question"
	Concession Kind = "concession"
	Consensus  Kind = "consensus"
	Verdict    Kind = "verdict"
	Note       Kind = "note"
)

// Kinds lists every kind, in the order the issue names them.
func Kinds() []Kind {
	return []Kind{Claim, Evidence, Rebuttal, Question, Concession, Consensus, Verdict, Note}
}

// Valid reports whether k is one of Kinds.
func (k Kind) Valid() bool { return slices.Contains(Kinds(), k) }

// Answers reports whether a post of kind k must name the posts it answers:
// rebuttals and concessions.
func (k Kind) Answers() bool { return k == Rebuttal || k == Concession }

// Point reports whether a post of kind k is a point of the debate: claims and
// evidence.
func (k Kind) Point() bool { return k == Claim || k == Evidence }

// Post is one entry of the whiteboard. Posts are never changed or removed
// once on the board.
type Post struct {
	// ID names the post on the board; refs name it. It matches IDPattern.
	// Example: "security/p1".
	ID string `json:"id"`
	// Author is a participant's name, the lead's or Runner.
	Author string `json:"author"`
	// Round is the 1-based round the post belongs to; the lead posts in
	// the round after the last debate round.
	Round int `json:"round"`
	// Kind says what the post does.
	Kind Kind `json:"kind"`
	// Body is the post's text, Markdown.
	Body string `json:"body"`
	// Refs are the ids of the posts this one answers, in the author's order,
	// without repeats; required for rebuttals and concessions.
	Refs []string `json:"refs,omitempty"`
	// Finding is the claim in Council JSON v1 form (file, lines, quotes,
	// severity) when the claim came from a structured analysis; optional.
	// A verdict's critical item becomes a finding with its quotes.
	Finding *finding.Finding `json:"finding,omitempty"`
	// At is when the post was made, journaled with it.
	At time.Time `json:"at"`
}

// Runner is the author of the runner's notes: absences, dropped answers, the
// circuit breaker and the fallback. No participant may take the name.
const Runner = "runner"

// IDPattern is what a post id and every ref must match.
var IDPattern = regexp.MustCompile(`^[A-Za-z0-9#][A-Za-z0-9_.:#/-]{0,127}$`)

// ErrInvalidPost is matched by every *PostError.
var ErrInvalidPost = errors.New("board: invalid post")

// PostError says what is wrong with a post, and where: the post's id (or
// its author and kind while it has none) and, for a ref, which one.
type PostError struct {
	Post    string // the post's id, or "author's kind"
	Ref     string // the offending ref; empty when the problem is not one ref
	Problem string
}

// Error names the post, the ref and the problem.
func (e *PostError) Error() string {
	if e.Ref != "" {
		return fmt.Sprintf("board: post %s: ref %q: %s", e.Post, e.Ref, e.Problem)
	}
	return fmt.Sprintf("board: post %s: %s", e.Post, e.Problem)
}

// Is reports whether target is ErrInvalidPost.
func (e *PostError) Is(target error) bool { return target == ErrInvalidPost }

// name is how a PostError names p.
func (p Post) name() string {
	if p.ID != "" {
		return p.ID
	}
	return fmt.Sprintf("%s's %s", p.Author, p.Kind)
}

// shape checks what p says about itself alone.
func (p Post) shape() []error {
	var errs []error
	bad := func(ref, problem string) { errs = append(errs, &PostError{Post: p.name(), Ref: ref, Problem: problem}) }
	if !IDPattern.MatchString(p.ID) {
		bad("", fmt.Sprintf("id %q does not match %s", p.ID, IDPattern))
	}
	if p.Author == "" {
		bad("", "no author")
	}
	if p.Round < 1 {
		bad("", fmt.Sprintf("round %d; rounds count from 1", p.Round))
	}
	if !p.Kind.Valid() {
		bad("", fmt.Sprintf("kind %q is none of %s", p.Kind, kindList()))
	}
	if strings.TrimSpace(p.Body) == "" {
		bad("", "empty body")
	}
	if p.Kind.Answers() && len(p.Refs) == 0 {
		bad("", fmt.Sprintf("a %s must name the post ids it answers", p.Kind))
	}
	seen := map[string]bool{}
	for _, r := range p.Refs {
		switch {
		case !IDPattern.MatchString(r):
			bad(r, "does not match "+IDPattern.String())
		case seen[r]:
			bad(r, "named twice")
		case r == p.ID:
			bad(r, "a post cannot answer itself")
		}
		seen[r] = true
	}
	return errs
}

func kindList() string {
	var s []string
	for _, k := range Kinds() {
		s = append(s, string(k))
	}
	return strings.Join(s, ", ")
}
