package rounds_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// TestDecisionsFileMessages: a decisions file the gate cannot use is
// refused with a message naming the real problem; a BOM is no problem.
func TestDecisionsFileMessages(t *testing.T) {
	batch := rounds.Batch{Items: []loop.Item{{Key: "r1/a/F001"}, {Key: "r1/a/F002"}}}
	for _, tc := range []struct {
		name, data string
		want       string // "" means accepted
	}{
		{"bom", "\ufeff[{\"key\": \"r1/a/F001\", \"action\": \"apply\"}]", ""},
		{"bom crlf", "\ufeff[\r\n  {\"key\": \"r1/a/F001\", \"action\": \"reject\", \"reason\": \"no\"}\r\n]\r\n", ""},
		{"pending copy", `[{"key": "r1/a/F001", "label": "[low/90] a: x", "lines": "1", "action": "", "reason": ""}]`, ""},
		{"object", `{"key": "r1/a/F001", "action": "apply"}`, "holds a JSON object; want an array of decisions"},
		{"string", `"apply"`, "holds a JSON string; want an array"},
		{"duplicate", `[{"key": "r1/a/F001", "action": "apply"}, {"key": "r1/a/F002", "action": "defer"}, {"key": "r1/a/F001", "action": "reject"}]`,
			"r1/a/F001 is decided twice (entries 1 and 3)"},
		{"entry not an object", `[{"key": "r1/a/F001", "action": "apply"}, "r1/a/F002"]`, "entry 2 is a JSON string; want an object"},
		{"action a number", `[{"key": "r1/a/F001", "action": 1}]`, `entry 1: "action" is a JSON number; want a string`},
		{"no key", `[{"action": "apply"}]`, `entry 1 has no "key"`},
		{"syntax", "[\n  {\"key\": \"r1/a/F001\", \"action\": \"apply\"},\n  {\"key\": \"r1/a/F002\" \"action\": \"apply\"}\n]", "line 3, column 23"},
		{"empty", "", "the file is empty"},
		{"utf-16le", "\xff\xfe[\x00]\x00", "the file is UTF-16LE (UTF-16, little-endian); save it as UTF-8"},
		{"utf-16be no bom", "\x00[\x00{\x00}\x00]", "the file is UTF-16BE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "decisions.json")
			os.WriteFile(p, []byte(tc.data), 0o644)
			ds, err := rounds.FileGate{Path: p}.Approve(context.Background(), batch)
			if tc.want == "" {
				if err != nil || len(ds) > 1 || len(ds) == 1 && ds[0].Key != "r1/a/F001" {
					t.Fatalf("Approve = %+v, %v; want the file accepted", ds, err)
				}
				return
			}
			if !errors.Is(err, rounds.ErrBadDecisions) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Approve = %v; want ErrBadDecisions saying %q", err, tc.want)
			}
			for _, goType := range []string{"struct", "[]json", "Go value", "ï"} {
				if strings.Contains(err.Error(), goType) {
					t.Errorf("the message speaks Go, not the file's problem: %v", err)
				}
			}
		})
	}
}

// TestPendingIsWhatFileGateReads: pending.json's entries, their actions
// filled in, are a decisions file: FileGate takes the decided ones.
func TestPendingIsWhatFileGateReads(t *testing.T) {
	entries := []rounds.Pending{
		{Key: "r1/a/F001", Label: "[high/80] a: 出典がない", Lines: "3", Quote: "42%", Fix: "約40%", Action: "apply"},
		{Key: "r1/b/F001", Label: "[low/70] b: filler", Lines: "5", Action: "reject", Reason: "the author's voice"},
		{Key: "r1/c/F001", Label: "[low/60] c: advice", Lines: "7"},
	}
	data, _ := json.Marshal(entries)
	p := filepath.Join(t.TempDir(), "decisions.json")
	os.WriteFile(p, data, 0o644)
	batch := rounds.Batch{Items: []loop.Item{{Key: "r1/a/F001"}, {Key: "r1/b/F001"}, {Key: "r1/c/F001"}}}
	ds, err := rounds.FileGate{Path: p}.Approve(context.Background(), batch)
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) != 2 || ds[0].Key != "r1/a/F001" || ds[0].Action != rounds.Apply || ds[1].Action != rounds.Reject || ds[1].Reason != "the author's voice" {
		t.Fatalf("decisions %+v", ds)
	}
}

// TestDecisionsFileUnknownKeys: a decisions file naming a key that is no
// finding of the round the gate asks about (a typo, a later round, not a
// key at all) is refused naming each such entry; keys of the round's
// other pages and of earlier rounds are not unknown.
func TestDecisionsFileUnknownKeys(t *testing.T) {
	p := filepath.Join(t.TempDir(), "decisions.json")
	batch := rounds.Batch{Round: 2, Page: 1, Pages: 2, Items: []loop.Item{{Key: "r2/a/F001"}},
		Keys: []string{"r2/a/F001", "r2/b/F001"}}
	os.WriteFile(p, []byte(`[{"key": "r1/a/F001", "action": "apply"}, {"key": "r2/b/F001", "action": "reject"}, {"key": "r2/a/F001", "action": "apply"}]`), 0o644)
	ds, err := rounds.FileGate{Path: p}.Approve(context.Background(), batch)
	if err != nil || len(ds) != 1 || ds[0].Key != "r2/a/F001" {
		t.Fatalf("Approve = %+v, %v; want the batch's decision, the earlier round's and the other page's ignored", ds, err)
	}
	os.WriteFile(p, []byte(`[{"key": "r2/a/F001", "action": "apply"}, {"key": "r2/fact-cheker/F001", "action": "apply"}, {"key": "r3/a/F001", "action": "apply"}, {"key": "F002", "action": "reject"}]`), 0o644)
	_, err = rounds.FileGate{Path: p}.Approve(context.Background(), batch)
	if !errors.Is(err, rounds.ErrBadDecisions) {
		t.Fatalf("Approve = %v; want ErrBadDecisions", err)
	}
	for _, want := range []string{"entry 2 (r2/fact-cheker/F001)", "entry 3 (r3/a/F001)", "entry 4 (F002)", "pending.json"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the message does not name %q: %v", want, err)
		}
	}
	if strings.Contains(err.Error(), "entry 1") {
		t.Errorf("the message names a known key: %v", err)
	}
}
