package goldfish

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// sentWire is the record of one goldfish call's materials: isolation on
// record.
type sentWire struct {
	Reviewer  string     `json:"reviewer"`
	Materials []Material `json:"materials"`
}

// agentWire is a synthesizer's answer in the journal.
type agentWire struct {
	Text  string      `json:"text"`
	Usage agent.Usage `json:"usage"`
	Model string      `json:"model,omitempty"`
}

// review returns round n's review of the file: the section resolved anew,
// the goldfish on it alone, the probes compared, the contest memory, the
// synthesizer (hierarchical dispatch) and the resolver, every value that
// could differ taken from a step. The items it returns are anchored in
// the file.
func (d *driver) review(n int, g *goldRound) func(context.Context, int, []byte) (loop.Findings, error) {
	return func(ctx context.Context, i int, text []byte) (loop.Findings, error) {
		doc, s, j := d.r.Docs[i], d.r.Settings, d.r.J
		region, err := s.Target.Resolve(text)
		if err != nil {
			return loop.Findings{}, sectionErr(n, doc.Name, err)
		}
		g.region = region
		section := text[region.Span.Start:region.Span.End]
		lines := finding.LineRange(region.Lines)
		if _, err := journal.Step(ctx, j, d.r.Key(n, i, "isolation"), func(context.Context) ([]sentWire, error) {
			var out []sentWire
			for _, gf := range d.fish {
				out = append(out, sentWire{Reviewer: gf.Name(), Materials: gf.Materials(section, lines.String(), s.Context)})
			}
			return out, nil
		}); err != nil {
			return loop.Findings{}, err
		}
		c := d.members(n)
		c.Observer = func(e council.Event) { d.r.Emit(loop.Event{Kind: rounds.CouncilEvent, Round: n, Council: &e}) }
		cr, err := loop.ReviewRound(ctx, j, d.r.Key(n, i, "review"), c, agent.Target{Path: doc.Name, Text: section})
		if err != nil {
			return loop.Findings{}, fmt.Errorf("goldfish: round %d: %w", n, err)
		}
		if err := d.probes(ctx, n, i, cr, doc.Name, lines, section); err != nil {
			return loop.Findings{}, err
		}
		f := loop.ItemsOf(section, cr, loop.Aggregation{Round: n, File: doc.Name})
		if n == 1 {
			d.measure(f.Reviews)
		}
		kept, dropped, reopened := d.mem.Sift(f.Items)
		if s.Hierarchical {
			var dups []loop.Item
			kept, dups = Dedupe(kept)
			dropped = append(dropped, dups...)
		}
		g.reopened, g.memDrop = reopened, shift(dropped, region)
		b := Brief{Round: n, Path: doc.Name, Lines: lines, Section: string(section), Context: d.refs, History: d.history}
		for _, it := range shift(kept, region) {
			b.Cases = append(b.Cases, Case{Key: it.Key, Reviewer: it.Reviewer, Finding: it.Finding, Applicable: it.Applicable(), Reopened: reopened[it.Key]})
		}
		if s.Hierarchical && len(b.Cases) > 0 {
			w, err := journal.Call(ctx, j, d.r.Key(n, i, "synthesis"), func(ctx context.Context) (agentWire, error) {
				if d.l.Synthesizer == nil {
					return agentWire{}, errors.New("the run's dispatch is hierarchical and the Loop has no Synthesizer")
				}
				res, err := d.l.Synthesizer.Run(ctx, agent.Task{Instructions: SynthesisInstructions(b), Material: d.refs})
				return agentWire{Text: res.Text, Usage: res.Usage, Model: res.Model}, err
			})
			if err != nil {
				return loop.Findings{}, fmt.Errorf("goldfish: round %d: synthesizer: %w", n, err)
			}
			b.Summary, g.summary = w.Text, w.Text
			d.spend(n, "synthesizer", w.Model, w.Usage)
		}
		g.ruling = map[string]Resolution{}
		var ru Ruling
		if len(b.Cases) > 0 { // a round with nothing to sort asks the resolver nothing
			ru, err = journal.Call(ctx, j, d.r.Key(n, i, "resolve"), func(ctx context.Context) (Ruling, error) {
				return d.resolver.Resolve(ctx, b)
			})
			if err != nil {
				return loop.Findings{}, fmt.Errorf("goldfish: round %d: %w", n, err)
			}
			d.spend(n, "resolver", ru.Model, ru.Usage)
			d.history = append(d.history, Turns(b, ru)...)
		}
		for _, res := range ru.Resolutions {
			if _, seen := g.ruling[res.Key]; !seen {
				g.ruling[res.Key] = res
			}
		}
		for k, it := range kept {
			if res, ok := g.ruling[it.Key]; ok && res.Kind == ProposeFix {
				kept[k] = refix(section, it, res)
			}
		}
		f.Items, f.Dropped = shift(kept, region), append(shift(f.Dropped, region), g.memDrop...)
		return f, nil
	}
}

