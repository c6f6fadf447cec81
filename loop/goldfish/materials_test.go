package goldfish

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBundledPersonasAndStandards(t *testing.T) {
	var m Materials
	personas := []string{"design_critic", "structural", "style", "implementation_readiness", "codebase_details", "comprehension", "zoom_out"}
	for _, name := range personas {
		p, rec, err := m.Persona(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if p.Name != name || p.Instructions == "" || rec.Kind != "persona" || len(rec.SHA256) != 64 {
			t.Errorf("%s: persona %+v, record %+v", name, p, rec)
		}
	}
	for _, name := range []string{"feature-spec-standard", "implementation-readiness-standard", "zoom-out-standard", "heilmeier-standard", "re-implementation-standard"} {
		s, rec, err := m.Standard(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if s.Name != name || strings.HasPrefix(s.Text, "---") || !strings.HasPrefix(s.Text, "#") || rec.Bytes != len(s.Text) {
			t.Errorf("%s: standard %q, record %+v", name, s.Text[:min(40, len(s.Text))], rec)
		}
	}
	// Every bundled persona's own standards are bundled too, and every
	// reviewer but the probe audits against at least one.
	seats, err := m.Cast(personas, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range seats {
		if len(s.Standards) == 0 && s.Persona.Name != ProbeName {
			t.Errorf("%s audits against no standard", s.Persona.Name)
		}
	}
}

func TestNamesContainingSlashArePaths(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "team"), 0o755)
	os.WriteFile(filepath.Join(dir, "team", "security.md"), []byte("---\nname: security\nstandards: team/threats.txt\n---\nLook for holes.\r\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "team", "threats.txt"), []byte("\ufeff---\ntitle: x\n---\r\nEvery input is hostile.\r\n"), 0o644)
	m := Materials{Dir: dir}
	if _, err := m.Cast([]string{"team/security", "design_critic"}, nil); err == nil {
		t.Fatal("a path without its .md must not be found")
	}
	seats, err := m.Cast([]string{"team/security.md", "design_critic"}, map[string]string{"design_critic": "implementation-readiness-standard, " + filepath.Join(dir, "team", "threats.txt")})
	if err != nil {
		t.Fatal(err)
	}
	if seats[0].Persona.Name != "security" || len(seats[0].Standards) != 1 || seats[0].Standards[0].Text != "Every input is hostile." || seats[0].Standards[0].Name != "team/threats.txt" {
		t.Errorf("path persona seat: %+v", seats[0])
	}
	if got := seats[1].Persona.Standards; len(got) != 2 || got[0] != "implementation-readiness-standard" || len(seats[1].Materials) != 3 {
		t.Errorf("the map overrides the persona's standards: %v, %d materials", got, len(seats[1].Materials))
	}
}

func TestCastErrors(t *testing.T) {
	var m Materials
	if _, err := m.Cast([]string{"design_critic"}, map[string]string{"structural": "x"}); err == nil || !strings.Contains(err.Error(), "structural") {
		t.Errorf("a map key that is no reviewer: %v", err)
	}
	_, err := m.Cast([]string{"no_such"}, nil)
	if !errors.Is(err, ErrBadMaterial) || !strings.Contains(err.Error(), "known: codebase_details, comprehension, design_critic") {
		t.Errorf("an unknown reviewer: %v", err)
	}
	if _, err := m.Cast([]string{"structural", "structural"}, nil); err == nil {
		t.Error("a reviewer named twice was accepted")
	}
	if _, err := m.Cast([]string{"structural"}, map[string]string{"structural": "nope"}); !errors.Is(err, ErrBadMaterial) {
		t.Errorf("an unknown standard: %v", err)
	}
	if _, err := m.Cast([]string{"../x"}, nil); !errors.Is(err, ErrBadMaterial) {
		t.Errorf("a path outside any folder given as a short name: %v", err)
	}
	seats, err := m.Cast([]string{"comprehension"}, nil)
	if err != nil || len(seats[0].Standards) != 0 {
		t.Errorf("comprehension has no standard: %v %+v", err, seats)
	}
}

func TestContextMaterials(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "ctx", "sub"), 0o755)
	os.MkdirAll(filepath.Join(dir, "ctx", ".git"), 0o755)
	os.WriteFile(filepath.Join(dir, "ctx", "b.md"), []byte("bee"), 0o644)
	os.WriteFile(filepath.Join(dir, "ctx", "sub", "a.go"), []byte("package a\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "ctx", ".git", "HEAD"), []byte("ref"), 0o644)
	os.WriteFile(filepath.Join(dir, "ctx", "bin"), []byte{0, 1, 2}, 0o644)
	os.WriteFile(filepath.Join(dir, "glossary.md"), []byte("日本語の用語集\r\n"), 0o644)
	m := Materials{Dir: dir}
	refs, recs, err := m.ContextMaterials([]string{"glossary.md", "ctx", "ctx/b.md"})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range recs {
		names = append(names, r.Name)
	}
	if got := strings.Join(names, ","); got != "glossary.md,ctx/b.md,ctx/sub/a.go" {
		t.Errorf("materials %s", got)
	}
	if refs[0].Text != "日本語の用語集\r\n" || refs[0].Name != "context: glossary.md" {
		t.Errorf("reference %+v", refs[0])
	}
	if want := material("context", "ctx/b.md", []byte("bee")); recs[1] != want {
		t.Errorf("record %+v, want %+v", recs[1], want)
	}
	if _, _, err := m.ContextMaterials([]string{"ctx/bin"}); !errors.Is(err, ErrBadMaterial) {
		t.Errorf("a binary file given by name: %v", err)
	}
	if _, _, err := m.ContextMaterials([]string{"https://example.com/spec"}); !errors.Is(err, ErrBadMaterial) || !strings.Contains(err.Error(), "URL") {
		t.Errorf("a URL: %v", err)
	}
	m.MaxContextBytes = 5
	if _, _, err := m.ContextMaterials([]string{"ctx"}); !errors.Is(err, ErrBadMaterial) {
		t.Errorf("over the limit: %v", err)
	}
}
