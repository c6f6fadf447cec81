package main

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/loop"
)

// sample is the bundled change: sample/base is the first commit,
// sample/change the working tree after it (every name carries ".sample",
// so that the go command does not build the sample's Go files as part of
// kaigi), and sample/deleted lists the files the change removes.
//
//go:embed sample
var sample embed.FS

// demoTask is the "original request" of the bundled change.
const demoTask = "Log each cart line while the total is computed, add a test, and document the cart in English and Japanese."

// buildDemo makes the sample repository in a new temporary folder and
// returns it. The caller removes it.
func buildDemo(ctx context.Context) (string, error) {
	dir, err := os.MkdirTemp("", "multi-shot-review-")
	if err != nil {
		return "", err
	}
	git := func(args ...string) error {
		cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir, "-c", "user.name=kaigi demo", "-c", "user.email=demo@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, out)
		}
		return nil
	}
	fail := func(err error) (string, error) {
		os.RemoveAll(dir)
		return "", err
	}
	if err := git("init", "-q"); err != nil {
		return fail(err)
	}
	if err := copyTree("sample/base", dir); err != nil {
		return fail(err)
	}
	if err := git("add", "-A"); err != nil {
		return fail(err)
	}
	if err := git("commit", "-q", "-m", "shop: the cart"); err != nil {
		return fail(err)
	}
	if err := copyTree("sample/change", dir); err != nil {
		return fail(err)
	}
	gone, err := sample.ReadFile("sample/deleted.sample")
	if err != nil {
		return fail(err)
	}
	for _, name := range strings.Fields(string(gone)) {
		if err := os.Remove(filepath.Join(dir, filepath.FromSlash(name))); err != nil {
			return fail(err)
		}
	}
	// A binary file, skipped with a note.
	if err := os.WriteFile(filepath.Join(dir, "docs", "logo.png"), []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), 0o644); err != nil {
		return fail(err)
	}
	return dir, nil
}

// copyTree copies the embedded folder from into dir, without the
// ".sample" suffix.
func copyTree(from, dir string) error {
	return fs.WalkDir(sample, from, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := sample.ReadFile(p)
		if err != nil {
			return err
		}
		rel := strings.TrimSuffix(strings.TrimPrefix(p, from+"/"), ".sample")
		dst := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
}

// demoAsker stands in for the person triaging the demo: it fixes the
// go vet finding in the working tree itself (as a developer would) and
// answers "fixed"; every other question gets the automatic answer (a
// finding's own fix, else ignore).
type demoAsker struct{ repo string }

func (d demoAsker) Ask(ctx context.Context, q loop.Question) (loop.Answer, error) {
	if strings.Contains(q.Prompt, "cart/cart.go") && strings.Contains(q.Prompt, "Printf format %d has arg it.Name") {
		p := filepath.Join(d.repo, "cart", "cart.go")
		data, err := os.ReadFile(p)
		if err != nil {
			return loop.Answer{}, err
		}
		fixed := strings.Replace(string(data), `fmt.Printf("%d x %d\n", it.Name, it.Qty)`, `fmt.Printf("%s x %d\n", it.Name, it.Qty)`, 1)
		if err := os.WriteFile(p, []byte(fixed), 0o644); err != nil {
			return loop.Answer{}, err
		}
		return loop.Answer{Key: q.Key, Choice: "fixed", Text: "demo: the verb is %s now"}, nil
	}
	return loop.AutoAsker{}.Ask(ctx, q)
}
