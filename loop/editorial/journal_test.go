package editorial_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// TestReplayRefusesBadRecords: a journal whose records do not make sense
// is reported, not trusted (and never panics): the kernel's checks of the
// records (journal.Open) and the driver's of its own values.
func TestReplayRefusesBadRecords(t *testing.T) {
	root := t.TempDir()
	file, _ := json.Marshal(filepath.Join(root, "x.md"))
	rootJSON, _ := json.Marshal(root)
	head := `{"seq":1,"kind":"journal","data":{"format":"kaigi-journal","version":2,"driver":"editorial-swarm"}}` + "\n"
	start := head + `{"seq":2,"kind":"step","key":"start","data":{"root":` + string(rootJSON) + `,"docs":[{"file":` + string(file) + `,"name":"x.md","base":"` + strings.Repeat("0", 64) + `"}],"max_rounds":3}}` + "\n"
	for name, tc := range map[string]struct {
		lines, want string
		is          error
	}{
		"planned without a patch":  {start + `{"seq":3,"kind":"planned","key":"r1/policy","data":{"files":[{"name":"x.md"}]}}`, "without name or patch", journal.ErrCorrupt},
		"done before planned":      {start + `{"seq":3,"kind":"done","key":"r1/policy","data":{}}`, "record 3", journal.ErrCorrupt},
		"record before the header": {`{"seq":1,"kind":"step","key":"start","data":{}}`, "format 1", journal.ErrFormat},
		"another driver":           {strings.Replace(head, "editorial-swarm", "goldfish", 1), "goldfish", journal.ErrFormat},
		"unknown kind":             {start + `{"seq":3,"kind":"mystery"}`, "mystery", journal.ErrUnknownKind},
		"relative file":            {strings.Replace(start, string(file), `"x.md"`, 1), "x.md", journal.ErrCorrupt},
		"no round cap":             {strings.Replace(start, `"max_rounds":3`, `"max_rounds":0`, 1), "round cap of 0", journal.ErrCorrupt},
		"seq out of order":         {start + `{"seq":4,"kind":"editorial.end","data":{}}`, "record 4 follows record 2", journal.ErrCorrupt},
		"payload of a wrong shape": {head + `{"seq":2,"kind":"step","key":"start","data":[1]}`, "record 2 (step start)", journal.ErrCorrupt},
		"a step twice":             {start + `{"seq":3,"kind":"step","key":"start","data":{}}`, "journaled twice", journal.ErrCorrupt},
	} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, editorial.JournalName), []byte(tc.lines+"\n"), 0o644)
		if _, err := editorial.Undo(dir, 0); !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %v saying %q", name, err, tc.is, tc.want)
		}
	}
}
