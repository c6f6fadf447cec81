package loop

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestResumeNothingLeavesNothing is issue 22 item 12 for a resume: a
// resume in a run folder that does not exist is ErrNothingToResume and
// creates neither the folder nor a journal in it.
func TestResumeNothingLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "post.md")
	os.WriteFile(doc, []byte("# 題\r\n本文。"), 0o644)
	cfg := RunConfig{Dir: filepath.Join(dir, ".run"), Driver: "resume-test"}
	type settings struct{}
	_, err := OpenRun(context.Background(), cfg, []string{doc}, true, true, func() settings { return settings{} }, nil)
	if !errors.Is(err, ErrNothingToResume) {
		t.Fatalf("resume with no run folder: %v, want ErrNothingToResume", err)
	}
	if _, err := os.Stat(cfg.Dir); !os.IsNotExist(err) {
		t.Errorf("the resume that found nothing left %s behind (%v)", cfg.Dir, err)
	}
}
