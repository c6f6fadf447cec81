package main

import (
	"os"

	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// council seats the four Editorial Swarm reviewers.
func (o *options) council(docDir string) (council.Council, string, error) {
	rs := offline.Editorial(offline.Config{LinkFS: os.DirFS(docDir)})
	return council.Council{Members: council.Members(rs...)}, "offline reviewers", nil
}
