package main

import (
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/goldfish"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// callTimeout bounds one model goldfish call (with its repair).
const callTimeout = 5 * time.Minute

// loop builds the Loop from the flags: each reviewer offline or on the
// model the provider flags choose for it (-reviewer-model NAME=...), and
// the resolver ("resolver") and synthesizer ("synthesizer") likewise.
func (o *options) loop(plan goldfish.Plan, target document.Target, intent []string) (*goldfish.Loop, string, error) {
	reviewers := plan.Reviewers
	var m goldfish.Materials
	seats, err := m.Cast(reviewers, plan.Standards)
	if err != nil {
		return nil, "", err
	}
	refs, _, err := m.ContextMaterials(plan.Context)
	if err != nil {
		return nil, "", err
	}
	l := &goldfish.Loop{Target: target, Context: refs, Dir: o.out, MaxRounds: o.rounds, CleanRounds: o.clean, Prices: agent.DefaultPrices()}
	focus := target.String()
	online := false
	for i, s := range seats {
		name := reviewers[i]
		if o.Providers.Offline(name) {
			g, err := goldfish.NewOfflineGoldfish(s, refs, focus, offline.Config{Enabled: o.enabled})
			if err != nil {
				return nil, "", err
			}
			l.Reviewers = append(l.Reviewers, g)
			continue
		}
		online = true
		p, model, err := o.Providers.Provider(name)
		if err != nil {
			return nil, "", err
		}
		if s.Persona.Name == goldfish.ProbeName {
			l.Reviewers = append(l.Reviewers, goldfish.NewProbe(p, s, refs, focus, agent.WithModel(model)))
		} else {
			l.Reviewers = append(l.Reviewers, goldfish.NewGoldfish(p, s, refs, focus, agent.WithModel(model)))
		}
	}
	if online {
		l.Timeout = callTimeout
	}
	if l.Resolver, err = loop.Role[goldfish.Resolver](o.Providers, "resolver", goldfish.OfflineResolver{Intent: intent}, func(p agent.Provider, model string) goldfish.Resolver {
		return &goldfish.LLMResolver{Provider: p, Options: []agent.LLMOption{agent.WithModel(model)}}
	}); err != nil {
		return nil, "", err
	}
	if o.hierarchical {
		if l.Synthesizer, err = loop.Role(o.Providers, "synthesizer", agent.Agent(goldfish.OfflineSynthesizer{}), func(p agent.Provider, model string) agent.Agent {
			return goldfish.NewSynthesizer(p, agent.WithModel(model))
		}); err != nil {
			return nil, "", err
		}
	}
	return l, o.Providers.String(), nil
}
