package goldfish

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// Kind is how the resolver sorts a finding.
type Kind string

// The resolver's two answers to a finding.
const (
	// Contest argues back: the finding is wrong, or not worth a change,
	// for the reason given. A contested finding is not applied, and a
	// later re-raise of it is dropped unless it brings new evidence.
	Contest Kind = "CONTEST"
	// ProposeFix accepts the finding and proposes the fix: the reviewer's
	// own, or the resolver's (Resolution.Quote and Fix).
	ProposeFix Kind = "PROPOSE_FIX"
)

// Resolution is the resolver's answer to one finding.
type Resolution struct {
	// Key is the finding's key, as the resolver was shown it.
	Key string `json:"key" jsonschema:"minLength=1" jsonschema_description:"The key of the finding, as given."`
	// Kind is CONTEST or PROPOSE_FIX.
	Kind Kind `json:"kind" jsonschema:"enum=CONTEST,enum=PROPOSE_FIX" jsonschema_description:"CONTEST to argue back, PROPOSE_FIX to accept and fix."`
	// Reason says why: the argument of a contest, or what the fix does.
	Reason string `json:"reason" jsonschema:"minLength=1" jsonschema_description:"Why: the argument of a contest, or what the fix does."`
	// Quote is, for a fix of the resolver's own, the exact text of the
	// section it replaces; empty keeps the finding's quote.
	Quote string `json:"quote,omitempty" jsonschema_description:"PROPOSE_FIX only: the exact section text the fix replaces; empty keeps the finding's quote."`
	// Fix is, for a fix of the resolver's own, the replacement of Quote;
	// empty keeps the finding's fix.
	Fix string `json:"fix,omitempty" jsonschema_description:"PROPOSE_FIX only: the replacement for quote; empty keeps the finding's fix."`
}

// Resolutions is the resolver's structured answer for one round.
type Resolutions struct {
	Resolutions []Resolution `json:"resolutions" jsonschema_description:"One resolution per finding."`
}

// Case is one finding put to the resolver.
type Case struct {
	// Key identifies the finding in the run (loop.Item.Key).
	Key string `json:"key"`
	// Reviewer is the goldfish that raised it.
	Reviewer string `json:"reviewer"`
	// Finding is the finding, its lines counted in the file.
	Finding finding.Finding `json:"finding"`
	// Applicable reports that its fix anchors in the section.
	Applicable bool `json:"applicable,omitempty"`
	// Reopened is the contested or rejected finding this one reopens with
	// new evidence; nil for a finding raised for the first time.
	Reopened *Entry `json:"reopened,omitempty"`
}

// Brief is what the resolver is asked in one round: the section as it is
// (Lines counted in the file), the findings to sort, the synthesizer's
// summary in hierarchical dispatch, the context materials, and the
// conversation of the earlier rounds (see Turns).
type Brief struct {
	// Round is the 1-based round.
	Round int `json:"round"`
	// Path names the document; Lines are the section's lines in it.
	Path  string            `json:"path"`
	Lines finding.LineRange `json:"lines"`
	// Section is the section's text as the round reviewed it.
	Section string `json:"section"`
	// Cases are the findings to sort, after the contest memory.
	Cases []Case `json:"cases"`
	// Summary is the synthesizer's, in hierarchical dispatch; optional.
	Summary string `json:"summary,omitempty"`
	// Context is the context materials, as the goldfish received them.
	Context []agent.Reference `json:"-"`
	// History is the resolver's conversation of the earlier rounds.
	History []agent.Message `json:"-"`
}

// Ruling is the resolver's answer with what it cost.
type Ruling struct {
	Resolutions []Resolution `json:"resolutions"`
	// Reply is the answer as the resolver's conversation keeps it (the
	// next rounds' History).
	Reply string      `json:"reply"`
	Usage agent.Usage `json:"usage"`
	Model string      `json:"model,omitempty"`
}

// Resolver is the elephant: the side that wrote the document and
// remembers. It sorts every finding of a round into CONTEST or
// PROPOSE_FIX. Brief.History is its conversation so far (the earlier
// rounds' briefs and its answers, from the journal), so an implementation
// with a model keeps memory across rounds, also across a resume, without
// state of its own. Implementations must be safe for concurrent use.
type Resolver interface {
	Resolve(ctx context.Context, b Brief) (Ruling, error)
}

// ResolverFunc adapts a function to the Resolver interface.
type ResolverFunc func(ctx context.Context, b Brief) (Ruling, error)

