package loop_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
)

func TestJournalTornTail(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j, recs, err := loop.OpenJournal(path)
	if err != nil || len(recs) != 0 {
		t.Fatalf("open new: %v, %d records", err, len(recs))
	}
	for i := range 3 {
		if _, err := j.Append("step", 1, map[string]int{"i": i}); err != nil {
			t.Fatal(err)
		}
	}
	j.Close()
	// A crash in the middle of a write leaves half a line.
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"seq":4,"kind":"st`)
	f.Close()

	j, recs, err = loop.OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 || recs[2].Seq != 3 {
		t.Fatalf("reopened with %d records, want the 3 complete ones", len(recs))
	}
	rec, err := j.Append("step", 1, map[string]int{"i": 3})
	if err != nil || rec.Seq != 4 {
		t.Fatalf("append after reopen: seq %d, %v", rec.Seq, err)
	}
	j.Close()
	recs, err = loop.ReadJournal(path)
	if err != nil || len(recs) != 4 {
		t.Fatalf("read: %d records, %v; the torn tail must be gone", len(recs), err)
	}
	var v map[string]int
	if err := recs[3].Decode(&v); err != nil || v["i"] != 3 {
		t.Errorf("decode: %v %v", v, err)
	}
}

func TestJournalCorruptLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	os.WriteFile(path, []byte("{\"seq\":1,\"kind\":\"start\"}\nnot json\n{\"seq\":3}\n"), 0o644)
	if _, _, err := loop.OpenJournal(path); !errors.Is(err, loop.ErrJournalCorrupt) {
		t.Errorf("err = %v, want ErrJournalCorrupt", err)
	}
}

// TestReplayRefusesBadRecords: a journal whose records do not make sense
// is reported, not trusted (and never panics).
func TestReplayRefusesBadRecords(t *testing.T) {
	for name, lines := range map[string]string{
		"patch without a patch": `{"seq":1,"kind":"start","data":{"file":"x","base":"00"}}` + "\n" + `{"seq":2,"kind":"patch","round":1,"data":{"phase":1}}`,
		"bad phase":             `{"seq":1,"kind":"start","data":{"file":"x","base":"00"}}` + "\n" + `{"seq":2,"kind":"applied","round":1,"data":{"phase":7}}`,
		"record before start":   `{"seq":1,"kind":"decision","round":1,"data":{"key":"a"}}`,
		"unknown kind":          `{"seq":1,"kind":"start","data":{"file":"x","base":"00"}}` + "\n" + `{"seq":2,"kind":"mystery","round":1}`,
	} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, loop.JournalName), []byte(lines+"\n"), 0o644)
		if _, err := loop.Undo(dir, 0); !errors.Is(err, loop.ErrJournalCorrupt) {
			t.Errorf("%s: %v, want ErrJournalCorrupt", name, err)
		}
	}
}
