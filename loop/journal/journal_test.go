package journal

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func open(t *testing.T, path string, o Options) *Journal {
	t.Helper()
	j, err := Open(path, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	return j
}

func TestOpenWritesHeaderAndReopens(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	o := Options{Driver: "test", Kinds: []string{"note"}}
	j := open(t, path, o)
	if _, err := j.Append("note", "", map[string]int{"n": 1}); err != nil {
		t.Fatal(err)
	}
	j.Close()
	j = open(t, path, o)
	recs := j.Records()
	if len(recs) != 2 || recs[0].Kind != KindHeader || recs[1].Kind != "note" || recs[1].Seq != 2 {
		t.Fatalf("records after reopen: %+v", recs)
	}
	var v map[string]int
	if err := recs[1].Decode(&v); err != nil || v["n"] != 1 {
		t.Fatalf("decode: %v %v", v, err)
	}
}

func TestOpenRefuses(t *testing.T) {
	header := `{"seq":1,"time":"2026-01-01T00:00:00Z","kind":"journal","data":{"format":"kaigi-journal","version":2,"driver":"test"}}` + "\n"
	cases := []struct {
		name, text string
		want       error
		inMsg      string
	}{
		{"format 1 journal", `{"seq":1,"time":"2026-01-01T00:00:00Z","kind":"start","data":{}}` + "\n", ErrFormat, "format 1"},
		{"newer version", strings.Replace(header, `"version":2`, `"version":3`, 1), ErrFormat, "version 3"},
		{"other driver", strings.Replace(header, `"driver":"test"`, `"driver":"goldfish"`, 1), ErrFormat, "goldfish"},
		{"bad line in the middle", header + "{oops\n" + `{"seq":2,"time":"2026-01-01T00:00:00Z","kind":"note"}` + "\n", ErrCorrupt, "line 2"},
		{"sequence gap", header + `{"seq":3,"time":"2026-01-01T00:00:00Z","kind":"note"}` + "\n", ErrCorrupt, "record 3"},
		{"unknown kind", header + `{"seq":2,"time":"2026-01-01T00:00:00Z","kind":"mystery"}` + "\n", ErrUnknownKind, "mystery"},
		{"second header", header + strings.Replace(header, `"seq":1`, `"seq":2`, 1), ErrCorrupt, "second header"},
		{"done without plan", header + `{"seq":2,"time":"2026-01-01T00:00:00Z","kind":"done","key":"w1"}` + "\n", ErrCorrupt, "w1"},
		{"undone without undo plan", header + `{"seq":2,"time":"2026-01-01T00:00:00Z","kind":"planned","key":"w1","data":{"files":[]}}` + "\n" +
			`{"seq":3,"time":"2026-01-01T00:00:00Z","kind":"undone","key":"w1"}` + "\n", ErrCorrupt, "record 3"},
		{"step twice", header + `{"seq":2,"time":"2026-01-01T00:00:00Z","kind":"step","key":"a","data":1}` + "\n" +
			`{"seq":3,"time":"2026-01-01T00:00:00Z","kind":"step","key":"a","data":1}` + "\n", ErrCorrupt, "twice"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "j.jsonl")
			if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Open(path, Options{Driver: "test", Kinds: []string{"note"}})
			if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.inMsg) {
				t.Fatalf("got %v, want %v mentioning %q", err, c.want, c.inMsg)
			}
		})
	}
}

func TestUnknownKindAcceptedByDriver(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j := open(t, path, Options{Kinds: []string{"old", "note"}})
	j.Append("old", "", 1)
	j.Close()
	var seen []string
	j = open(t, path, Options{Kinds: []string{"note"}, Unknown: func(r Record) error { seen = append(seen, r.Kind); return nil }})
	if len(seen) != 1 || seen[0] != "old" || len(j.Records()) != 2 {
		t.Fatalf("seen %v, records %d", seen, len(j.Records()))
	}
	if _, err := j.Append("old", "", 1); err == nil {
		t.Fatal("Append of a kind the driver does not list succeeded")
	}
}

func TestTornTailIsCut(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j := open(t, path, Options{Kinds: []string{"note"}})
	j.Append("note", "", "a")
	j.Close()
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"seq":3,"time":"2026`)
	f.Close()
	j = open(t, path, Options{Kinds: []string{"note"}})
	if n := len(j.Records()); n != 2 {
		t.Fatalf("%d records, want 2", n)
	}
	if _, err := j.Append("note", "", "b"); err != nil {
		t.Fatal(err)
	}
	j.Close()
	if _, err := Open(path, Options{Kinds: []string{"note"}}); err != nil {
		t.Fatalf("journal after a torn tail and a new record: %v", err)
	}
}

func TestBusy(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	open(t, path, Options{})
	if _, err := Open(path, Options{}); !errors.Is(err, ErrBusy) {
		t.Fatalf("second Open: %v, want ErrBusy", err)
	}
}

// failing is a file whose writes fail after the first n bytes.
type failing struct {
	file
	left int
}

func (f *failing) Write(p []byte) (int, error) {
	if len(p) <= f.left {
		f.left -= len(p)
		return f.file.Write(p)
	}
	n, _ := f.file.Write(p[:f.left])
	f.left = 0
	return n, errors.New("no space left on device")
}

func TestFailedWriteIsCutBackAndSticky(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j := open(t, path, Options{Kinds: []string{"note"}})
	j.Append("note", "", "first")
	j.f = &failing{file: j.f, left: 20}
	if _, err := j.Append("note", "", strings.Repeat("x", 100)); err == nil {
		t.Fatal("Append on a full disk succeeded")
	}
	j.f = j.f.(*failing).file // space is back
	if _, err := j.Append("note", "", "later"); !errors.Is(err, ErrFailed) {
		t.Fatalf("Append after a failure: %v, want ErrFailed", err)
	}
	j.Close()
	data, _ := os.ReadFile(path)
	if strings.Contains(string(data), "xxx") || !strings.HasSuffix(string(data), "\n") {
		t.Fatalf("partial record left in the file:\n%s", data)
	}
	j = open(t, path, Options{Kinds: []string{"note"}})
	if n := len(j.Records()); n != 2 {
		t.Fatalf("%d records after reopen, want 2", n)
	}
	if _, err := j.Append("note", "", "again"); err != nil {
		t.Fatalf("a reopened journal refuses writes: %v", err)
	}
}

func TestClosed(t *testing.T) {
	j := open(t, filepath.Join(t.TempDir(), "j.jsonl"), Options{Kinds: []string{"note"}})
	j.Close()
	if _, err := j.Append("note", "", 1); !errors.Is(err, ErrClosed) {
		t.Fatalf("got %v, want ErrClosed", err)
	}
	if err := j.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
}
