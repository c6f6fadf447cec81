package export

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files from the current output")

// fixtures are the reports the golden tests write, by name.
func fixtures() map[string]Report {
	return map[string]Report{"japanese-crlf": catReport(), "escapes": escapeReport()}
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		g, w := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
		n := 0
		for n < min(len(g), len(w)) && bytes.Equal(g[n], w[n]) {
			n++
		}
		line := func(ls [][]byte) string {
			if n < len(ls) {
				return string(ls[n])
			}
			return "(end)"
		}
		t.Errorf("%s differs from the output at line %d (go test -update rewrites it):\n got: %s\nwant: %s", path, n+1, line(g), line(w))
	}
}

// TestGolden writes every fixture in every format and compares the
// output with its golden file.
func TestGolden(t *testing.T) {
	for name, rep := range fixtures() {
		for _, f := range Formats() {
			t.Run(name+"."+string(f), func(t *testing.T) {
				var b bytes.Buffer
				if err := Write(&b, f, rep); err != nil {
					t.Fatal(err)
				}
				golden(t, name+"."+string(f)+".golden", b.Bytes())
			})
		}
	}
}

// TestDeterministic checks that writing a report twice gives the same
// bytes (rule order, property order, no map iteration order leaks).
func TestDeterministic(t *testing.T) {
	for _, f := range Formats() {
		var a, b bytes.Buffer
		if err := Write(&a, f, catReport()); err != nil {
			t.Fatal(err)
		}
		for range 5 {
			b.Reset()
			if err := Write(&b, f, catReport()); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Fatalf("%s: two writes of one report differ", f)
			}
		}
	}
}
