package main

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop/goldfish"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// callTimeout bounds one model goldfish call (with its repair).
const callTimeout = 5 * time.Minute

// loop builds the Loop of a run's settings (raw): each reviewer offline
// or on the model the provider flags choose for it (-reviewer-model
// NAME=...), and the resolver ("resolver") and synthesizer
// ("synthesizer") likewise. It returns the same Loop for the same
// settings, and a description of the providers.
func (o *options) loop(raw json.RawMessage) (*goldfish.Loop, string, error) {
	var set settings
	if err := json.Unmarshal(raw, &set); err != nil {
		return nil, "", fmt.Errorf("goldfish settings: %w", err)
	}
	plan, intent := set.Plan, set.Intent
	target, err := goldfish.ParseTarget(plan.Target)
	if err != nil {
		return nil, "", err
	}
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
	l := &goldfish.Loop{Target: target, Context: refs, MaxRounds: set.Rounds, CleanRounds: set.Clean, Prices: agent.DefaultPrices(),
		MaxSize: set.MaxSize, Logger: o.Logger()}
	focus := target.String()
	online := false
	for i, s := range seats {
		name := reviewers[i]
		if o.Providers.Offline(name) {
			g, err := goldfish.NewOfflineGoldfish(s, refs, focus, offline.Config{Enabled: set.Rules})
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
	if o.Providers.Offline("resolver") {
		l.Resolver = goldfish.OfflineResolver{Intent: intent}
	} else {
		p, model, err := o.Providers.Provider("resolver")
		if err != nil {
			return nil, "", err
		}
		l.Resolver = &goldfish.LLMResolver{Provider: p, Options: []agent.LLMOption{agent.WithModel(model)}}
	}
	if set.Hierarchical {
		if o.Providers.Offline("synthesizer") {
			l.Synthesizer = goldfish.OfflineSynthesizer{}
		} else {
			p, model, err := o.Providers.Provider("synthesizer")
			if err != nil {
				return nil, "", err
			}
			l.Synthesizer = goldfish.NewSynthesizer(p, agent.WithModel(model))
		}
	}
	return l, o.Providers.String(), nil
}
