package multishot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// filesOf renders a change's files compactly: path, status, old path,
// ranges and skip note.
func filesOf(c *Change) string {
	var b strings.Builder
	for _, f := range c.Files {
		fmt.Fprintf(&b, "%s %s", f.Path, f.Status)
		if f.OldPath != "" {
			fmt.Fprintf(&b, " from %s", f.OldPath)
		}
		for _, l := range f.Lines {
			fmt.Fprintf(&b, " %s", l)
		}
		if f.Skipped != "" {
			fmt.Fprintf(&b, " skipped(%s)", f.Skipped)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// baseRepo makes a repository with one commit holding a renamed-to-be
// file, a deleted-to-be file and a modified-to-be file (Japanese, CRLF).
func baseRepo(t *testing.T) *repo {
	r := newRepo(t)
	r.write("old/name.go", "package old\n\nfunc A() int { return 1 }\n\nfunc B() int { return 2 }\n")
	r.write("gone.md", "# gone\n")
	r.write("docs/説明.md", "# 説明\r\n\r\n一行目\r\n二行目\r\n")
	r.commit("base")
	return r
}

// mutate renames, deletes, modifies and adds a binary and a huge file.
func mutate(r *repo) {
	r.git("rm", "-q", "old/name.go")
	r.write("new/name.go", "package old\n\nfunc A() int { return 1 }\n\nfunc B() int { return 3 }\n")
	r.git("rm", "-q", "gone.md")
	r.write("docs/説明.md", "# 説明\r\n\r\n一行目\r\n変更した二行目\r\n")
	r.write("logo.png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	r.write("big.txt", strings.Repeat("x", 2000)+"\n")
	r.git("add", "-A")
}

const wantFiles = `big.txt added skipped(2001 bytes, past the limit of 1000 (-max-size or Loop.MaxSize raises it))
docs/説明.md modified 4
gone.md deleted
logo.png added skipped(not a text document: logo.png looks binary (NUL byte at offset 8))
new/name.go renamed from old/name.go 5
`

func TestReadChangeThreeKinds(t *testing.T) {
	ctx := context.Background()
	t.Run("uncommitted", func(t *testing.T) {
		r := baseRepo(t)
		mutate(r)
		c, err := ReadChange(ctx, Target{Repo: r.dir, Kind: Uncommitted, MaxFileSize: 1000})
		if err != nil {
			t.Fatal(err)
		}
		if got := filesOf(c); got != wantFiles {
			t.Errorf("files:\n%s\nwant:\n%s", got, wantFiles)
		}
	})
	t.Run("commit", func(t *testing.T) {
		r := baseRepo(t)
		mutate(r)
		sha := r.commit("change")
		r.write("new/name.go", "package old\n// later edit, not in the commit\n")
		c, err := ReadChange(ctx, Target{Repo: r.dir, Kind: Commit, Ref: sha, MaxFileSize: 1000})
		if err != nil {
			t.Fatal(err)
		}
		if got := filesOf(c); got != wantFiles {
			t.Errorf("files:\n%s\nwant:\n%s", got, wantFiles)
		}
		if data, _ := c.Read(ctx, "new/name.go"); !strings.Contains(string(data), "return 3") {
			t.Errorf("content read from the working tree, not the commit: %q", data)
		}
	})
	t.Run("base", func(t *testing.T) {
		r := baseRepo(t)
		r.git("checkout", "-q", "-b", "feature")
		mutate(r)
		r.commit("change")
		r.git("checkout", "-q", "main")
		r.write("main-only.txt", "on main after the branch\n")
		r.commit("main moves on")
		r.git("checkout", "-q", "feature")
		c, err := ReadChange(ctx, Target{Repo: r.dir, Kind: Base, Ref: "main", MaxFileSize: 1000})
		if err != nil {
			t.Fatal(err)
		}
		if got := filesOf(c); got != wantFiles {
			t.Errorf("files:\n%s\nwant:\n%s", got, wantFiles)
		}
	})
	t.Run("root commit", func(t *testing.T) {
		r := newRepo(t)
		r.write("a.txt", "one\ntwo")
		sha := r.commit("root")
		c, err := ReadChange(ctx, Target{Repo: r.dir, Kind: Commit, Ref: sha})
		if err != nil {
			t.Fatal(err)
		}
		if got := filesOf(c); got != "a.txt added 1-2\n" {
			t.Errorf("files: %q", got)
		}
	})
}

func TestReadChangeRefusals(t *testing.T) {
	ctx := context.Background()
	r := baseRepo(t)
	for _, tg := range []Target{
		{Repo: r.dir, Kind: Commit, Ref: "--output=/etc/x"},
		{Repo: r.dir, Kind: Base},
		{Repo: r.dir, Kind: "branch", Ref: "main"},
		{Repo: r.dir, Kind: Uncommitted, Ref: "main"},
	} {
		if _, err := ReadChange(ctx, tg); err == nil {
			t.Errorf("ReadChange(%+v) = nil error", tg)
		}
	}
	if _, err := ReadChange(ctx, Target{Repo: r.dir, Kind: Commit, Ref: "nosuchref"}); !errors.Is(err, ErrGit) {
		t.Errorf("unknown ref: %v, want ErrGit", err)
	}
}