// Resolve calls f.
func (f ResolverFunc) Resolve(ctx context.Context, b Brief) (Ruling, error) { return f(ctx, b) }

// ResolverSystemPrompt is the system prompt of the model resolver.
const ResolverSystemPrompt = `You wrote the document under review and you remember every earlier round of this review. Reviewers with no memory ("goldfish") audit one section of it each round. For every finding, answer CONTEST when the finding is wrong or not worth a change, with the argument a reviewer would accept, or PROPOSE_FIX when it is right, with the fix. ` + agent.FixConvention + ` Answer with one JSON object and nothing else.`

// Instructions returns the user message a model resolver receives for b:
// the section with the file's line numbers and every case.
func Instructions(b Brief) string {
	var s strings.Builder
	fmt.Fprintf(&s, "# Round %d: %s, lines %s\n\n", b.Round, b.Path, b.Lines)
	s.WriteString(numberFrom(b.Section, b.Lines.Start))
	if b.Summary != "" {
		fmt.Fprintf(&s, "\n# The synthesizer's summary\n\n%s\n", strings.TrimSpace(b.Summary))
	}
	s.WriteString("\n# Findings\n")
	if len(b.Cases) == 0 {
		s.WriteString("\nNone this round.\n")
	}
	for _, c := range b.Cases {
		f := c.Finding
		fmt.Fprintf(&s, "\n## %s (%s, %s, lines %s)\n\nIssue: %s\n", c.Key, c.Reviewer, LevelOf(f.Severity), f.LineRange, f.Issue)
		for i, q := range f.Quotes {
			fmt.Fprintf(&s, "Evidence %d: %q\n", i+1, q)
		}
		if f.Fix != "" {
			fmt.Fprintf(&s, "Proposed fix of evidence 1: %q\n", f.Fix)
		}
		if c.Reopened != nil {
			fmt.Fprintf(&s, "Reopens %s, which was %s in round %d: %s\n", c.Reopened.Key, c.Reopened.Status, c.Reopened.Round, c.Reopened.Reason)
		}
	}
	s.WriteString("\nGive one resolution per finding, by key: {\"resolutions\": [{\"key\", \"kind\": \"CONTEST\" or \"PROPOSE_FIX\", \"reason\", \"quote\", \"fix\"}]}.\n")
	return s.String()
}

// numberFrom numbers the lines of text from first on, as agent.NumberLines
// does from 1.
func numberFrom(text string, first int) string {
	var s strings.Builder
	lines := strings.SplitAfter(text, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	width := len(fmt.Sprint(first + len(lines) - 1))
	for i, l := range lines {
		fmt.Fprintf(&s, "%*d| %s", width, first+i, strings.TrimSuffix(strings.TrimSuffix(l, "\n"), "\r"))
		s.WriteString("\n")
	}
	return s.String()
}

// LLMResolver is the model resolver: one agent.Ask[Resolutions] call per
// round on an LLMAgent conversation whose History is the earlier rounds.
type LLMResolver struct {
	// Provider is the model. Required.
	Provider agent.Provider
	// Options configure the calls (model, token limit, temperature).
	Options []agent.LLMOption
}

// Resolve asks the model to sort b's cases. A case the answer leaves out
// is left unresolved (the gate decides it); a resolution for a key that is
// no case is ignored.
func (r *LLMResolver) Resolve(ctx context.Context, b Brief) (Ruling, error) {
	a := agent.NewLLMAgent(r.Provider, "resolver", ResolverSystemPrompt, r.Options...)
	req := a.Request(agent.Task{Instructions: Instructions(b), Material: b.Context, History: b.History})
	ans, err := agent.Ask[Resolutions](ctx, r.Provider, req)
	if err != nil {
		return Ruling{Usage: ans.Usage, Model: ans.Model}, fmt.Errorf("goldfish: resolver, round %d: %w", b.Round, err)
	}
	reply, _ := json.Marshal(ans.Value)
	return Ruling{Resolutions: ans.Value.Resolutions, Reply: string(reply), Usage: ans.Usage, Model: ans.Model}, nil
}

// Turns returns the conversation turns one round adds to the resolver's
// History: the round's instructions and the resolver's reply.
func Turns(b Brief, r Ruling) []agent.Message {
	return []agent.Message{agent.UserText(Instructions(b)), agent.AssistantText(r.Reply)}
}
