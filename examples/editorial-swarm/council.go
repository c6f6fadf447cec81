package main

import (
	"embed"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// personas holds the four roles' instructions for reviewers on a model.
//
//go:embed personas/*.md
var personas embed.FS

// roles are the Editorial Swarm's reviewers, in the order they report.
var roles = [...]string{"anti-ai-slop", "fact-checker", "narrative-critic", "reader-advocate"}

// reviewTimeout bounds one model reviewer's call (with its repair).
const reviewTimeout = 5 * time.Minute

// council seats the four reviewers: each runs on the built-in offline
// rules or on the model the provider flags choose for it. docDir is the
// article's folder; the offline fact-checker looks for linked files in its
// workspace (the repository root, else the current folder).
func (o *options) council(docDir string) (council.Council, string, error) {
	root, rel, err := offline.WorkspaceRoot(docDir)
	if err != nil {
		return council.Council{}, "", err
	}
	builtin := map[string]agent.Reviewer{}
	for _, r := range offline.Editorial(offline.Config{LinkFS: os.DirFS(root), LinkDir: rel}) {
		builtin[r.Name()] = r
	}
	c := council.Council{Limit: len(roles)}
	online := false
	for _, name := range roles {
		if o.providers.Offline(name) {
			c.Members = append(c.Members, council.Member{Reviewer: builtin[name]})
			continue
		}
		online = true
		p, model, err := o.providers.Provider(name)
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
	// The first call writes the shared prompt prefix to the provider's
	// cache (where it has one); the other three read it.
	c.Timeout, c.WarmUp = reviewTimeout, true
	return c, o.providers.String(), nil
}

// useProviders resolves the provider flags. The demo stays offline unless
// a provider is named (-provider or KAIGI_PROVIDER), so that the README's
// first command never spends money on a key that happens to be set.
func (o *options) useProviders(fs *flag.FlagSet, demo bool) error {
	if err := o.providers.ResolveDemo(fs, os.Getenv, demo); err != nil {
		return fmt.Errorf("provider: %w", err)
	}
	return nil
}
