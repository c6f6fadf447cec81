package editorial

import (
	"embed"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// personas holds the four roles' instructions for reviewers on a model.
//
//go:embed personas/*.md
var personas embed.FS

// ReviewTimeout bounds one model reviewer's call (with its repair) in a
// council NewCouncil seats.
const ReviewTimeout = 5 * time.Minute

// Roles returns the Editorial Swarm's reviewers, in the order they
// report: anti-ai-slop, fact-checker, narrative-critic, reader-advocate.
func Roles() []string {
	return []string{offline.AntiAISlopName, offline.FactCheckerName, offline.NarrativeCriticName, offline.ReaderAdvocateName}
}

// NewCouncil seats the four reviewers (Roles), each as cast says
// (loop.Role): the built-in offline reviewer of providers/offline,
// configured by rules (its link checking, say), or a model with the
// role's bundled persona; a nil cast is offline. With a model among
// them, each call is bounded by ReviewTimeout, and warmUp lets the first
// call write the provider's prompt cache before the others start (in one
// process; not where each call is made elsewhere). It returns the council
// and what plays it: "offline reviewers", or cast as fmt.Sprint prints it
// (a providers/config.Config names its providers). Its error is cast's.
func NewCouncil(cast loop.Cast, rules offline.Config, warmUp bool) (council.Council, string, error) {
	builtin := map[string]agent.Reviewer{}
	for _, r := range offline.Editorial(rules) {
		builtin[r.Name()] = r
	}
	c := council.Council{Limit: len(builtin)}
	online := false
	for _, name := range Roles() {
		persona, err := agent.LoadPersona(personas, "personas", name)
		if err != nil {
			return council.Council{}, "", fmt.Errorf("editorial: %w", err)
		}
		r, err := loop.Role(cast, name, builtin[name], func(p agent.Provider, model string) agent.Reviewer {
			online = true
			return agent.NewLLMReviewer(p, persona, agent.WithModel(model))
		})
		if err != nil {
			return council.Council{}, "", err
		}
		c.Members = append(c.Members, council.Member{Reviewer: r})
	}
	if !online {
		return c, "offline reviewers", nil
	}
	c.Timeout, c.WarmUp = ReviewTimeout, warmUp
	return c, fmt.Sprint(cast), nil
}

// Links returns the offline fact-checker's link checking for the
// documents at paths: a link resolves in their workspace, the repository
// holding their common folder (offline.WorkspaceRoot), else the working
// folder when they are under it, else that folder.
func Links(paths ...string) (offline.Config, error) {
	root, rel, err := offline.WorkspaceRoot(loop.CommonDir(resolved(paths)))
	if err != nil {
		return offline.Config{}, err
	}
	return offline.Config{LinkFS: os.DirFS(root), LinkDir: rel}, nil
}

// resolved returns paths made absolute, symbolic links resolved, as the
// journal records them.
func resolved(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			abs = p
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		out[i] = abs
	}
	return out
}
