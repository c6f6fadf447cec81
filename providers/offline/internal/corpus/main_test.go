package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// gitRepo makes a repository whose doc.md goes through the given
// versions, one commit each, the first dated 2020 and the others 2022;
// it returns the git directory.
func gitRepo(t *testing.T, versions ...string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	run := func(date string, args ...string) {
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	run("2020-01-01T00:00:00Z", "init", "-q")
	for i, v := range versions {
		if err := os.WriteFile(filepath.Join(dir, "doc.md"), []byte(v), 0o644); err != nil {
			t.Fatal(err)
		}
		date := "2022-01-01T00:00:00Z"
		if i == 0 {
			date = "2020-01-01T00:00:00Z"
		}
		run(date, "add", "doc.md")
		run(date, "commit", "-q", "-m", "v")
	}
	return filepath.Join(dir, ".git")
}

// TestBuild: a small correction of a line is its label, with the
// correction; a rewritten paragraph, a deleted line, front matter, a
// change of a URL only and a line changed twice (the first correction
// counts) are handled as the doc says.
func TestBuild(t *testing.T) {
	base := strings.Join([]string{
		"---", "title: Old", "---", // 1-3 front matter
		"The cache is cleard on restart.",                                // 4: typo fixed
		"This paragraph is going to be rewritten from scratch entirely.", // 5: rewritten
		"This line is deleted.",                                          // 6: deleted
		"See [the guide](https://a.example/old).",                        // 7: URL only
		"It work well.", // 8: fixed twice
		"",
	}, "\n")
	v2 := strings.Replace(base, "cleard", "cleared", 1)
	v2 = strings.Replace(v2, "title: Old", "title: New", 1)
	v2 = strings.Replace(v2, "It work well.", "It works well.", 1)
	v3 := strings.Replace(v2, "This paragraph is going to be rewritten from scratch entirely.", "Something else altogether, with no words kept.", 1)
	v3 = strings.Replace(v3, "This line is deleted.\n", "", 1)
	v3 = strings.Replace(v3, "https://a.example/old", "https://a.example/new", 1)
	v3 = strings.Replace(v3, "It works well.", "It works very well.", 1)
	gitDir := gitRepo(t, base, v2, v3)
	out := t.TempDir()
	o := options{git: gitDir, repo: "x/y", licence: "MIT", out: out, since: "2021-01-01", max: 5, maxBytes: 1 << 20,
		include: regexp.MustCompile(`\.md$`), exclude: regexp.MustCompile(`^$`)}
	if err := build(o); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(out, "x-y", "labels.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ls []Label
	if err := json.Unmarshal(b, &ls); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range ls {
		got = append(got, l.Before+" -> "+l.After)
		if l.File != "x-y/doc.md" || l.Commit == "" {
			t.Errorf("label %+v: want file x-y/doc.md and a commit", l)
		}
	}
	want := []string{"The cache is cleard on restart. -> The cache is cleared on restart.", "It work well. -> It works well."}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("labels:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if doc, _ := os.ReadFile(filepath.Join(out, "x-y", "doc.md")); string(doc) != base {
		t.Errorf("the kept document is not the base version:\n%s", doc)
	}
}

func TestIsCorrection(t *testing.T) {
	for _, c := range []struct {
		before, after string
		want          bool
	}{
		{"Lets say it works.", "Let's say it works.", true},
		{"値を返却する。", "値を返す。", true},
		{"See [x](https://a/1).", "See [x](https://a/2).", false},
		{"Run `go test`.", "Run `go vet`.", false},
		{"A short line.", "Nothing of the old line is left here at all.", false},
		{"Same.", "Same.  ", false},
	} {
		if got := isCorrection(c.before, c.after); got != c.want {
			t.Errorf("isCorrection(%q, %q) = %v, want %v", c.before, c.after, got, c.want)
		}
	}
}
