package rounds

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
)

func TestRelocatedRunResumes(t *testing.T) {
	ctx := context.Background()
	base := t.TempDir()
	a, b := filepath.Join(base, "a"), filepath.Join(base, "b")
	os.MkdirAll(a, 0o755)
	os.WriteFile(filepath.Join(a, "post.md"), []byte("# 題\r\n本文。"), 0o644)
	type settings struct {
		Note string `json:"note"`
	}
	open := func(ctx context.Context, dir string, resume bool) (*Run[settings], error) {
		cfg := RunConfig{Dir: filepath.Join(dir, ".run"), Driver: "relocate-test"}
		return OpenRun(ctx, cfg, []string{filepath.Join(dir, "post.md")}, resume, true, func() settings { return settings{Note: "n"} }, nil)
	}
	r, err := open(ctx, a, false)
	if err != nil {
		t.Fatal(err)
	}
	r.Close() // unfinished
	if out, err := exec.Command("cp", "-r", a, b).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v %s", err, out)
	}
	if _, err := open(ctx, b, true); !errors.Is(err, loop.ErrFolderMoved) {
		t.Fatalf("a copied run resumed without Relocate: %v, want ErrFolderMoved", err)
	}
	r, err = open(loop.Relocate(ctx, a, b), b, true)
	if err != nil {
		t.Fatalf("relocated resume: %v", err)
	}
	defer r.Close()
	if r.Root != b || r.Docs[0].File != filepath.Join(b, "post.md") || r.Settings.Note != "n" {
		t.Fatalf("relocated run: root %s, file %s, settings %+v", r.Root, r.Docs[0].File, r.Settings)
	}
}
