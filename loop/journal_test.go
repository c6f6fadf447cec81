package loop_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
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
	file, _ := json.Marshal(filepath.Join(t.TempDir(), "x.md"))
	start := `{"seq":1,"kind":"start","data":{"file":` + string(file) + `,"base":"` + strings.Repeat("0", 64) + `","max_rounds":3}}` + "\n"
	for name, tc := range map[string]struct{ lines, want string }{
		"patch without a patch":    {start + `{"seq":2,"kind":"items","round":1,"data":{"text":"` + strings.Repeat("0", 64) + `"}}` + "\n" + `{"seq":3,"kind":"patch","round":1,"data":{"phase":1}}`, "holds no patch"},
		"bad phase":                {start + `{"seq":2,"kind":"items","round":1,"data":{"text":"` + strings.Repeat("0", 64) + `"}}` + "\n" + `{"seq":3,"kind":"applied","round":1,"data":{"phase":7}}`, "phase 7"},
		"record before start":      {`{"seq":1,"kind":"decision","round":1,"data":{"key":"a"}}`, "before the run's start"},
		"unknown kind":             {start + `{"seq":2,"kind":"items","round":1,"data":{"text":"` + strings.Repeat("0", 64) + `"}}` + "\n" + `{"seq":3,"kind":"mystery","round":1}`, "unknown kind"},
		"short base":               {strings.TrimSpace(strings.Replace(start, strings.Repeat("0", 64), "00", 1)), "not a SHA-256"},
		"a round far ahead":        {start + `{"seq":2,"kind":"review","round":3,"data":{"report":{}}}`, "round 3 while round 0"},
		"a round past the cap":     {start + `{"seq":2,"kind":"review","round":1000000000,"data":{"report":{}}}`, "outside 1 to 3"},
		"seq out of order":         {start + `{"seq":3,"kind":"end","data":{}}`, "line 2 holds record 3"},
		"payload of a wrong shape": {start + `{"seq":2,"kind":"review","round":1,"data":[1]}`, "record 2 (review)"},
	} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, loop.JournalName), []byte(tc.lines+"\n"), 0o644)
		if _, err := loop.Undo(dir, 0); !errors.Is(err, loop.ErrJournalCorrupt) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want ErrJournalCorrupt saying %q", name, err, tc.want)
		}
	}
}