// probes has the resolver compare each probe's restatement in cr with its
// intent (a step per probe) and puts the mismatches into the probe's
// report as findings, so they go through the round like any other.
func (d *driver) probes(ctx context.Context, n, i int, cr *council.Round, path string, lines finding.LineRange, section []byte) error {
	cmp, ok := d.resolver.(Comparer)
	for k := range cr.Results {
		res := &cr.Results[k]
		if res.Skipped() || !d.isProbe(res.Reviewer) {
			continue
		}
		rs, err := RestatementOf(res.Review.Report)
		if err != nil {
			return fmt.Errorf("goldfish: round %d: %w", n, err)
		}
		if !ok {
			continue
		}
		pb := ProbeBrief{Round: n, Path: path, Lines: lines, Section: string(section), Restatement: rs, Context: d.refs, History: d.history}
		c, err := journal.Call(ctx, d.r.J, d.r.Key(n, i, "probe/"+res.Reviewer), func(ctx context.Context) (Comparison, error) {
			return cmp.Compare(ctx, pb)
		})
		if err != nil {
			return fmt.Errorf("goldfish: round %d: probe %s: %w", n, res.Reviewer, err)
		}
		d.spend(n, "resolver (probe)", c.Model, c.Usage)
		reply, _ := json.Marshal(Mismatches{Mismatches: c.Mismatches})
		d.history = append(d.history, agent.UserText(ProbeInstructions(pb)), agent.AssistantText(string(reply)))
		res.Review.Report.Findings = MismatchFindings(section, c.Mismatches)
	}
	return nil
}

func (d *driver) isProbe(name string) bool {
	for _, g := range d.fish {
		if g.Name() == name {
			return g.Probe
		}
	}
	return false
}

// measure computes each reviewer's self-agreement from round 1's two
// shots on the same section.
func (d *driver) measure(reviews []loop.Review) {
	shots := map[string][2]*finding.Report{}
	for k := range reviews {
		rv := &reviews[k]
		if rv.Shot < 1 || rv.Shot > 2 {
			continue
		}
		s := shots[rv.Reviewer]
		s[rv.Shot-1] = &rv.Report
		shots[rv.Reviewer] = s
	}
	for name, s := range shots {
		if s[0] != nil && s[1] != nil {
			a := Jaccard(s[0].Findings, s[1].Findings)
			a.Reviewer = name
			d.agree[name] = a
		}
	}
}

// spent is one call of the driver's own agents.
type spent struct {
	round      int
	who, model string
	usage      agent.Usage
}

// spend notes the usage of a call of the driver's own agents (who: the
// resolver, the synthesizer, the probe) in round n, for the outcome.
func (d *driver) spend(n int, who, model string, u agent.Usage) {
	d.spent = append(d.spent, spent{round: n, who: who, model: model, usage: u})
}
