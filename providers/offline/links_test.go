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

// TestLinksReferenceDefinitionsAndWrappedTargets: a reference-style link's
// definition ("[ref]: x.html") is checked like an inline link, and an
// inline target on the line after its "(" (a wrapped absolute site path)
// is read without the line break, so it is not reported.
func TestLinksReferenceDefinitionsAndWrappedTargets(t *testing.T) {
	fsys := fstest.MapFS{"docs/ok.md": {}}
	text := "Read [the book][b] and [the guide][g], then [RBAC](\n/docs/rbac/) and [ok](\n  ok.html).\n" +
		"See [wrapped](\r\nmissing-too.md).\n\n" +
		"[b]: missing.html\n[g]: <ok.md> \"The guide\"\n"
	rev, err := FactChecker(Config{LinkFS: fsys, LinkDir: "docs"}).Review(context.Background(), agent.Target{Path: "post.md", Text: []byte(text)})
	if err != nil {
		t.Fatal(err)
	}
	got := ofRule(rev.Report.Findings, "broken-link")
	var targets []string
	for _, f := range got {
		targets = append(targets, f.Issue)
		if f.LineRange.Start != 5 && f.LineRange.Start != 7 {
			t.Errorf("finding on line %d: %+v", f.LineRange.Start, f)
		}
	}
	if len(got) != 2 || !strings.Contains(got[0].Issue, `"missing-too.md"`) || !strings.Contains(got[1].Issue, `"missing.html"`) {
		t.Fatalf("broken links = %q, want missing-too.md (line 5) and missing.html (line 7)", targets)
	}
}

// TestIssuesHoldNoMaskBytes: a message never shows the bytes the rules
// mask (U+001F): no-doubled-joshi names the word before each particle, and
// a word hidden as markup is none.
func TestIssuesHoldNoMaskBytes(t *testing.T) {
	text := "テストの**https://x.y/z**と思うと思うhttps://x.y/zと思う。\n"
	fs := reviewAll(t, Editorial(Config{MaxPerRule: Unlimited, Enabled: []string{SetAll}}), agent.Target{Text: []byte(text)})
	if len(ofRule(fs, "no-doubled-joshi")) == 0 {
		t.Fatalf("no no-doubled-joshi finding on %q: %+v", text, fs)
	}
	for _, f := range fs {
		if strings.ContainsRune(f.Issue, mask) || strings.ContainsRune(f.Fix, mask) {
			t.Errorf("mask byte in %q (fix %q)", f.Issue, f.Fix)
		}
	}
}
