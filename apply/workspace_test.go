package apply

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
)

// fileProp is a proposal whose finding names file.
func fileProp(key, file, quote, fix string) Proposal {
	p := prop(key, "1", quote, fix)
	p.Finding.File = file
	return p
}

// TestWorkspaceRound is a round over two files: each finding is applied in
// its own file, and every finding naming a file outside the target set is
// refused with its reason, while the files outside the root stay as they
// were. The same quote stands in every file, outside ones included, so a
// finding anchored in the wrong file would show.
func TestWorkspaceRound(t *testing.T) {
	const text = "---\ntitle: x\n---\n吾輩は猫である。\nThe same words.\n"
	d, top := newDir(t, map[string]string{"a.md": text, "docs/b.md": strings.ReplaceAll(text, "\n", "\r\n"), "c.md": text})
	root := filepath.Join(top, "root")
	outside := filepath.Join(top, "outside")
	if err := os.WriteFile(filepath.Join(outside, "secret.md"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, to := range map[string]string{"out": outside, "docs/link.md": filepath.Join(outside, "secret.md"), "rel": "../outside"} {
		if err := os.Symlink(to, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}

	w, err := ReadWorkspace(d, "a.md", "./docs/b.md")
	if err != nil {
		t.Fatal(err)
	}
	if f := w.Files(); len(f) != 2 || f[0].Name != "a.md" || f[1].Name != filepath.Join("docs", "b.md") {
		t.Fatalf("files %+v", f)
	}
	props := []Proposal{
		fileProp("a1", "a.md", "吾輩は猫", "吾輩は犬"),
		fileProp("b1", "docs/b.md", "The same words.\n", "Other words.\n"),
		fileProp("a2", "docs/../a.md", "The same", "The very same"),
		fileProp("none", "", "The same", "x"),
		fileProp("abs", filepath.Join(outside, "secret.md"), "The same", "x"),
		fileProp("up", "../outside/secret.md", "The same", "x"),
		fileProp("up2", "docs/../../outside/secret.md", "The same", "x"),
		fileProp("link", "out/secret.md", "The same", "x"),
		fileProp("rel", "rel/secret.md", "The same", "x"),
		fileProp("filelink", "docs/link.md", "The same", "x"),
		fileProp("other", "c.md", "The same", "x"),
		fileProp("missing", "nowhere.md", "The same", "x"),
		fileProp("front", "a.md", "title: x", "title: y"),
	}
	w.files[0].Protected = []Protected{{Lines: finding.LineRange{Start: 1, End: 3}, Why: "front matter"}}
	files, refused := w.Resolve(props, Options{})

	wantRefused := map[string]error{
		"none": ErrNoFile, "abs": ErrOutsideRoot, "up": ErrOutsideRoot, "up2": ErrOutsideRoot,
		"link": ErrOutsideRoot, "rel": ErrOutsideRoot, "filelink": ErrOutsideRoot,
		"other": ErrNotTarget, "missing": ErrNotTarget,
	}
	wantWhy := map[string]string{"abs": "absolute", "up": "..", "up2": "..", "link": "symbolic link", "rel": "symbolic link", "filelink": "symbolic link"}
	if len(refused) != len(wantRefused) {
		t.Errorf("refused %v, want %d", refused, len(wantRefused))
	}
	for _, s := range refused {
		if want := wantRefused[s.Key]; want == nil || !errors.Is(s.Err, want) {
			t.Errorf("%s refused with %v, want %v", s.Key, s.Err, want)
		}
		if !strings.Contains(s.Err.Error(), s.Key) || !strings.Contains(s.Err.Error(), wantWhy[s.Key]) || strings.Count(s.Err.Error(), "apply:") != 1 {
			t.Errorf("%s: message %q should name the key and say %q, once prefixed", s.Key, s.Err, wantWhy[s.Key])
		}
	}

	wantText := map[string]string{
		"a.md":                        "---\ntitle: x\n---\n吾輩は犬である。\nThe very same words.\n",
		filepath.Join("docs", "b.md"): "---\r\ntitle: x\r\n---\r\n吾輩は猫である。\r\nOther words.\r\n",
	}
	for _, fa := range files {
		if fa.File.Name == "a.md" && (len(fa.Skips) != 1 || fa.Skips[0].Key != "front" || !errors.Is(fa.Skips[0].Err, ErrProtected)) {
			t.Errorf("a.md skips %v, want front refused by its protected front matter", fa.Skips)
		}
		changes, conflicts := Merge(fa.Anchors)
		p, err := NewPatch(fa.File.Text, changes)
		if err != nil || len(conflicts) > 0 {
			t.Fatal(err, conflicts)
		}
		out, err := p.Apply(fa.File.Text)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != wantText[fa.File.Name] {
			t.Errorf("%s: %q, want %q", fa.File.Name, out, wantText[fa.File.Name])
		}
		if err := d.WriteFile(fa.File.Name, out); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{filepath.Join(outside, "secret.md"), filepath.Join(root, "c.md")} {
		if b, err := os.ReadFile(name); err != nil || string(b) != text {
			t.Errorf("%s changed: %q, %v", name, b, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(outside, "secret.txt")); string(b) != "secret" {
		t.Errorf("secret.txt changed: %q", b)
	}
}

func TestWorkspaceSingleTarget(t *testing.T) {
	d, _ := newDir(t, map[string]string{"only.md": "one cat\n"})
	w, err := ReadWorkspace(d, "only.md")
	if err != nil {
		t.Fatal(err)
	}
	files, refused := w.Resolve([]Proposal{fileProp("k", "", "cat", "dog"), fileProp("k2", "only.md", "one", "One")}, Options{})
	if len(refused) != 0 || len(files) != 1 || len(files[0].Anchors) != 2 {
		t.Fatalf("files %+v, refused %v", files, refused)
	}
}

// TestWorkspaceTargets checks that the targets themselves are confined:
// through a symbolic link out, outside the root, not regular, twice.
func TestWorkspaceTargets(t *testing.T) {
	d, top := newDir(t, map[string]string{"a.md": "a\n", "dir/b.md": "b\n"})
	root := filepath.Join(top, "root")
	if err := os.Symlink(filepath.Join(top, "outside"), filepath.Join(root, "out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a.md", filepath.Join(root, "alias.md")); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		names []string
		err   error
	}{
		{[]string{"out/secret.txt"}, ErrOutsideRoot},
		{[]string{"../outside/secret.txt"}, ErrOutsideRoot},
		{[]string{filepath.Join(top, "outside", "secret.txt")}, ErrOutsideRoot},
		{[]string{"alias.md"}, ErrNotRegular},
		{[]string{"dir"}, ErrNotRegular},
		{[]string{"missing.md"}, os.ErrNotExist},
		{[]string{"a.md", "dir/../a.md"}, nil},
		{nil, nil},
	} {
		w, err := ReadWorkspace(d, tt.names...)
		if err == nil || (tt.err != nil && !errors.Is(err, tt.err)) {
			t.Errorf("%v: workspace %v, %v; want %v", tt.names, w, err, tt.err)
		}
	}
	files := []File{{Name: "a.md", Text: []byte("a\n")}, {Name: "out/secret.txt", Text: []byte("x")}}
	if _, err := NewWorkspace(d, files); !errors.Is(err, ErrOutsideRoot) {
		t.Errorf("NewWorkspace with a target through a link out: %v", err)
	}
}
