package rounds

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// TestResumeNothingLeavesNothing is issue 22 item 12 for a resume: a
// resume in a run folder that does not exist is loop.ErrNothingToResume and
// creates neither the folder nor a journal in it.
func TestResumeNothingLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "post.md")
	os.WriteFile(doc, []byte("# 題\r\n本文。"), 0o644)
	cfg := RunConfig{Dir: filepath.Join(dir, ".run"), Driver: "resume-test"}
	type settings struct{}
	_, err := OpenRun(context.Background(), cfg, []string{doc}, true, true, func() settings { return settings{} }, nil)
	if !errors.Is(err, loop.ErrNothingToResume) {
		t.Fatalf("resume with no run folder: %v, want ErrNothingToResume", err)
	}
	if _, err := os.Stat(cfg.Dir); !os.IsNotExist(err) {
		t.Errorf("the resume that found nothing left %s behind (%v)", cfg.Dir, err)
	}
}

// TestResumeSaysWhy: a resume of a run killed before its start step is
// loop.ErrNotStarted, of a finished run loop.ErrRunFinished, each matching
// loop.ErrNothingToResume and not the other; a new run goes on in the first and
// moves the second to the history.
func TestResumeSaysWhy(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	doc := filepath.Join(dir, "post.md")
	os.WriteFile(doc, []byte("# 題\r\n本文。"), 0o644)
	cfg := RunConfig{Dir: filepath.Join(dir, ".run"), Driver: "resume-test"}
	type settings struct{}
	open := func(resume bool) (*Run[settings], error) {
		return OpenRun(ctx, cfg, []string{doc}, resume, true, func() settings { return settings{} }, nil)
	}
	f := loop.Folder{Dir: cfg.Dir, Journal: journal.Options{Driver: cfg.Driver, Kinds: []string{"resume-test.end", "resume-test.undo"}}, End: "resume-test.end"}
	j, _, err := f.Open(ctx, loop.OpenNew) // a journal without the start: killed before it
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	if _, err := open(true); !errors.Is(err, loop.ErrNotStarted) || errors.Is(err, loop.ErrRunFinished) || !errors.Is(err, loop.ErrNothingToResume) {
		t.Errorf("resume of a run killed before its start: %v", err)
	}
	r, err := open(false)
	if err != nil {
		t.Fatalf("a new run where none started: %v", err)
	}
	if err := r.End(loop.Converged); err != nil {
		t.Fatal(err)
	}
	r.Close()
	if _, err := open(true); !errors.Is(err, loop.ErrRunFinished) || errors.Is(err, loop.ErrNotStarted) || !errors.Is(err, loop.ErrNothingToResume) {
		t.Errorf("resume of a finished run: %v", err)
	}
	if r, err = open(false); err != nil {
		t.Fatalf("a new run after the finished one: %v", err)
	}
	r.Close()
	if _, err := os.Stat(filepath.Join(cfg.Dir, "history", "run-1", loop.JournalName)); err != nil {
		t.Errorf("the finished run was not moved to the history: %v", err)
	}
}
