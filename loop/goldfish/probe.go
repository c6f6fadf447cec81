package goldfish

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// ProbeName is the name of the comprehension probe's reviewer.
const ProbeName = "comprehension"

// Restatement is the comprehension probe's answer, in its fixed shape:
// what a goldfish takes the section to decide, assume and leave open.
type Restatement struct {
	Decisions     []Decision `json:"decisions" jsonschema_description:"What the section decides, one sentence each."`
	Assumptions   []string   `json:"assumptions" jsonschema_description:"What the section takes for granted."`
	OpenQuestions []string   `json:"open_questions" jsonschema_description:"What the section leaves undecided."`
}

// Decision is one decision of a Restatement.
type Decision struct {
	Statement string `json:"statement" jsonschema:"minLength=1" jsonschema_description:"What the section decides, in one sentence."`
	Rationale string `json:"rationale" jsonschema_description:"Why, as the section says it; empty when it does not."`
}

// Mismatch is one place where a restatement differs from what the author
// meant.
type Mismatch struct {
	// Statement is the restated decision (or assumption) at odds, or ""
	// when the restatement lacks a decision the author meant.
	Statement string `json:"statement" jsonschema_description:"The restated decision at odds; empty when one is missing."`
	// Intent is what the author meant.
	Intent string `json:"intent" jsonschema:"minLength=1" jsonschema_description:"What the author meant."`
	// Quote is the section's text that led the reader there, verbatim;
	// optional.
	Quote string `json:"quote,omitempty" jsonschema_description:"The section text that misled, verbatim; may be empty."`
	// Fix is the text that says what the author meant, replacing Quote;
	// optional.
	Fix string `json:"fix,omitempty" jsonschema_description:"Replacement for quote that says what you meant; empty when you cannot write it."`
}

// Mismatches is the resolver's structured answer to a probe.
type Mismatches struct {
	Mismatches []Mismatch `json:"mismatches" jsonschema_description:"Every mismatch; empty when the restatement matches."`
}

// ProbeBrief is what the resolver is asked about a probe's restatement.
type ProbeBrief struct {
	// Round, Path, Lines and Section are as in Brief.
	Round   int
	Path    string
	Lines   finding.LineRange
	Section string
	// Restatement is the probe's answer.
	Restatement Restatement
	// Context and History are as in Brief.
	Context []agent.Reference
	History []agent.Message
}

// Comparison is the resolver's answer to a probe, with what it cost.
type Comparison struct {
	Mismatches []Mismatch  `json:"mismatches"`
	Usage      agent.Usage `json:"usage"`
	Model      string      `json:"model,omitempty"`
}

// Comparer is the resolver's side of the comprehension probe: it compares
// a restatement with what it meant. Resolvers that support the probe
// implement it.
type Comparer interface {
	Compare(ctx context.Context, b ProbeBrief) (Comparison, error)
}

// MismatchFindings turns a probe's mismatches into findings of section (the
// section's own line numbers, from 1): each a Major (medium) finding of
// category comprehension, its issue quoting the restatement as evidence
// next to the intent, its quote the misleading text when the section holds
// it (else none, with the whole section as its lines), its fix the
// mismatch's Fix when it has a quote (else advice: the author rewrites).
func MismatchFindings(section []byte, ms []Mismatch) []finding.Finding {
	text := string(section)
	n := max(1, strings.Count(strings.TrimSuffix(text, "\n"), "\n")+1)
	out := make([]finding.Finding, 0, len(ms))
	for i, m := range ms {
		f := finding.Finding{ID: fmt.Sprintf("P%03d", i+1), Category: ProbeName, Severity: finding.Medium, Confidence: 80,
			LineRange: finding.LineRange{Start: 1, End: n}, Quotes: []string{}}
		if m.Statement == "" {
			f.Issue = fmt.Sprintf("a reader does not take the section to decide %q, which the author meant", m.Intent)
		} else {
			f.Issue = fmt.Sprintf("a reader restates the section as %q, but the author meant %q", m.Statement, m.Intent)
		}
		if i := strings.Index(text, m.Quote); m.Quote != "" && i >= 0 {
			first := strings.Count(text[:i], "\n") + 1
			f.Quotes, f.Fix = []string{m.Quote}, m.Fix
			f.LineRange = finding.LineRange{Start: first, End: first + strings.Count(m.Quote, "\n")}
		}
		out = append(out, f)
	}
	return out
}

