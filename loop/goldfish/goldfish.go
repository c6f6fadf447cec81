package goldfish

import (
	"context"
	"fmt"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// Goldfish is a memoryless reviewer: every call is a fresh context holding
// the section under review, the seat's standards and the context
// materials, and nothing else. Isolation is by construction: Review builds
// its own Target from the section text and path of the one it is given and
// drops everything else (rejected findings, the round number, a reader
// profile, line windows), so no earlier round can reach the reviewer
// whatever the caller passes.
//
// Its Name is the seat's persona name, and the reports it returns are
// attributed to it.
type Goldfish struct {
	// Seat is the reviewer's persona and standards.
	Seat Seat
	// Reviewer reviews the isolated target: a model reviewer playing the
	// seat's persona (see NewGoldfish) or an offline one.
	Reviewer agent.Reviewer
	// Context is the context materials every goldfish receives.
	Context []agent.Reference
	// Focus describes the section. Example: `the section with id "S1.12"`.
	Focus string
	// Probe marks the comprehension probe: its report's Memo holds a
	// Restatement (see Probe, OfflineProbe), which the driver has the
	// resolver compare with its intent.
	Probe bool
}

// NewGoldfish returns the goldfish of seat on a model: an agent.LLMReviewer
// playing the seat's persona, with the Blocker/Major/Nit scale.
func NewGoldfish(p agent.Provider, seat Seat, refs []agent.Reference, focus string, opts ...agent.LLMOption) *Goldfish {
	persona := seat.Persona
	if persona.SeverityScale == "" {
		persona.SeverityScale = "Blocker/Major/Nit (high/medium/low)"
	}
	return &Goldfish{Seat: seat, Reviewer: agent.NewLLMReviewer(p, persona, opts...), Context: refs, Focus: focus}
}

// Name returns the seat's persona name.
func (g *Goldfish) Name() string { return g.Seat.Persona.Name }

// Target returns the isolated target of a section: its path and text, the
// focus, and as references the seat's standards and the context
// materials. It depends on nothing else, so two rounds on the same section
// send the same request.
func (g *Goldfish) Target(path string, section []byte) agent.Target {
	refs := make([]agent.Reference, 0, len(g.Seat.Standards)+len(g.Context))
	for _, s := range g.Seat.Standards {
		refs = append(refs, agent.Reference{Name: "standard: " + s.Name, Text: s.Text})
	}
	refs = append(refs, g.Context...)
	return agent.Target{Path: path, Text: section, Focus: g.Focus, References: refs}
}

// Review reviews t.Text, the section, in a fresh context (see Goldfish).
func (g *Goldfish) Review(ctx context.Context, t agent.Target) (agent.Review, error) {
	return g.ReviewShot(ctx, t, 0)
}

// ReviewShot is Review as shot of its council member (council.ShotReviewer):
// the shot reaches the inner reviewer when it is a council.ShotReviewer
// too (0 means none was planned).
func (g *Goldfish) ReviewShot(ctx context.Context, t agent.Target, shot int) (agent.Review, error) {
	var rv agent.Review
	var err error
	if sr, ok := g.Reviewer.(council.ShotReviewer); ok && shot > 0 {
		rv, err = sr.ReviewShot(ctx, g.Target(t.Path, t.Text), shot)
	} else {
		rv, err = g.Reviewer.Review(ctx, g.Target(t.Path, t.Text))
	}
	if err != nil {
		return rv, fmt.Errorf("goldfish %s: %w", g.Name(), err)
	}
	rv.Report.Reviewer = g.Name()
	return rv, nil
}

// Materials returns what a call of g on section receives, on record: the
// seat's persona and standards, the context materials and the section.
func (g *Goldfish) Materials(section []byte, lines string, refs []Material) []Material {
	out := append([]Material{}, g.Seat.Materials...)
	out = append(out, refs...)
	return append(out, material("section", lines, section))
}

// offlineRoles maps the bundled personas onto the offline reviewers that
// play them.
var offlineRoles = map[string]string{
	"design_critic":            offline.FactCheckerName,
	"structural":               offline.NarrativeCriticName,
	"implementation_readiness": offline.ReaderAdvocateName,
	"style":                    offline.AntiAISlopName,
}

// OfflineReviewer returns the built-in offline reviewer (package
// providers/offline) that stands in for the bundled persona name when no
// model is configured, and false for a persona none plays (comprehension
// has its own offline form, OfflineProbe). design_critic is played by the
// fact-checker (claims and figures with nothing that shows them),
// structural by the narrative critic (repeated openings and words),
// implementation_readiness by the reader advocate (sentences a newcomer
// cannot follow), style by the anti-AI-slop reviewer (stock phrases, each
// with a mechanical fix), and codebase_details by OfflineCodebase (code
// names the context materials do not have). zoom_out has none.
func OfflineReviewer(name string, cfg offline.Config) (agent.Reviewer, bool) {
	if name == CodebaseName {
		return OfflineCodebase{}, true
	}
	role, ok := offlineRoles[name]
	if !ok {
		return nil, false
	}
	for _, r := range offline.Editorial(cfg) {
		if r.Name() == role {
			return r, true
		}
	}
	return nil, false
}

// NewOfflineGoldfish returns the goldfish of seat without a model: the
// offline reviewer that plays its persona (see OfflineReviewer), or the
// OfflineProbe for comprehension. A persona no offline reviewer plays is
// an error naming the ones that have one.
func NewOfflineGoldfish(seat Seat, refs []agent.Reference, focus string, cfg offline.Config) (*Goldfish, error) {
	if seat.Persona.Name == ProbeName {
		return &Goldfish{Seat: seat, Reviewer: OfflineProbe{}, Context: refs, Focus: focus, Probe: true}, nil
	}
	r, ok := OfflineReviewer(seat.Persona.Name, cfg)
	if !ok {
		return nil, fmt.Errorf("goldfish: reviewer %q has no offline form (offline: design_critic, structural, implementation_readiness, codebase_details, style, comprehension); configure a model for it", seat.Persona.Name)
	}
	return &Goldfish{Seat: seat, Reviewer: r, Context: refs, Focus: focus}, nil
}
