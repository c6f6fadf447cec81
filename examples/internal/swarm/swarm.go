// Package swarm seats the Editorial Swarm's council for the example
// commands (examples/editorial-swarm, examples/temporal-swarm): the four
// roles, each on the built-in offline rules or on the model a provider
// configuration chooses for it.
package swarm

import (
	"embed"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/providers/config"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// personas holds the four roles' instructions for reviewers on a model.
//
//go:embed personas/*.md
var personas embed.FS

// Roles are the Editorial Swarm's reviewers, in the order they report.
var Roles = [...]string{"anti-ai-slop", "fact-checker", "narrative-critic", "reader-advocate"}

// ReviewTimeout bounds one model reviewer's call (with its repair).
const ReviewTimeout = 5 * time.Minute

// Council seats the four reviewers: each on the built-in offline rules
// (configured by rules: link checking, say) or, where cfg names a provider
// for it, on that model with its persona. A nil cfg is offline. warmUp
// lets the first model call write the provider's prompt cache before the
// others start (in one process; not where each call is made elsewhere).
// It returns the council and a description of its reviewers ("offline
// reviewers" or the providers).
func Council(cfg *config.Config, rules offline.Config, warmUp bool) (council.Council, string, error) {
	builtin := map[string]agent.Reviewer{}
	for _, r := range offline.Editorial(rules) {
		builtin[r.Name()] = r
	}
	c := council.Council{Limit: len(Roles)}
	online := false
	for _, name := range Roles {
		if cfg == nil || cfg.Offline(name) {
			c.Members = append(c.Members, council.Member{Reviewer: builtin[name]})
			continue
		}
		online = true
		p, model, err := cfg.Provider(name)
		if err != nil {
			return council.Council{}, "", err
		}
		persona, err := agent.LoadPersona(personas, "personas", name)
		if err != nil {
			return council.Council{}, "", err
		}
		c.Members = append(c.Members, council.Member{Reviewer: agent.NewLLMReviewer(p, persona, agent.WithModel(model))})
	}
	if !online {
		return c, "offline reviewers", nil
	}
	c.Timeout, c.WarmUp = ReviewTimeout, warmUp
	return c, cfg.String(), nil
}
