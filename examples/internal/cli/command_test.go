package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/kaigi-dev/kaigi/loop"
)

// fakeDriver is a loop.Driver whose run in a folder stops as stops[n]
// says on its n-th execution (resumed or not as the run asks), recording
// each execution's arguments and resume flag; a resume of a folder it
// never started is loop.ErrNotStarted.
type fakeDriver struct {
	stops   []func() (loop.Stop, error)
	started bool
	calls   []string
}

func (d *fakeDriver) Run(_ context.Context, _ string, args json.RawMessage, resume bool) (loop.Stop, error) {
	d.calls = append(d.calls, fmt.Sprintf("%s resume=%v", args, resume))
	if resume && !d.started {
		return loop.Stop{}, fmt.Errorf("fake: %w", loop.ErrNotStarted)
	}
	d.started = true
	next := d.stops[0]
	d.stops = d.stops[1:]
	return next()
}

func stopped(s loop.Stop) func() (loop.Stop, error) {
	return func() (loop.Stop, error) { return s, nil }
}

// TestDrive: a run that ended, one that stopped short, one that waits
// (printed, or not: it has no result yet), one that failed, and a resume
// of a run never started (started anew), each printed as -format asks
// and exiting with the code of its Stop.
func TestDrive(t *testing.T) {
	result := json.RawMessage(`{"rounds":2}`)
	code := func(s loop.Stop) (int, error) {
		switch {
		case s.Reason == "short":
			return ExitStopped, errors.New("stopped short")
		case s.Waiting():
			return ExitStopped, nil
		}
		return ExitOK, nil
	}
	for _, c := range []struct {
		name, format string
		resume       bool
		stop         func() (loop.Stop, error)
		want         int
		stdout       string
		stderr       string
		calls        int
	}{
		{name: "ended", format: "text", stop: stopped(loop.Stop{Reason: "done", Text: "all done", Result: result}),
			want: ExitOK, stdout: "report: 2 round(s)\n", calls: 1},
		{name: "ended, json", format: "json", stop: stopped(loop.Stop{Reason: "done", Result: result}),
			want: ExitOK, stdout: "{\n  \"rounds\": 2\n}\n", calls: 1},
		{name: "ended, sarif", format: "sarif", stop: stopped(loop.Stop{Reason: "done", Result: result}),
			want: ExitOK, stdout: "sarif of done\n", calls: 1},
		{name: "stopped short", format: "text", stop: stopped(loop.Stop{Reason: "short", Result: result}),
			want: ExitStopped, stdout: "report: 2 round(s)\n", stderr: "cmd: stopped short\n", calls: 1},
		{name: "waiting with a result", format: "text",
			stop: stopped(loop.Stop{Reason: "awaiting", Result: result, Question: "run/q.json", Answer: "run/a.json"}),
			want: ExitStopped, stdout: "report: 2 round(s)\nWaiting for an answer: see " + filepath.Join("d", "run", "q.json") + ", write the answer to " + filepath.Join("d", "run", "a.json") + " and run the same command again.\n", calls: 1},
		{name: "waiting, nothing to show yet", format: "json",
			stop: stopped(loop.Stop{Reason: "awaiting", Question: "q.json", Answer: "a.json"}),
			want: ExitStopped, stdout: "Waiting for an answer: see " + filepath.Join("d", "q.json") + ", write the answer to " + filepath.Join("d", "a.json") + " and run the same command again.\n", calls: 1},
		{name: "error", format: "text", stop: func() (loop.Stop, error) { return loop.Stop{}, errors.New("boom") },
			want: ExitError, stderr: "cmd: boom\n", calls: 1},
		{name: "resume of a run never started", format: "json", resume: true, stop: stopped(loop.Stop{Reason: "done"}),
			want: ExitOK, stdout: "{\n  \"reason\": \"done\"\n}\n", calls: 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			a := New("cmd", nil, &stdout, &stderr)
			a.Common("article")
			d := &fakeDriver{stops: []func() (loop.Stop, error){c.stop}}
			got := a.Run([]string{"-format", c.format}, "Usage: cmd", nil, func() (int, error) {
				return a.Drive(context.Background(), DriverRun{
					Driver: d, Dir: "d", Args: map[string]int{"n": 1}, Resume: c.resume,
					Text: func(w io.Writer, s loop.Stop) {
						r, err := Result[struct{ Rounds int }](s)
						if err != nil {
							t.Errorf("Result: %v", err)
						}
						fmt.Fprintf(w, "report: %d round(s)\n", r.Rounds)
					},
					Export: func(w io.Writer, f string, s loop.Stop) error {
						_, err := fmt.Fprintf(w, "%s of %s\n", f, s.Reason)
						return err
					},
					Code: code,
				})
			})
			if got != c.want || stdout.String() != c.stdout || stderr.String() != c.stderr {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q, %q", got, stdout.String(), stderr.String(), c.want, c.stdout, c.stderr)
			}
			if len(d.calls) != c.calls || d.calls[0] != fmt.Sprintf(`{"n":1} resume=%v`, c.resume) {
				t.Errorf("the driver ran %q", d.calls)
			}
		})
	}
}

