package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/goldfish"
	"github.com/kaigi-dev/kaigi/loop/rounds"
	"github.com/kaigi-dev/kaigi/loop/temporal"
	"github.com/kaigi-dev/kaigi/providers/config"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// Driver names, the values of run's -loop.
const (
	editorialLoop = "editorial"
	goldfishLoop  = "goldfish"
)

// editorialSettings are the run's own settings of an Editorial Swarm run,
// carried in editorial.Args.Settings: what a client chooses per
// run (the worker chooses the reviewers).
type editorialSettings struct {
	Reader string `json:"reader,omitempty"` // the reader profile
	Rounds int    `json:"rounds,omitempty"` // the round cap; 0 means editorial.DefaultMaxRounds
	Auto   string `json:"auto,omitempty"`   // the auto-apply scope: low, widen or none; "" means low
	// Links is the Store reference of the document's linkListing, for the
	// offline fact-checker; "" checks no links.
	Links string `json:"links,omitempty"`
}

// goldfishSettings are a Goldfish run's own settings, carried in
// goldfish.Args.Settings.
type goldfishSettings struct {
	Target    string `json:"target,omitempty"`    // the section; "" means the whole file
	Reviewers string `json:"reviewers,omitempty"` // comma-separated; "" means design_critic,structural
	Rounds    int    `json:"rounds,omitempty"`    // 0 means goldfish.DefaultMaxRounds
}

// defaultGoldfishReviewers are goldfish-loop's default reviewers.
const defaultGoldfishReviewers = "design_critic,structural"

// drivers returns the worker's loops by name, and a description of the
// Editorial Swarm's reviewers: offline, or on the providers of cfg (nil
// means offline). The runs' link listings are read from store.
func drivers(cfg *config.Config, store temporal.Store) (map[string]temporal.Driver, string, error) {
	_, desc, err := editorialCouncil(cfg, offline.Config{})
	if err != nil {
		return nil, "", err
	}
	return map[string]temporal.Driver{
		editorialLoop: editorial.NewDriver(func(args editorial.Args) (*editorial.Loop, error) {
			var s editorialSettings
			if len(args.Settings) > 0 {
				if err := json.Unmarshal(args.Settings, &s); err != nil {
					return nil, fmt.Errorf("editorial settings: %w", err)
				}
			}
			links, err := linkConfig(context.Background(), store, s.Links)
			if err != nil {
				return nil, err
			}
			c, _, err := editorialCouncil(cfg, links)
			if err != nil {
				return nil, err
			}
			return editorialLoopFor(c, args.Settings)
		}),
		goldfishLoop: goldfish.NewDriver(func(args goldfish.Args) (*goldfish.Loop, error) {
			return goldfishLoopFor(args.Settings)
		}),
	}, desc, nil
}

// editorialCouncil seats the four Editorial Swarm reviewers as
// examples/editorial-swarm does (editorial.NewCouncil), without a cache warm-up
// (each reviewer call is an activity of its own, made on whichever worker
// takes it). links is the offline fact-checker's link checking: a worker's
// workspace holds the documents only, so a run's links are checked
// against the listing its client made (linkConfig).
func editorialCouncil(cfg *config.Config, links offline.Config) (council.Council, string, error) {
	var cast loop.Cast // a nil cfg leaves every reviewer offline
	if cfg != nil {
		cast = cfg
	}
	return editorial.NewCouncil(cast, links, false)
}

// editorialLoopFor returns the Editorial Swarm loop of a run: the worker's
// council, the run's settings.
func editorialLoopFor(c council.Council, raw json.RawMessage) (*editorial.Loop, error) {
	var s editorialSettings
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, fmt.Errorf("editorial settings: %w", err)
		}
	}
	scope, err := rounds.ParseScope(cmp.Or(s.Auto, "low"))
	if err != nil {
		return nil, fmt.Errorf("editorial settings: %w", err)
	}
	return &editorial.Loop{
		Council:       c,
		Policy:        rounds.Policy{Scope: scope},
		MaxRounds:     s.Rounds,
		ReaderProfile: s.Reader,
		Prices:        agent.DefaultPrices(),
	}, nil
}

// goldfishLoopFor returns the Goldfish loop of a run, on the offline
// reviewers and resolver.
func goldfishLoopFor(raw json.RawMessage) (*goldfish.Loop, error) {
	var s goldfishSettings
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, fmt.Errorf("goldfish settings: %w", err)
		}
	}
	target, err := goldfish.ParseTarget(cmp.Or(s.Target, "full file"))
	if err != nil {
		return nil, err
	}
	var reviewers []string
	for _, r := range strings.Split(cmp.Or(s.Reviewers, defaultGoldfishReviewers), ",") {
		if r = strings.TrimSpace(r); r != "" {
			reviewers = append(reviewers, r)
		}
	}
	seats, err := goldfish.Materials{}.Cast(reviewers, nil)
	if err != nil {
		return nil, err
	}
	l := &goldfish.Loop{Target: target, MaxRounds: s.Rounds, Resolver: goldfish.OfflineResolver{}, Prices: agent.DefaultPrices()}
	for _, seat := range seats {
		g, err := goldfish.NewOfflineGoldfish(seat, nil, target.String(), offline.Config{})
		if err != nil {
			return nil, err
		}
		l.Reviewers = append(l.Reviewers, g)
	}
	return l, nil
}
