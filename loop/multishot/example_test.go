package multishot_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop/multishot"
)

// A session on a repository's uncommitted change, with a reviewer of one's
// own (here a function; LLMReviewer calls a model), two shots per slice and
// the automatic gate.
func ExampleLoop_Run() {
	repo, _ := os.MkdirTemp("", "example-")
	defer os.RemoveAll(repo)
	git := func(args ...string) {
		exec.Command("git", append([]string{"-C", repo, "-c", "user.name=x", "-c", "user.email=x@example.com"}, args...)...).Run()
	}
	git("init", "-q")
	os.WriteFile(filepath.Join(repo, "notes.txt"), []byte("one\n"), 0o644)
	git("add", "-A")
	git("commit", "-q", "-m", "base")
	os.WriteFile(filepath.Join(repo, "notes.txt"), []byte("one\ntwo two\n"), 0o644)

	reviewer := multishot.ReviewerFunc(func(_ context.Context, in multishot.ShotInput) (multishot.Result, agent.Usage, error) {
		res := multishot.Result{SchemaVersion: 1}
		if in.Pass == 1 {
			res.Findings = []multishot.ShotFinding{{Severity: multishot.P3, Title: "doubled word",
				Content: "two is written twice", Location: multishot.Location{Path: "notes.txt", StartLine: 2}}}
		}
		return res, agent.Usage{}, nil
	})
	l := &multishot.Loop{Dir: filepath.Join(repo, ".git", "review"), Reviewer: reviewer, Shots: 2}
	sum, err := l.Run(context.Background(), multishot.Target{Repo: repo, Kind: multishot.Uncommitted}, "note the second item")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range sum.Findings {
		fmt.Println(f.Slice, f.Shot, f.Severity, f.Title, f.State.Current(), f.State.By)
	}
	fmt.Println("ok:", sum.OK, "remaining:", sum.Remaining)
	// Output:
	// docs 1 P3 doubled word ignored gate
	// docs 2 P3 doubled word duplicate auto
	// ok: true remaining: 0
}
