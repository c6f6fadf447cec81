package editorial_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// fileMark stands for the document's absolute path in the fuzzer's
// journals, so that they (and the committed seeds) hold no path of the
// machine that made them.
const fileMark = "@FILE@"

// realJournal is a journal a scripted run wrote, with the document as the
// run left it.
type realJournal struct {
	name    string
	council func() council.Council
	journal []byte // with the document's path replaced by fileMark
	doc     string // the document as the run left it
	orig    string // the document before the run
}

// realJournals makes the journals the fuzzer mutates: a run waiting at
// the gate, a finished run, a finished run partly undone, and a run whose
// gate applied edits.
func realJournals(f *testing.F) []realJournal {
	ctx := context.Background()
	var out []realJournal
	for _, tc := range []struct {
		name    string
		council func() council.Council
		doc     string
		script  func(l *editorial.Loop, path, dir string) error
	}{
		{"waiting", chainCouncil, chainDoc, func(l *editorial.Loop, path, dir string) error {
			l.Gate = rounds.FileGate{Path: filepath.Join(dir, editorial.DecisionsName)}
			_, err := l.Run(ctx, path)
			return err
		}},
		{"finished", chainCouncil, chainDoc, func(l *editorial.Loop, path, dir string) error {
			_, err := l.Run(ctx, path)
			return err
		}},
		{"undone", chainCouncil, chainDoc, func(l *editorial.Loop, path, dir string) error {
			if _, err := l.Run(ctx, path); !errors.Is(err, loop.ErrNotConverged) {
				return err
			}
			_, err := l.Undo(ctx, 2)
			return err
		}},
		{"gate", twoMediums, "foo line\nbaz line\n42% line\n", func(l *editorial.Loop, path, dir string) error {
			decisions := filepath.Join(dir, editorial.DecisionsName)
			l.Gate = rounds.FileGate{Path: decisions}
			if _, err := l.Run(ctx, path); !errors.Is(err, loop.ErrNotConverged) {
				return err
			}
			os.WriteFile(decisions, []byte(`[{"key":"r1/r/F001","action":"apply"},{"key":"r1/r/F002","action":"reject","reason":"no"},{"key":"r1/r/F003","action":"defer"}]`), 0o644)
			_, err := l.Resume(ctx, path)
			return err
		}},
	} {
		top := f.TempDir()
		path := filepath.Join(top, "article.md")
		dir := filepath.Join(top, ".editorial")
		os.WriteFile(path, []byte(tc.doc), 0o644)
		l := &editorial.Loop{Council: tc.council(), Dir: dir}
		if err := tc.script(l, path, dir); err != nil && !errors.Is(err, loop.ErrNotConverged) {
			f.Fatalf("%s: %v", tc.name, err)
		}
		data, err := os.ReadFile(filepath.Join(dir, editorial.JournalName))
		if err != nil {
			f.Fatal(err)
		}
		quoted, _ := json.Marshal(path)
		data = bytes.ReplaceAll(data, quoted[1:len(quoted)-1], []byte(fileMark))
		doc, _ := os.ReadFile(path)
		out = append(out, realJournal{name: tc.name, council: tc.council, journal: data, doc: string(doc), orig: tc.doc})
	}
	return out
}

// mutate applies ops, two bytes each (operation, line), to the journal's
// lines: delete, duplicate, swap with the next, replace with splice,
// insert splice, cut the file short, renumber every record from 1.
func mutate(journal []byte, ops []byte, splice string) []byte {
	lines := bytes.SplitAfter(journal, []byte("\n"))
	if len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	line := []byte(splice)
	if !bytes.HasSuffix(line, []byte("\n")) {
		line = append(line, '\n')
	}
	for k := 0; k+1 < len(ops) && k < 32; k += 2 {
		if len(lines) == 0 {
			lines = append(lines, line)
			continue
		}
		i := int(ops[k+1]) % len(lines)
		switch ops[k] % 7 {
		case 0:
			lines = append(lines[:i:i], lines[i+1:]...)
		case 1:
			lines = append(lines[:i+1:i+1], lines[i:]...)
		case 2:
			if i+1 < len(lines) {
				lines[i], lines[i+1] = lines[i+1], lines[i]
			}
		case 3:
			lines[i] = line
		case 4:
			lines = append(lines[:i:i], append([][]byte{line}, lines[i:]...)...)
		case 5:
			j := bytes.Join(lines, nil)
			return j[:len(j)*int(ops[k+1])/256]
		case 6:
			for n, l := range lines {
				var m map[string]any
				if json.Unmarshal(l, &m) == nil && m != nil {
					m["seq"] = n + 1
					b, _ := json.Marshal(m)
					lines[n] = append(b, '\n')
				}
			}
		}
	}
	return bytes.Join(lines, nil)
}

