package editorial_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/providers/offline"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

// cast plays the roles in online on p, the others offline; err, when
// set, is every Provider call's error.
type cast struct {
	online []string
	p      agent.Provider
	err    error
}

func (c cast) Offline(role string) bool { return !slices.Contains(c.online, role) }

func (c cast) Provider(string) (agent.Provider, string, error) { return c.p, "m1", c.err }

func (c cast) String() string { return "scripted for " + strings.Join(c.online, ", ") }

// TestNewCouncil: the four roles in order, offline unless the cast names
// a model (then with its persona, the call timeout and the warm-up), and
// the cast's error.
func TestNewCouncil(t *testing.T) {
	c, desc, err := editorial.NewCouncil(nil, offline.Config{}, true)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range c.Members {
		got = append(got, m.Reviewer.Name())
	}
	if !slices.Equal(got, editorial.Roles()) || desc != "offline reviewers" || c.Timeout != 0 || c.WarmUp || c.Limit != 4 {
		t.Fatalf("offline: %v, %q, timeout %v, warm-up %v, limit %d", got, desc, c.Timeout, c.WarmUp, c.Limit)
	}

	var asked []string
	p := scripted.NewResponder(func(_ int, req agent.Request) scripted.Reply {
		asked = append(asked, req.System+fmt.Sprint(req.Messages), req.Model)
		return scripted.Reply{Err: errors.New("no answer")}
	})
	on := cast{online: []string{offline.FactCheckerName}, p: p}
	c, desc, err = editorial.NewCouncil(on, offline.Config{}, true)
	if err != nil {
		t.Fatal(err)
	}
	if desc != on.String() || c.Timeout != editorial.ReviewTimeout || !c.WarmUp || c.Members[1].Reviewer.Name() != offline.FactCheckerName {
		t.Fatalf("online: %q, timeout %v, warm-up %v", desc, c.Timeout, c.WarmUp)
	}
	c.Members[1].Reviewer.Review(context.Background(), agent.Target{Path: "a.md", Text: []byte("x\n")})
	if len(asked) < 2 || !strings.Contains(asked[0], "You are the fact-checker") || asked[1] != "m1" {
		t.Errorf("the model reviewer asked %q, want the fact-checker's persona and model m1", asked)
	}

	on.err = errors.New("no key for fact-checker")
	if _, _, err := editorial.NewCouncil(on, offline.Config{}, false); !errors.Is(err, on.err) {
		t.Errorf("a cast without a provider: %v", err)
	}
}

// TestLinks: a document's links resolve in the repository holding it,
// from its folder there, symbolic links resolved.
func TestLinks(t *testing.T) {
	repo := t.TempDir()
	for _, d := range []string{".git", "docs/en"} {
		if err := os.MkdirAll(filepath.Join(repo, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	doc := filepath.Join(repo, "docs", "en", "a.md")
	if err := os.WriteFile(doc, []byte("# a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "a.md")
	if err := os.Symlink(doc, link); err != nil {
		t.Skip(err)
	}
	cfg, err := editorial.Links(link)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.LinkDir != "docs/en" {
		t.Errorf("LinkDir %q, want docs/en", cfg.LinkDir)
	}
	if _, err := fs.Stat(cfg.LinkFS, "docs/en/a.md"); err != nil {
		t.Errorf("LinkFS is not the repository: %v", err)
	}
}
