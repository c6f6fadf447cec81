package main

import (
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
	return swarm.Council(o.Providers, offline.Config{LinkFS: os.DirFS(root), LinkDir: rel}, true)
}
