package offline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// TestLinksResolveLikeDocumentationSites: a link resolves with and without
// .md or .html, and a folder through its index page, anywhere inside the
// workspace (LinkFS), not only in the article's folder.
func TestLinksResolveLikeDocumentationSites(t *testing.T) {
	fsys := fstest.MapFS{
		"docs/guide/transition.md":  {},
		"docs/guide/page.md":        {},
		"docs/guide/setup/index.md": {},
		"docs/api/ref.md":           {},
		"docs/guide/img/a.png":      {},
	}
	for _, c := range []struct {
		lang, text string
	}{
		{"en", "See [t](./transition), [p](page.html), [s](./setup/), [s2](setup), [r](../api/ref.md#top), [i](img/a.png),\n" +
			"[m](missing.md), [n](./nothing) and [o](../../../out.md).\n"},
		{"ja", "[遷移](./transition)、[ページ](page.html)、[設定](./setup/)、[設定2](setup)、[参照](../api/ref.md#top)、[画像](img/a.png)、\n" +
			"[欠け](missing.md)、[なし](./nothing)、[外](../../../out.md)を見てください。\n"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			rev, err := FactChecker(Config{LinkFS: fsys, LinkDir: "docs/guide"}).Review(context.Background(), agent.Target{Path: "post.md", Text: []byte(c.text)})
			if err != nil {
				t.Fatal(err)
			}
			got := ofRule(rev.Report.Findings, "broken-link")
			want := []struct {
				quote string
				sev   finding.Severity
			}{{"missing.md", finding.High}, {"./nothing", finding.Medium}, {"../../../out.md", finding.Medium}}
			if len(got) != len(want) {
				t.Fatalf("broken links = %+v", got)
			}
			for _, f := range got {
				if ja := strings.Contains(f.Issue, "「"); ja != (c.lang == "ja") {
					t.Errorf("message %q not in the document's language", f.Issue)
				}
			}
			for i, w := range want {
				if !strings.Contains(got[i].Quote(), w.quote) || got[i].Severity != w.sev {
					t.Errorf("finding %d: %q %s, want %q %s (%s)", i, got[i].Quote(), got[i].Severity, w.quote, w.sev, got[i].Issue)
				}
			}
		})
	}
	// a LinkDir that leaves LinkFS turns the rule off rather than guess
	rev, err := FactChecker(Config{LinkFS: fsys, LinkDir: "../x"}).Review(context.Background(), agent.Target{Path: "post.md", Text: []byte("[m](missing.md)\n")})
	if err != nil || len(ofRule(rev.Report.Findings, "broken-link")) != 0 {
		t.Errorf("LinkDir outside LinkFS: %v %+v", err, rev.Report.Findings)
	}
}

func TestWorkspaceRoot(t *testing.T) {
	repo := t.TempDir()
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	docs := filepath.Join(repo, "docs", "guide")
	if err := os.MkdirAll(docs, 0o755); err != nil {
		t.Fatal(err)
	}
	root, rel, err := WorkspaceRoot(docs)
	if err != nil || root != repo || rel != "docs/guide" {
		t.Errorf("WorkspaceRoot(%s) = %q, %q, %v; want %q, docs/guide", docs, root, rel, err, repo)
	}
	if root, rel, err := WorkspaceRoot(repo); err != nil || root != repo || rel != "." {
		t.Errorf("WorkspaceRoot(repo) = %q, %q, %v", root, rel, err)
	}
	// no repository: the current folder when the article is inside it, else the article's folder
	plain := t.TempDir()
	sub := filepath.Join(plain, "a")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(plain)
	if root, rel, err := WorkspaceRoot("a"); err != nil || root != plain || rel != "a" {
		t.Errorf("WorkspaceRoot(a) in %s = %q, %q, %v", plain, root, rel, err)
	}
	other := t.TempDir()
	if root, rel, err := WorkspaceRoot(other); err != nil || root != other || rel != "." {
		t.Errorf("WorkspaceRoot(%s) = %q, %q, %v", other, root, rel, err)
	}
}
