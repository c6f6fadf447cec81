package offline

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// maxWalkUp bounds how many folders WorkspaceRoot climbs looking for .git.
const maxWalkUp = 64

// WorkspaceRoot returns the default workspace for an article in folder
// dir, for Config.LinkFS and Config.LinkDir: the nearest folder at or
// above dir that holds .git (the repository root), else the current folder
// when dir lies inside it, else dir itself; and dir's slash-separated path
// inside that root ("docs/guide", or "."). It reads only the names of the
// folders above dir. Use it as
//
//	root, rel, err := offline.WorkspaceRoot(docDir)
//	cfg := offline.Config{LinkFS: os.DirFS(root), LinkDir: rel}
func WorkspaceRoot(dir string) (root, rel string, err error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", "", fmt.Errorf("offline: workspace root of %s: %w", dir, err)
	}
	root = abs
	found := false
	for d, i := abs, 0; i < maxWalkUp; i++ {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			root, found = d, true
			break
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	if !found {
		if wd, err := os.Getwd(); err == nil && inside(wd, abs) {
			root = wd
		}
	}
	r, err := filepath.Rel(root, abs)
	if err != nil {
		return "", "", fmt.Errorf("offline: workspace root of %s: %w", dir, err)
	}
	return root, filepath.ToSlash(r), nil
}

// inside reports whether path p lies in folder dir or is dir.
func inside(dir, p string) bool {
	r, err := filepath.Rel(dir, p)
	return err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) && !filepath.IsAbs(r)
}

// linkCandidates returns the files a documentation site may serve for
// the link target p (a clean path inside the workspace): p itself; p.md
// and p.html when p has no extension; the .md a .html page is built from;
// and a folder's index.md, README.md or index.html.
func linkCandidates(p string, folder bool) []string {
	if folder {
		return []string{p + "/index.md", p + "/README.md", p + "/index.html", p}
	}
	c := []string{p}
	switch ext := path.Ext(p); ext {
	case "":
		c = append(c, p+".md", p+".html", p+"/index.md", p+"/README.md", p+"/index.html")
	case ".html", ".htm":
		c = append(c, strings.TrimSuffix(p, ext)+".md")
	}
	return c
}

// brokenLinks reports relative links and images whose target no file in
// Config.LinkFS serves (see linkCandidates), and targets that leave it.
// A missing target with an extension is high; one without (a route the
// site generator may create) is medium.
func (r *run) brokenLinks(ctx context.Context) error {
	fsys := r.rev.cfg.LinkFS
	if fsys == nil || !r.e.on("broken-link") {
		return nil
	}
	base := path.Clean(strings.ReplaceAll(r.rev.cfg.LinkDir, "\\", "/"))
	dir := path.Join(base, path.Dir(strings.ReplaceAll(r.target.Path, "\\", "/")))
	if base == "" || !fs.ValidPath(base) || !fs.ValidPath(dir) {
		return nil // an absolute or odd path: link targets cannot be resolved in LinkFS
	}
	for i, l := range r.doc.links {
		if err := tick(ctx, i); err != nil {
			return err
		}
		t := l.target
		if t == "" || t[0] == '#' || t[0] == '/' || schemeRE.MatchString(t) {
			continue
		}
		if j := strings.IndexAny(t, "#?"); j >= 0 {
			t = t[:j]
		}
		if u, err := url.PathUnescape(t); err == nil {
			t = u
		}
		if t == "" {
			continue
		}
		p := path.Join(dir, t)
		what, whatJA := "link", "リンク"
		if l.image {
			what, whatJA = "image", "画像"
		}
		ja := r.doc.kana // a Japanese document gets Japanese messages
		if !fs.ValidPath(p) || strings.HasPrefix(p, "../") || p == ".." {
			r.e.advise("broken-link", finding.Medium, 70, l.start, l.end, "%s", pick(ja,
				fmt.Sprintf("%s target %q points outside the workspace", what, l.target),
				fmt.Sprintf("%sの参照先「%s」がワークスペースの外を指しています", whatJA, l.target)))
			continue
		}
		cands := linkCandidates(p, strings.HasSuffix(t, "/"))
		found, err := anyExists(fsys, cands)
		if err != nil || found {
			continue // a file that cannot be read is not known to be missing
		}
		looked := strings.Join(cands, ", ")
		if path.Ext(p) == "" {
			r.e.advise("broken-link", finding.Medium, 70, l.start, l.end, "%s", pick(ja,
				fmt.Sprintf("no file serves %s target %q (looked for %s)", what, l.target, looked),
				fmt.Sprintf("%sの参照先「%s」に当たるファイルがありません（探したもの: %s）", whatJA, l.target, looked)))
			continue
		}
		r.e.advise("broken-link", finding.High, 90, l.start, l.end, "%s", pick(ja,
			fmt.Sprintf("%s target %q does not exist (looked for %s)", what, l.target, looked),
			fmt.Sprintf("%sの参照先「%s」がありません（探したもの: %s）", whatJA, l.target, looked)))
	}
	return nil
}

// pick returns ja when the document is Japanese, else en.
func pick(ja bool, en, jaText string) string {
	if ja {
		return jaText
	}
	return en
}

// anyExists reports whether any of names exists in fsys; an error other
// than fs.ErrNotExist is returned.
func anyExists(fsys fs.FS, names []string) (bool, error) {
	for _, n := range names {
		_, err := fs.Stat(fsys, n)
		if err == nil {
			return true, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return false, err
		}
	}
	return false, nil
}