// ProbeInstructions returns what a model resolver is asked about b.
func ProbeInstructions(b ProbeBrief) string {
	restated, _ := json.MarshalIndent(b.Restatement, "", "  ")
	return fmt.Sprintf("# Comprehension probe, round %d: %s, lines %s\n\n%s\nA reader with no memory of this document restated what the section decides:\n\n```json\n%s\n```\n\nCompare it with what you meant when you wrote the section. List every mismatch: a decision restated otherwise than you meant, one you meant that is missing, an assumption you did not make. Quote the section's text that misled the reader, verbatim, and when you can, the text that says what you meant (fix, replacing quote). {\"mismatches\": [{\"statement\", \"intent\", \"quote\", \"fix\"}]}; an empty list when it matches.\n",
		b.Round, b.Path, b.Lines, numberFrom(b.Section, b.Lines.Start), restated)
}

// Compare asks the model to compare b's restatement with its intent, in
// the resolver's conversation.
func (r *LLMResolver) Compare(ctx context.Context, b ProbeBrief) (Comparison, error) {
	a := agent.NewLLMAgent(r.Provider, "resolver", ResolverSystemPrompt, r.Options...)
	req := a.Request(agent.Task{Instructions: ProbeInstructions(b), Material: b.Context, History: b.History})
	ans, err := agent.Ask[Mismatches](ctx, r.Provider, req)
	if err != nil {
		return Comparison{Usage: ans.Usage, Model: ans.Model}, fmt.Errorf("goldfish: resolver, probe of round %d: %w", b.Round, err)
	}
	return Comparison{Mismatches: ans.Value.Mismatches, Usage: ans.Usage, Model: ans.Model}, nil
}

// Probe is the comprehension probe on a model: instead of reviewing, it
// restates the section in the Restatement shape. Its Report has no
// findings; its Memo holds the restatement as JSON, for the resolver to
// compare (see Comparer). Wrap it in a Goldfish (NewProbe does) so that it
// is isolated like every other reviewer.
type Probe struct {
	// Persona is the probe's persona (the bundled comprehension).
	Persona agent.Persona
	// Provider is the model.
	Provider agent.Provider
	// Options configure the call.
	Options []agent.LLMOption
}

// NewProbe returns the comprehension probe of seat on a model, isolated.
func NewProbe(p agent.Provider, seat Seat, refs []agent.Reference, focus string, opts ...agent.LLMOption) *Goldfish {
	return &Goldfish{Seat: seat, Reviewer: &Probe{Persona: seat.Persona, Provider: p, Options: opts}, Context: refs, Focus: focus, Probe: true}
}

// Name returns the persona's name.
func (p *Probe) Name() string { return p.Persona.Name }

// Review asks for the restatement of the section t.Text, with t's
// references as material.
func (p *Probe) Review(ctx context.Context, t agent.Target) (agent.Review, error) {
	a := agent.NewLLMAgent(p.Provider, p.Name(), "You are a reader with no memory of this document. "+p.Persona.Instructions, p.Options...)
	req := a.Request(agent.Task{Material: t.References,
		Instructions: fmt.Sprintf("# %s (%s)\n\n%s", t.Path, t.Focus, agent.NumberLines(t.Text))})
	ans, err := agent.Ask[Restatement](ctx, p.Provider, req)
	if err != nil {
		return agent.Review{Usage: ans.Usage, Model: ans.Model}, fmt.Errorf("probe %s: %w", p.Name(), err)
	}
	return restatementReview(p.Name(), ans.Value, ans.Usage, ans.Model), nil
}

func restatementReview(name string, r Restatement, u agent.Usage, model string) agent.Review {
	memo, _ := json.Marshal(r)
	return agent.Review{Report: finding.Report{Reviewer: name, SchemaVersion: finding.SchemaVersion,
		Summary: fmt.Sprintf("restated %d decision(s)", len(r.Decisions)), Findings: []finding.Finding{}, Memo: string(memo)},
		Usage: u, Model: model}
}

// RestatementOf reads a probe's restatement from its report's Memo.
func RestatementOf(rep finding.Report) (Restatement, error) {
	var r Restatement
	if err := json.Unmarshal([]byte(rep.Memo), &r); err != nil {
		return Restatement{}, fmt.Errorf("goldfish: the %s report holds no restatement: %w", rep.Reviewer, err)
	}
	return r, nil
}
