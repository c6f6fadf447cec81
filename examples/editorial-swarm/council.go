package main

import (
	"flag"
	"fmt"
	"github.com/kaigi-dev/kaigi/examples/internal/swarm"
	"os"

	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// council seats the four reviewers (swarm.Council): each runs on the
// built-in offline rules or on the model the provider flags choose for it.
// docDir is the article's folder; the offline fact-checker looks for linked
// files in its workspace (the repository root, else the current folder).
// The first model call writes the shared prompt prefix to the provider's
// cache (where it has one); the other three read it.
func (o *options) council(docDir string) (council.Council, string, error) {
	root, rel, err := offline.WorkspaceRoot(docDir)
	if err != nil {
		return council.Council{}, "", err
	}
	return swarm.Council(o.providers, offline.Config{LinkFS: os.DirFS(root), LinkDir: rel}, true)
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
