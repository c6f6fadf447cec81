package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestChangedSince: the CI entry point. A small change starts no
// discussion (exit 0, saying why, nothing written); a change labelled
// security does, with the changed files as the targets of a spec that
// names none and an id from the commit; a bad revision is refused before
// anything is written.
func TestChangedSince(t *testing.T) {
	noKeys(t)
	gitEnv(t)
	ctx := context.Background()
	root := sampleWorkspace(t)
	var spec map[string]any
	data, _ := os.ReadFile(filepath.Join(root, "spec.json"))
	json.Unmarshal(data, &spec)
	delete(spec, "targets")
	delete(spec, "id")
	data, _ = json.Marshal(spec)
	os.WriteFile(filepath.Join(root, "spec.json"), data, 0o644)
	os.WriteFile(filepath.Join(root, "unchanged.md"), []byte("# Unchanged\n\nNothing here changes.\n"), 0o644)
	for _, args := range [][]string{{"init", "--quiet"}, {"add", "."}, {"commit", "--quiet", "-m", "base"}} {
		if _, err := git(ctx, root, args...); err != nil {
			t.Fatal(err)
		}
	}
	text, _ := os.ReadFile(filepath.Join(root, "announcement.md"))
	os.WriteFile(filepath.Join(root, "announcement.md"), append(text, "\nOne more line.\n"...), 0o644)

	base := []string{"-spec", filepath.Join(root, "spec.json"), "-root", root, "-rules", "all", "-changed-since", "HEAD"}
	var out, errb bytes.Buffer
	if code := run(ctx, base, &out, &errb); code != exitOK || !strings.Contains(out.String(), "No discussion: 2 changed lines, fewer than 300, and no label of security, breaking-change.") {
		t.Fatalf("a small change: exit %d\n%s%s", code, out.String(), errb.String())
	}
	if _, err := os.Stat(filepath.Join(root, ".discussion")); !os.IsNotExist(err) {
		t.Errorf("a change that started nothing left .discussion (%v)", err)
	}

	out.Reset()
	errb.Reset()
	code := run(ctx, append(base, "-labels", "docs,security"), &out, &errb)
	if code == exitError || !strings.Contains(errb.String(), "Discussion started: the change is labelled security.") {
		t.Fatalf("a labelled change: exit %d\n%s%s", code, out.String(), errb.String())
	}
	head, _ := git(ctx, root, "rev-parse", "--short", "HEAD")
	verdict, err := os.ReadFile(filepath.Join(root, ".discussion", "change-"+head, "verdict.json"))
	if err != nil {
		t.Fatalf("no verdict of the change's discussion: %v\n%s", err, out.String())
	}
	board, _ := os.ReadFile(filepath.Join(root, ".discussion", "change-"+head, "whiteboard.md"))
	if !strings.Contains(string(board), "announcement.md") || strings.Contains(string(board), "unchanged.md") || len(verdict) == 0 {
		t.Errorf("the discussion's targets are not the changed files:\n%s", board)
	}

	for _, bad := range [][]string{{"-changed-since", "no-such-ref"}, {"-changed-since", "--output=x"}, {"-changed-since", "HEAD", "-min-lines", "0"}} {
		out.Reset()
		errb.Reset()
		args := append([]string{"-spec", filepath.Join(root, "spec.json"), "-root", root}, bad...)
		if code := run(ctx, args, &out, &errb); code != exitError || !strings.Contains(errb.String(), bad[len(bad)-2]) {
			t.Errorf("%v: exit %d, want 1 naming the flag\n%s", bad, code, errb.String())
		}
	}
}