// TestDriveDefaults: without Text, Code and Export, the Stop's Text is
// the report, an ended run exits ExitOK and a waiting one ExitStopped, and
// an export format is refused;
// a Stop Failure counts as a failure prints nothing and exits ExitError;
// ResumeOnly leaves a run never started unstarted.
func TestDriveDefaults(t *testing.T) {
	var stdout, stderr bytes.Buffer
	a := New("cmd", nil, &stdout, &stderr)
	a.Format = "text"
	d := &fakeDriver{stops: []func() (loop.Stop, error){stopped(loop.Stop{Reason: "done", Text: "the run ended"}), stopped(loop.Stop{Reason: "done"})}}
	if code, err := a.Drive(context.Background(), DriverRun{Driver: d}); code != ExitOK || err != nil || stdout.String() != "the run ended\n" {
		t.Errorf("text: %d, %v, %q", code, err, stdout.String())
	}
	a.Format = "sarif"
	if code, err := a.Drive(context.Background(), DriverRun{Driver: d}); code != ExitError || err == nil || !strings.Contains(err.Error(), "nothing to export") {
		t.Errorf("sarif without Export: %d, %v", code, err)
	}
	a.Format = "text"
	d = &fakeDriver{stops: []func() (loop.Stop, error){stopped(loop.Stop{Reason: "awaiting", Answer: "a.json"})}}
	if code, err := a.Drive(context.Background(), DriverRun{Driver: d}); code != ExitStopped || err != nil {
		t.Errorf("waiting without Code: %d, %v", code, err)
	}
	stdout.Reset()
	d = &fakeDriver{stops: []func() (loop.Stop, error){stopped(loop.Stop{Reason: "closed", Text: "the run is closed"})}}
	failure := func(s loop.Stop) error {
		if s.Reason == "closed" {
			return errors.New("closed")
		}
		return nil
	}
	if code, err := a.Drive(context.Background(), DriverRun{Driver: d, Failure: failure}); code != ExitError || err == nil || err.Error() != "closed" || stdout.Len() != 0 {
		t.Errorf("a Stop counted as a failure: %d, %v, %q", code, err, stdout.String())
	}
	d = &fakeDriver{}
	if code, err := a.Drive(context.Background(), DriverRun{Driver: d, Resume: true, ResumeOnly: true}); code != ExitError || !errors.Is(err, loop.ErrNotStarted) || len(d.calls) != 1 {
		t.Errorf("ResumeOnly of a run never started: %d, %v, %q", code, err, d.calls)
	}
	if _, err := Result[int](loop.Stop{Reason: "done"}); err == nil {
		t.Error("Result of a Stop without one: no error")
	}
	var w strings.Builder
	show := Show(func(w io.Writer, n int) { fmt.Fprintf(w, "show %d;", n) })
	show(&w, loop.Stop{Result: json.RawMessage("7")})
	show(&w, loop.Stop{})
	show(&w, loop.Stop{Result: json.RawMessage(`"seven"`)})
	if got := w.String(); !strings.HasPrefix(got, "show 7;the run's result: json") {
		t.Errorf("Show wrote %q", got)
	}
}

// TestExecute: an undo prints what it reverted; the demo's copy is handed
// to Start and removed when Start fails; an ExitCode of Start ends the
// command with that code and no error line.
func TestExecute(t *testing.T) {
	var stdout bytes.Buffer
	a := New("cmd", nil, &stdout, io.Discard)
	code, err := a.Execute(context.Background(), Command{
		Undo:    func(context.Context) ([]int, error) { return []int{1}, nil },
		UndoDir: "out", UndoWhat: "the file is",
	})
	if code != ExitOK || err != nil || stdout.String() != "Reverted round(s) [1]; the file is as before the run.\n" {
		t.Errorf("undo: %d, %v, %q", code, err, stdout.String())
	}
	t.Setenv("TMPDIR", t.TempDir())
	sample := fstest.MapFS{"a.md": {Data: []byte("# A\n")}}
	var demo string
	code, err = a.Execute(context.Background(), Command{Sample: sample, DemoPrefix: "kaigi-test-", Start: func(_ context.Context, dir string) (DriverRun, error) {
		demo = dir
		if data, err := os.ReadFile(filepath.Join(dir, "a.md")); err != nil || string(data) != "# A\n" {
			t.Errorf("the demo's copy: %q, %v", data, err)
		}
		return DriverRun{}, errors.New("no provider")
	}})
	if _, serr := os.Stat(demo); code != ExitError || err == nil || !strings.HasPrefix(filepath.Base(demo), "kaigi-test-") || !os.IsNotExist(serr) {
		t.Errorf("a demo that failed to start: %d, %v; its folder %s: %v", code, err, demo, serr)
	}
	code, err = a.Execute(context.Background(), Command{Start: func(context.Context, string) (DriverRun, error) { return DriverRun{}, ExitCode(ExitStopped) }})
	if code != ExitStopped || err != nil {
		t.Errorf("ExitCode: %d, %v", code, err)
	}
}

// TestFolder: paths inside the working folder keep their form under ".";
// others are relative to the folder holding them all.
func TestFolder(t *testing.T) {
	dir, rel, err := Folder("./spec.md", ".goldfish")
	if err != nil || dir != "." || rel[0] != "spec.md" || rel[1] != ".goldfish" {
		t.Errorf("local: %s %q %v", dir, rel, err)
	}
	root := t.TempDir()
	dir, rel, err = Folder(filepath.Join(root, "a", "spec.md"), filepath.Join(root, "out", ".goldfish"))
	if err != nil || dir != root || rel[0] != "a/spec.md" || rel[1] != "out/.goldfish" {
		t.Errorf("absolute: %s %q %v", dir, rel, err)
	}
}
