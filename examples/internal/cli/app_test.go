package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/providers/config"
)

// newTestApp is an App named cmd with the shared flags and one of its own
// (-n), its output in out.
func newTestApp(out *bytes.Buffer) (*App, *int) {
	a := New("cmd", strings.NewReader(""), out, out)
	n := a.Flags.Int("n", 1, "a count")
	a.VerboseFlag()
	a.RulesFlag([]string{"all"})
	a.Common("article")
	return a, n
}

// TestAppRun: the parse, the command's check, -format's check, the
// body's code and the error line, as every command has them.
func TestAppRun(t *testing.T) {
	check := func(n *int) func() error {
		return func() error {
			if *n < 1 {
				return errors.New("-n must be at least 1")
			}
			return nil
		}
	}
	for _, c := range []struct {
		args     []string
		code     int
		err      error
		want     int
		wantText string
	}{
		{args: []string{"-h"}, want: ExitOK, wantText: "Usage: cmd\n\nFlags:\n"},
		{args: []string{"-nope"}, want: ExitError, wantText: "flag provided but not defined: -nope"},
		{args: []string{"-n", "0"}, want: ExitError, wantText: "cmd: -n must be at least 1\n"},
		{args: []string{"-format", "xml"}, want: ExitError, wantText: `cmd: -format "xml": want one of text, json`},
		{args: []string{"-format", "json"}, code: ExitStopped, want: ExitStopped},
		{args: nil, code: ExitOK, err: errors.New("boom"), want: ExitError, wantText: "cmd: boom\n"},
		{args: nil, code: ExitError, err: fmt.Errorf("x: %w", &loop.TooLargeError{Path: "a.md", Size: 5 << 20, Limit: 4 << 20, Knob: "Loop.MaxSize"}),
			want: ExitError, wantText: "raise it with -max-size (e.g. -max-size 6M)"},
	} {
		var out bytes.Buffer
		a, n := newTestApp(&out)
		ran := false
		got := a.Run(c.args, "Usage: cmd", check(n), func() (int, error) { ran = true; return c.code, c.err })
		if got != c.want || !strings.Contains(out.String(), c.wantText) {
			t.Errorf("%v: exit %d, printed %q; want %d and %q", c.args, got, out.String(), c.want, c.wantText)
		}
		if wantRun := c.code != 0 || c.err != nil; ran != wantRun {
			t.Errorf("%v: body ran %v, want %v", c.args, ran, wantRun)
		}
		if strings.Count(out.String(), "not defined") > 1 {
			t.Errorf("%v: the flag error printed twice:\n%s", c.args, out.String())
		}
	}
}

// TestAppArgs: Args are what the flags leave; Anywhere takes flags after
// them too, and every argument after "--".
func TestAppArgs(t *testing.T) {
	var out bytes.Buffer
	a, n := newTestApp(&out)
	if err := a.Parse([]string{"-n", "2", "a.md", "-n", "3"}, "", nil); err != nil || *n != 2 || !slices.Equal(a.Args(), []string{"a.md", "-n", "3"}) {
		t.Errorf("flags first: n=%d args=%q err=%v", *n, a.Args(), err)
	}
	a, n = newTestApp(&out)
	a.Anywhere = true
	if err := a.Parse([]string{"a.md", "-n", "3", "b.md", "--", "-c.md"}, "", nil); err != nil || *n != 3 || !slices.Equal(a.Args(), []string{"a.md", "b.md", "-c.md"}) {
		t.Errorf("anywhere: n=%d args=%q err=%v", *n, a.Args(), err)
	}
	if !a.FlagSet("n") || a.FlagSet("v") {
		t.Errorf("FlagSet: n %v, v %v", a.FlagSet("n"), a.FlagSet("v"))
	}
	if got := a.Enabled(true, []string{"all"}); !slices.Equal(got, []string{"all"}) {
		t.Errorf("Enabled(demo) without -rules = %v", got)
	}
}

// TestPrint: -format text, json and an export format each reach their
// writer on stdout; Info is stdout only for text.
func TestPrint(t *testing.T) {
	for format, want := range map[string]string{"text": "report\n", "json": "{\n  \"a\": 1\n}\n", "sarif": "export sarif\n"} {
		var stdout, stderr bytes.Buffer
		a := New("cmd", nil, &stdout, &stderr)
		a.Format = format
		err := a.Print(Output{
			Text:   func(w io.Writer) { fmt.Fprintln(w, "report") },
			JSON:   map[string]int{"a": 1},
			Export: func(w io.Writer, f string) error { _, err := fmt.Fprintln(w, "export", f); return err },
		})
		if err != nil || stdout.String() != want {
			t.Errorf("-format %s: %q, %v; want %q", format, stdout.String(), err, want)
		}
		if info := a.Info(); (info == io.Writer(&stdout)) != (format == "text") {
			t.Errorf("-format %s: Info is stdout: %v", format, info == io.Writer(&stdout))
		}
	}
}

// TestLoggerAndResolve: -v logs on stderr, else nothing; the demo stays
// offline with a key set, an own file does not, and a provider error
// begins "provider: ".
func TestLoggerAndResolve(t *testing.T) {
	var out bytes.Buffer
	a, _ := newTestApp(&out)
	a.Logger().Info("hidden")
	a.Verbose = true
	a.Logger().Info("shown")
	if s := out.String(); strings.Contains(s, "hidden") || !strings.Contains(s, "shown") {
		t.Errorf("logger wrote %q", s)
	}
	env := func(k string) string {
		if k == config.EnvOpenAIKey {
			return "sk-test"
		}
		return ""
	}
	for _, demo := range []bool{true, false} {
		a, _ := newTestApp(&out)
		a.Getenv = env
		if err := a.Parse(nil, "", nil); err != nil {
			t.Fatal(err)
		}
		if err := a.Resolve(demo); err != nil {
			t.Fatal(err)
		}
		if got := a.Providers.Offline("reviewer"); got != demo {
			t.Errorf("demo %v with a key: offline %v", demo, got)
		}
	}
	a, _ = newTestApp(&out)
	if err := a.Parse([]string{"-provider", "nope"}, "", nil); err != nil {
		t.Fatal(err)
	}
	if err := a.Resolve(false); err == nil || !strings.HasPrefix(err.Error(), "provider: ") {
		t.Errorf("-provider nope: %v", err)
	}
}

// TestUndone: an undo that reverted rounds, and one of a run that had
// written nothing.
func TestUndone(t *testing.T) {
	var out bytes.Buffer
	Undone(&out, "out", "the file is", []int{1, 2})
	Undone(&out, "out", "the 2 articles are", nil)
	want := "Reverted round(s) [1 2]; the file is as before the run.\n" +
		"The unfinished run in out had written nothing, so the 2 articles are as before; the run is ended and a new one can start.\n"
	if out.String() != want {
		t.Errorf("Undone printed\n%s\nwant\n%s", out.String(), want)
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{"a/b.md": "a/b.md", "": "''", "my file.md": "'my file.md'", "it's": `'it'\''s'`, "$HOME": "'$HOME'"} {
		if got := ShellQuote(in); got != want {
			t.Errorf("ShellQuote(%q) = %s, want %s", in, got, want)
		}
	}
	if got := Program("go run ./x"); got != "go run ./x" { // a test binary is built in a go-build folder
		t.Errorf("Program under go test = %s", got)
	}
}
