package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
)

// sampleWorkspace copies the bundled sample into a new folder.
func sampleWorkspace(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, name := range []string{"spec.json", "announcement.md"} {
		data, err := sample.ReadFile("sample/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// utf16Of encodes s as UTF-16 in order, with a byte order mark.
func utf16Of(s string, order binary.AppendByteOrder) []byte {
	out := order.AppendUint16(nil, 0xFEFF)
	for _, u := range utf16.Encode([]rune(s)) {
		out = order.AppendUint16(out, u)
	}
	return out
}

// TestBadInputs: a run refused at once (stray arguments, a -root that is a
// file or missing, a UTF-16 spec or target, bad flags, a bad spec) says
// what was wrong, exits 1, creates no folder, and does not block the next
// run.
func TestBadInputs(t *testing.T) {
	noKeys(t)
	for _, tc := range []struct {
		name  string
		setup func(root string) []string // the arguments
		want  []string
		never string
	}{
		{"stray arguments", func(root string) []string {
			return []string{"-spec", filepath.Join(root, "spec.json"), "-root", root, "extra1", "extra2"}
		}, []string{`unexpected arguments "extra1" "extra2"`}, ""},
		{"root is a file", func(root string) []string {
			return []string{"-spec", filepath.Join(root, "spec.json"), "-root", filepath.Join(root, "announcement.md")}
		}, []string{"announcement.md is a file, not a folder"}, "does not exist in the workspace"},
		{"root missing", func(root string) []string {
			return []string{"-spec", filepath.Join(root, "spec.json"), "-root", filepath.Join(root, "nosuchdir")}
		}, []string{"nosuchdir does not exist"}, "lstat"},
		{"UTF-16LE spec", func(root string) []string {
			data, _ := os.ReadFile(filepath.Join(root, "spec.json"))
			os.WriteFile(filepath.Join(root, "spec16.json"), utf16Of(string(data), binary.LittleEndian), 0o644)
			return []string{"-spec", filepath.Join(root, "spec16.json"), "-root", root}
		}, []string{"spec16.json is UTF-16LE", "convert it to UTF-8"}, "invalid character"},
		{"UTF-16BE spec", func(root string) []string {
			data, _ := os.ReadFile(filepath.Join(root, "spec.json"))
			os.WriteFile(filepath.Join(root, "spec16.json"), utf16Of(string(data), binary.BigEndian), 0o644)
			return []string{"-spec", filepath.Join(root, "spec16.json"), "-root", root}
		}, []string{"spec16.json is UTF-16BE", "convert it to UTF-8"}, "invalid character"},
		{"UTF-16 target", func(root string) []string {
			data, _ := os.ReadFile(filepath.Join(root, "announcement.md"))
			os.WriteFile(filepath.Join(root, "announcement16.md"), utf16Of(string(data), binary.LittleEndian), 0o644)
			spec, _ := os.ReadFile(filepath.Join(root, "spec.json"))
			os.WriteFile(filepath.Join(root, "spec16.json"), bytes.ReplaceAll(spec, []byte(`"announcement.md"`), []byte(`"announcement16.md"`)), 0o644)
			return []string{"-spec", filepath.Join(root, "spec16.json"), "-root", root}
		}, []string{"announcement16.md is UTF-16LE"}, ""},
		{"resume of nothing", func(root string) []string {
			return []string{"-spec", filepath.Join(root, "spec.json"), "-root", root, "-resume"}
		}, []string{"nothing to resume"}, ""},
		{"bad flag", func(root string) []string {
			return []string{"-spec", filepath.Join(root, "spec.json"), "-root", root, "-rounds", "3"}
		}, []string{"flag provided but not defined: -rounds"}, ""},
		{"bad spec", func(root string) []string {
			os.WriteFile(filepath.Join(root, "bad.json"), []byte(`{"id": "release-notes-review", "topic": "t", "participants": [], "targets": ["announcement.md"]}`), 0o644)
			return []string{"-spec", filepath.Join(root, "bad.json"), "-root", root}
		}, []string{"participants: 0 participant(s)"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := sampleWorkspace(t)
			var out, errb bytes.Buffer
			code := run(context.Background(), tc.setup(root), &out, &errb)
			if code != exitError {
				t.Errorf("exit %d, want %d", code, exitError)
			}
			for _, w := range tc.want {
				if !strings.Contains(errb.String(), w) {
					t.Errorf("stderr lacks %q:\n%s", w, errb.String())
				}
			}
			if tc.never != "" && strings.Contains(errb.String(), tc.never) {
				t.Errorf("stderr says %q:\n%s", tc.never, errb.String())
			}
			if _, err := os.Stat(filepath.Join(root, ".discussion")); !os.IsNotExist(err) {
				t.Errorf("the refused run left .discussion (%v)", err)
			}
			out.Reset()
			errb.Reset()
			if code := run(context.Background(), []string{"-spec", filepath.Join(root, "spec.json"), "-root", root}, &out, &errb); code != exitOK {
				t.Errorf("the next run: exit %d: %s", code, errb.String())
			}
		})
	}
}

// TestOriginalSpecFile: a spec file in the original's shape (no id, no
// targets, a name_note, a verdict example) runs with -id and -targets,
// its verdict holding the example's fields; without them the command says
// which flags to give; a flag that contradicts the spec is refused.
func TestOriginalSpecFile(t *testing.T) {
	noKeys(t)
	root := sampleWorkspace(t)
	data, err := os.ReadFile(filepath.Join("..", "..", "loop", "discussion", "testdata", "original", "docs_release_gate_spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	orig := filepath.Join(root, "gate.json")
	os.WriteFile(orig, data, 0o644)
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"-spec", orig, "-root", root}, &out, &errb); code != exitError ||
		!strings.Contains(errb.String(), "has no id (give one with -id) and no targets (give them with -targets") {
		t.Errorf("without -id and -targets: exit %d: %s", code, errb.String())
	}
	errb.Reset()
	code := run(context.Background(), []string{"-spec", orig, "-root", root, "-id", "gate", "-targets", "announcement.md"}, &out, &errb)
	if code == exitError {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	verdict, err := os.ReadFile(filepath.Join(root, ".discussion", "gate", "verdict.json"))
	if err != nil || !strings.Contains(string(verdict), `"decisions": []`) || !strings.Contains(string(verdict), `"open_questions": []`) {
		t.Errorf("verdict.json: %v\n%s", err, verdict)
	}
	if !strings.Contains(out.String(), "-id gate -targets announcement.md") {
		t.Errorf("the resume command lacks the flags:\n%s", out.String())
	}
	errb.Reset()
	if code := run(context.Background(), []string{"-spec", filepath.Join(root, "spec.json"), "-root", root, "-id", "other"}, &out, &errb); code != exitError ||
		!strings.Contains(errb.String(), "-id other, but the spec") {
		t.Errorf("a contradicting -id: exit %d: %s", code, errb.String())
	}
}