// typed reports whether err is nil or one of the errors Run, Undo and the
// journal readers document.
func typed(err error) bool {
	if err == nil {
		return true
	}
	for _, want := range []error{journal.ErrCorrupt, journal.ErrFormat, journal.ErrUnknownKind, journal.ErrNondeterministic, journal.ErrUndone, journal.ErrChanged, loop.ErrNotConverged, loop.ErrNothingToResume,
		rounds.ErrNothingToUndo, rounds.ErrDocumentChanged, loop.ErrOtherFile, loop.ErrFolderMoved,
		rounds.ErrConflictingApprovals, loop.ErrNotWritable, fs.ErrNotExist} {
		if errors.Is(err, want) {
			return true
		}
	}
	return false
}

// FuzzJournal mutates real journals (lines deleted, repeated, swapped,
// replaced, cut short, renumbered), with the document as the run left it
// or as it was before (which's high bit), and hands them to the journal readers,
// a resumed run and Undo: none may panic, every error must be one they
// document, and a journal they accepted must still be accepted after they
// appended to it.
func FuzzJournal(f *testing.F) {
	journals := realJournals(f)
	for i, j := range journals {
		lines := bytes.SplitAfter(j.journal, []byte("\n"))
		f.Add(uint8(i), []byte{}, "")
		for k, l := range lines {
			if len(l) > 0 {
				f.Add(uint8(i), []byte{0, byte(k)}, "")
				f.Add(uint8(i), []byte{1, byte(k)}, "")
				f.Add(uint8(i), []byte{0, byte(k), 6, 0}, "")
				f.Add(uint8(i), []byte{3, byte(k)}, string(l))
				f.Add(uint8(i)|0x80, []byte{5, byte(k * 256 / len(lines))}, "")
			}
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, ops []byte, splice string) {
		rj := journals[int(which)%len(journals)]
		top := t.TempDir()
		path := filepath.Join(top, "article.md")
		dir := filepath.Join(top, ".editorial")
		doc := rj.doc
		if which&0x80 != 0 { // as before the run: for journals cut before a patch
			doc = rj.orig
		}
		os.WriteFile(path, []byte(doc), 0o644)
		os.Mkdir(dir, 0o755)
		quoted, _ := json.Marshal(path)
		data := bytes.ReplaceAll(mutate(rj.journal, ops, splice), []byte(fileMark), quoted[1:len(quoted)-1])
		jpath := filepath.Join(dir, editorial.JournalName)
		os.WriteFile(jpath, data, 0o644)

		if _, _, err := journal.Parse(data); err != nil && !errors.Is(err, journal.ErrCorrupt) {
			t.Fatalf("Parse: %v", err)
		}
		_, err := editorial.JournaledFile(dir)
		if !typed(err) {
			t.Fatalf("JournaledFile: %v", err)
		}
		accepted := err == nil
		l := &editorial.Loop{Council: rj.council(), Dir: dir, Gate: rounds.FileGate{Path: filepath.Join(dir, editorial.DecisionsName)}}
		if _, err := l.Resume(context.Background(), path); !typed(err) {
			t.Fatalf("resume: %v", err)
		}
		if _, err := editorial.Undo(dir, 0); !typed(err) {
			t.Fatalf("undo: %v", err)
		}
		if _, err := editorial.JournaledFile(dir); accepted && errors.Is(err, journal.ErrCorrupt) {
			t.Fatalf("resume and undo left a journal replay refuses: %v", err)
		}
	})
}
