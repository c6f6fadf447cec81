package editorial_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// waitingRun runs chainCouncil with a file gate until the run waits in
// round 1 with the policy's patch applied, and returns the document's path,
// the run folder and the journal's lines.
func waitingRun(t testing.TB) (path, dir string, lines [][]byte) {
	t.Helper()
	path = writeDoc(t.(*testing.T), chainDoc)
	dir = filepath.Join(filepath.Dir(path), ".editorial")
	l := &editorial.Loop{Council: chainCouncil(), Dir: dir, Gate: rounds.FileGate{Path: filepath.Join(dir, editorial.DecisionsName)}}
	if out, _ := l.Run(context.Background(), path); out == nil || out.Reason != loop.AwaitingDecisions {
		t.Fatalf("the run: %+v", out)
	}
	data, err := os.ReadFile(filepath.Join(dir, editorial.JournalName))
	if err != nil {
		t.Fatal(err)
	}
	return path, dir, bytes.SplitAfter(data, []byte("\n"))
}

// renumber rewrites the seq of every line so that they count from 1.
func renumber(t *testing.T, lines [][]byte) [][]byte {
	var out [][]byte
	for i, l := range lines {
		var m map[string]any
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		if err := json.Unmarshal(l, &m); err != nil {
			t.Fatal(err)
		}
		m["seq"] = i + 1
		b, _ := json.Marshal(m)
		out = append(out, append(b, '\n'))
	}
	return out
}

// TestJournalWithoutPatchRecord: a journal whose planned record (the
// patch) was removed while its done record remains is corrupt, for resume and for undo,
// and the error names the record; it never panics.
func TestJournalWithoutPatchRecord(t *testing.T) {
	for _, renum := range []bool{false, true} {
		path, dir, lines := waitingRun(t)
		var kept [][]byte
		for _, l := range lines {
			if !bytes.Contains(l, []byte(`"kind":"planned"`)) {
				kept = append(kept, l)
			}
		}
		if len(kept) != len(lines)-1 {
			t.Fatalf("the journal holds %d planned records, want 1", len(lines)-len(kept))
		}
		if renum {
			kept = renumber(t, kept)
		}
		os.WriteFile(filepath.Join(dir, editorial.JournalName), bytes.Join(kept, nil), 0o644)
		doc := readFile(t, path)
		for name, do := range map[string]func() error{
			"resume": func() error {
				_, err := (&editorial.Loop{Council: chainCouncil(), Dir: dir}).Resume(context.Background(), path)
				return err
			},
			"undo": func() error { _, err := editorial.Undo(dir, 0); return err },
		} {
			err := func() (err error) {
				defer func() {
					if p := recover(); p != nil {
						t.Fatalf("%s panicked: %v", name, p)
					}
				}()
				return do()
			}()
			if !errors.Is(err, journal.ErrCorrupt) || !strings.Contains(err.Error(), "record") && !strings.Contains(err.Error(), "line") {
				t.Errorf("%s (renumbered %v): %v, want ErrJournalCorrupt naming the record", name, renum, err)
			}
			if readFile(t, path) != doc {
				t.Errorf("%s of a corrupt journal changed the document", name)
			}
		}
	}
}

// TestJournalWithBadEdit: a journaled text that is not the text its
// hash (and the run) says the round read is journal corruption, not an
// apply error: the round's edits are never built on it.
func TestJournalWithBadEdit(t *testing.T) {
	path, dir, lines := waitingRun(t)
	var kept [][]byte
	for _, l := range lines { // cut before the round's first write
		if bytes.Contains(l, []byte(`"kind":"planned"`)) {
			break
		}
		if bytes.Contains(l, []byte(`"key":"r1/read"`)) {
			l = bytes.Replace(l, []byte(`alpha`), []byte(`alphx`), 1)
		}
		kept = append(kept, l)
	}
	os.WriteFile(filepath.Join(dir, editorial.JournalName), bytes.Join(kept, nil), 0o644)
	os.WriteFile(path, []byte(chainDoc), 0o644) // as it was when the round reviewed it
	_, err := (&editorial.Loop{Council: chainCouncil(), Dir: dir}).Resume(context.Background(), path)
	if !errors.Is(err, journal.ErrCorrupt) || !strings.Contains(err.Error(), "round 1") {
		t.Errorf("resume: %v, want ErrJournalCorrupt naming round 1", err)
	}
	if readFile(t, path) != chainDoc {
		t.Error("the document was changed")
	}
}
