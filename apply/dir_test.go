package apply

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// newDir makes a root folder holding the given files, next to a folder
// "outside" holding secret.txt, and opens the root.
func newDir(t *testing.T, files map[string]string) (*Dir, string) {
	t.Helper()
	top := t.TempDir()
	root := filepath.Join(top, "root")
	for _, p := range []string{root, filepath.Join(top, "outside")} {
		if err := os.Mkdir(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(top, "outside", "secret.txt"), []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d, err := OpenDir(root)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d, top
}

func TestDirConfinement(t *testing.T) {
	d, top := newDir(t, map[string]string{"doc.md": "hello\n"})
	root := filepath.Join(top, "root")
	secret := filepath.Join(top, "outside", "secret.txt")
	if err := os.Symlink(secret, filepath.Join(root, "to-secret")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(top, "outside"), filepath.Join(root, "to-outside")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../outside/secret.txt", filepath.Join(root, "relative-link")); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{
		"",
		secret,
		"../outside/secret.txt",
		"a/../../outside/secret.txt",
		"to-secret",
		"relative-link",
		"to-outside/secret.txt",
		"to-outside/new.txt",
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := d.ReadFile(name); !errors.Is(err, ErrOutsideRoot) {
				t.Errorf("ReadFile(%q) = %v, want ErrOutsideRoot", name, err)
			}
			err := d.WriteFile(name, []byte("pwned"))
			if !errors.Is(err, ErrOutsideRoot) {
				t.Errorf("WriteFile(%q) = %v, want ErrOutsideRoot", name, err)
			}
			if name != "" && !strings.Contains(err.Error(), name) {
				t.Errorf("error %q does not name the file", err)
			}
		})
	}
	if b, _ := os.ReadFile(secret); string(b) != "secret" {
		t.Fatalf("the file outside the root was changed: %q", b)
	}
	if _, err := os.Stat(filepath.Join(top, "outside", "new.txt")); err == nil {
		t.Fatal("a file was created outside the root")
	}
	// A name with ".." that stays inside is fine.
	if b, err := d.ReadFile("sub/../doc.md"); err != nil || string(b) != "hello\n" {
		t.Errorf("ReadFile(sub/../doc.md) = %q, %v", b, err)
	}
}

func TestWriteFileRefusesLinkInsideRoot(t *testing.T) {
	d, top := newDir(t, map[string]string{"doc.md": "hello\n"})
	if err := os.Symlink("doc.md", filepath.Join(top, "root", "alias.md")); err != nil {
		t.Fatal(err)
	}
	if err := d.WriteFile("alias.md", []byte("x")); !errors.Is(err, ErrNotRegular) {
		t.Errorf("WriteFile over a link = %v, want ErrNotRegular", err)
	}
	if err := d.WriteFile(".", []byte("x")); err == nil {
		t.Error("WriteFile over the root folder succeeded")
	}
}

func TestWriteFileKeepsMode(t *testing.T) {
	d, top := newDir(t, map[string]string{"sub/doc.md": "old\r\n"})
	p := filepath.Join(top, "root", "sub", "doc.md")
	if err := os.Chmod(p, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := d.WriteFile("sub/doc.md", []byte("new\r\n")); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", fi.Mode().Perm())
	}
	if b, _ := os.ReadFile(p); string(b) != "new\r\n" {
		t.Errorf("content %q", b)
	}
	if err := d.WriteFile("sub/fresh.md", []byte("x")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(filepath.Join(top, "root", "sub", "fresh.md")); fi.Mode().Perm() != 0o644 {
		t.Errorf("new file mode %v, want 0644", fi.Mode().Perm())
	}
	assertNoTemp(t, filepath.Join(top, "root", "sub"))
}

func TestWriteFileFailureLeavesOriginal(t *testing.T) {
	for _, step := range []string{"write", "sync", "rename"} {
		t.Run(step, func(t *testing.T) {
			d, top := newDir(t, map[string]string{"doc.md": "original\n"})
			boom := errors.New("disk on fire")
			d.fail = func(s string) error {
				if s == step {
					return boom
				}
				return nil
			}
			if err := d.WriteFile("doc.md", []byte("replaced\n")); !errors.Is(err, boom) {
				t.Fatalf("WriteFile = %v, want the injected error", err)
			}
			if b, _ := os.ReadFile(filepath.Join(top, "root", "doc.md")); string(b) != "original\n" {
				t.Errorf("original changed to %q", b)
			}
			assertNoTemp(t, filepath.Join(top, "root"))
		})
	}
}

// assertNoTemp fails when folder holds anything but the expected files.
func assertNoTemp(t *testing.T, folder string) {
	t.Helper()
	entries, err := os.ReadDir(folder)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

// TestFolderSyncBestEffort checks that a failure to sync the folder,
// which comes after the rename (and always happens on Windows), does not
// fail WriteFile: the new content is in place.
func TestFolderSyncBestEffort(t *testing.T) {
	d, top := newDir(t, map[string]string{"doc.md": "original\n"})
	failed := false
	d.fail = func(step string) error {
		if step == "sync folder" {
			failed = true
			return errors.New("folder sync not supported")
		}
		return nil
	}
	if err := d.WriteFile("doc.md", []byte("replaced\n")); err != nil {
		t.Errorf("WriteFile = %v, want nil", err)
	}
	if !failed {
		t.Error("the folder sync step was not reached")
	}
	if b, _ := os.ReadFile(filepath.Join(top, "root", "doc.md")); string(b) != "replaced\n" {
		t.Errorf("content %q", b)
	}
}
