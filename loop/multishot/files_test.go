package multishot

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

// TestReadOnlyFileNotFixed: a fix of a read-only file is refused ("the
// document is not writable"), the file stays as it was and the finding
// stays open with the reason.
func TestReadOnlyFileNotFixed(t *testing.T) {
	r := sampleRepo(t)
	p := filepath.Join(r.dir, "docs", "guide.md")
	if err := os.Chmod(p, 0o444); err != nil {
		t.Fatal(err)
	}
	before := r.read("docs/guide.md")
	fixable := sf(P2, "docs/guide.md", 3, 3, "doubled word")
	fixable.Quote, fixable.Fix = "とても とても", "とても"
	sc := &script{answers: map[string][]ShotFinding{"docs/1/1": {fixable}}}
	gate := &answers{choice: func(q loop.Question) (string, string) {
		if q.Default == ChoiceFix {
			return ChoiceFix, ""
		}
		return ChoiceIgnore, "" // asked again without the fix
	}}
	sum := run(t, &Loop{Reviewer: sc, Classifier: fixedSlices(docsSlice), Asker: gate}, r)
	if got := r.read("docs/guide.md"); got != before {
		t.Errorf("the read-only file was changed: %q", got)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o444 {
		t.Errorf("mode %v", fi.Mode())
	}
	f := sum.Findings[0]
	if f.State.Current() == finding.Applied || !strings.Contains(f.State.Reason, "the document is not writable") {
		t.Errorf("finding %+v: want it not applied, with the reason", f.State)
	}
}

// TestNotUTF8Skipped: a changed file that is not UTF-8 (Latin-1 here, and
// UTF-16) is skipped with a note saying so, never reviewed or edited; an
// empty file is still reviewed.
func TestNotUTF8Skipped(t *testing.T) {
	r := newRepo(t)
	r.write("a.txt", "a\n")
	r.commit("base")
	r.write("latin1.md", "caf\xe9 caf\xe9 ok\n")
	r.write("wide.md", "\xff\xfe#\x00 \x00a\x00\n\x00")
	r.write("empty.md", "")
	c, err := ReadChange(context.Background(), Target{Repo: r.dir, Kind: Uncommitted})
	if err != nil {
		t.Fatal(err)
	}
	skipped := map[string]string{}
	for _, f := range c.Files {
		skipped[f.Path] = f.Skipped
	}
	if !strings.Contains(skipped["latin1.md"], "not UTF-8") || !strings.Contains(skipped["wide.md"], "UTF-16") || skipped["empty.md"] != "" {
		t.Fatalf("skipped %q", skipped)
	}
	fixable := sf(P2, "latin1.md", 1, 1, "doubled word")
	fixable.Quote, fixable.Fix = "caf\xe9 caf\xe9", "caf\xe9"
	sc := ReviewerFunc(func(_ context.Context, in ShotInput) (Result, agent.Usage, error) {
		var fs []ShotFinding
		for _, f := range in.Files {
			if f.Path == "latin1.md" {
				fs = append(fs, fixable)
			}
		}
		return Result{SchemaVersion: 1, Findings: fs}, agent.Usage{}, nil
	})
	sum := run(t, &Loop{Reviewer: sc}, r)
	if got := r.read("latin1.md"); got != "caf\xe9 caf\xe9 ok\n" {
		t.Errorf("the Latin-1 file was edited: %q", got)
	}
	if !strings.Contains(strings.Join(sum.Notes, "\n"), "latin1.md skipped") {
		t.Errorf("notes %q", sum.Notes)
	}
}

// TestMaxSize: Loop.MaxSize skips a larger changed file with a note; the
// default is the kernel's document limit.
func TestMaxSize(t *testing.T) {
	r := sampleRepo(t)
	sum := run(t, &Loop{Reviewer: &script{}, MaxSize: 40}, r)
	notes := strings.Join(sum.Notes, "\n")
	if !strings.Contains(notes, "app/main.go skipped") || !strings.Contains(notes, "MaxSize") {
		t.Errorf("notes %q", notes)
	}
	if DefaultMaxFileSize != 4<<20 {
		t.Errorf("DefaultMaxFileSize %d", DefaultMaxFileSize)
	}
}

// TestStaleTempSwept: the temporary files a killed write left beside a
// file of the change and in the session folder (and its logs) are removed
// when the session is opened again; another file's are left alone.
func TestStaleTempSwept(t *testing.T) {
	r := sampleRepo(t)
	fixable := sf(P2, "docs/guide.md", 3, 3, "doubled word")
	fixable.Quote, fixable.Fix = "とても とても", "とても"
	l := &Loop{Dir: filepath.Join(t.TempDir(), "session"), Reviewer: &script{answers: map[string][]ShotFinding{"docs/1/1": {fixable}}},
		Classifier: fixedSlices(docsSlice)}
	run(t, l, r)
	stale := []string{
		filepath.Join(r.dir, "docs", ".guide.md.ABCDEFGHIJ.tmp"),
		filepath.Join(l.Dir, ".summary.md.ABCDEFGHIJ.tmp"),
		filepath.Join(l.Dir, "logs", ".w1_docs-1.json.ABCDEFGHIJ.tmp"),
	}
	other := filepath.Join(r.dir, "docs", ".other.md.ABCDEFGHIJ.tmp")
	for _, p := range append(stale, other) {
		if err := os.WriteFile(p, []byte("half"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := l.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, p := range stale {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s is still there (%v)", filepath.Base(p), err)
		}
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("another file's temporary file was removed: %v", err)
	}
}
