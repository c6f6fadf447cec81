package cli

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/export"
)

// testOutcome is a driver's result that prints itself, falls short when
// Left is not zero, and reports one finding per left item.
type testOutcome struct{ Left int }

func (o *testOutcome) WriteText(w io.Writer) error {
	_, err := fmt.Fprintf(w, "%d left\n", o.Left)
	return err
}

func (o *testOutcome) Err() error {
	if o.Left > 0 {
		return fmt.Errorf("%d finding(s) left", o.Left)
	}
	return nil
}

func (o *testOutcome) Report(tool export.Tool) (export.Report, error) {
	rep := export.Report{Tool: tool}
	for i := range o.Left {
		rep.Results = append(rep.Results, export.Result{File: "a.md", Reviewer: "r",
			Finding: finding.Finding{ID: fmt.Sprintf("F%d", i+1), File: "a.md", Category: "style", Issue: "too long", Severity: finding.Low, Confidence: 80, LineRange: finding.LineRange{Start: 1, End: 1}},
			Status:  finding.Open})
	}
	return rep, nil
}

// TestDriveOutcome: with Result, the decoded Outcome is the text, its
// Err the exit code and message, its Report the export; a Result that
// does not decode is an error naming it, not a silent run. Quiet keeps
// the Err unprinted and Demo exits 0, except when no reviewer answered.
func TestDriveOutcome(t *testing.T) {
	for _, c := range []struct {
		name, format, result string
		want                 int
		stdout, stderr       string
	}{
		{name: "ended", format: "text", result: `{"Left":0}`, want: ExitOK, stdout: "0 left\n"},
		{name: "short", format: "text", result: `{"Left":2}`, want: ExitStopped, stdout: "2 left\n", stderr: "cmd: 2 finding(s) left\n"},
		{name: "export", format: "rdjsonl", result: `{"Left":1}`, want: ExitStopped, stdout: `"message":"r: too long"`, stderr: "cmd: 1 finding(s) left\n"},
		{name: "undecodable", format: "text", result: `{"Left":"many"}`, want: ExitError, stderr: "cmd: the run's result: json"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			a := New("cmd", nil, &stdout, &stderr)
			a.Common("article")
			d := &fakeDriver{stops: []func() (loop.Stop, error){stopped(loop.Stop{Reason: "done", Result: json.RawMessage(c.result)})}}
			got := a.Run([]string{"-format", c.format}, "Usage: cmd", nil, func() (int, error) {
				return a.Drive(context.Background(), DriverRun{Driver: d, Dir: "d", Result: Decode[*testOutcome]()})
			})
			if got != c.want || !strings.Contains(stdout.String(), c.stdout) || !strings.HasPrefix(stderr.String(), c.stderr) || (c.stderr == "") != (stderr.Len() == 0) {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q, %q", got, stdout.String(), stderr.String(), c.want, c.stdout, c.stderr)
			}
		})
	}
	for _, c := range []struct {
		name        string
		quiet, demo bool
		reason      string
		want        int
		stderr      string
	}{
		{name: "quiet", quiet: true, reason: "max-rounds", want: ExitStopped},
		{name: "quiet, no reviewer answered", quiet: true, reason: string(loop.NoReviewerAnswered), want: ExitStopped, stderr: "cmd: 2 finding(s) left\n"},
		{name: "demo", demo: true, reason: "max-rounds", want: ExitOK},
		{name: "demo, no reviewer answered", demo: true, reason: string(loop.NoReviewerAnswered), want: ExitStopped, stderr: "cmd: 2 finding(s) left\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			a := New("cmd", nil, &stdout, &stderr)
			a.Common("article")
			d := &fakeDriver{stops: []func() (loop.Stop, error){stopped(loop.Stop{Reason: c.reason, Result: json.RawMessage(`{"Left":2}`)})}}
			got := a.Run([]string{"-format", "text"}, "Usage: cmd", nil, func() (int, error) {
				return a.Drive(context.Background(), DriverRun{Driver: d, Result: Decode[*testOutcome](), Quiet: c.quiet, Demo: c.demo})
			})
			if got != c.want || stderr.String() != c.stderr || stdout.String() != "2 left\n" {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q", got, stdout.String(), stderr.String(), c.want, c.stderr)
			}
		})
	}
	if _, err := Decode[*testOutcome]()("d", nil, loop.Stop{Reason: "done"}); err == nil || errors.Is(err, nil) {
		t.Errorf("a Stop without a Result decoded: %v", err)
	}
}

// placedOutcome is a testOutcome that keeps what At gave it, and fails
// At for the folder "nowhere".
type placedOutcome struct {
	testOutcome
	Dir, Args, Reason string `json:"-"`
}

func (o *placedOutcome) At(dir string, args json.RawMessage, s loop.Stop) error {
	if dir == "nowhere" {
		return errors.New("test: no run in nowhere")
	}
	o.Dir, o.Args, o.Reason = dir, string(args), s.Reason
	return nil
}

// TestDecodePlaced: Decode places a Placed Outcome with the DriverRun's
// Dir, its Args as JSON and the Stop, then calls each of its functions
// in order; At's error is Decode's, as it is.
func TestDecodePlaced(t *testing.T) {
	stop := loop.Stop{Reason: "done", Result: json.RawMessage(`{"Left":1}`)}
	var order []string
	dec := Decode(func(o *placedOutcome) { order = append(order, "first:"+o.Dir) }, func(*placedOutcome) { order = append(order, "second") })
	out, err := dec("d", json.RawMessage(`{"k":1}`), stop)
	if err != nil {
		t.Fatal(err)
	}
	p := out.(*placedOutcome)
	if p.Left != 1 || p.Dir != "d" || p.Args != `{"k":1}` || p.Reason != "done" || strings.Join(order, ",") != "first:d,second" {
		t.Errorf("decoded %+v, then %v", p, order)
	}
	if _, err := dec("nowhere", nil, stop); err == nil || err.Error() != "test: no run in nowhere" {
		t.Errorf("At's error: %v", err)
	}

	var stdout, stderr bytes.Buffer
	a := New("cmd", nil, &stdout, &stderr)
	a.Common("article")
	var got *placedOutcome
	d := &fakeDriver{stops: []func() (loop.Stop, error){stopped(stop)}}
	code := a.Run([]string{"-format", "text"}, "Usage: cmd", nil, func() (int, error) {
		return a.Drive(context.Background(), DriverRun{Driver: d, Dir: "run-dir", Args: map[string]int{"k": 2},
			Result: Decode(func(o *placedOutcome) { got = o })})
	})
	if code != ExitStopped || got == nil || got.Dir != "run-dir" || got.Args != `{"k":2}` || stdout.String() != "1 left\n" {
		t.Errorf("exit %d, placed %+v, stdout %q", code, got, stdout.String())
	}
}

// TestTool: the export formats name App.Tool, or the command's name
// without one.
func TestTool(t *testing.T) {
	for _, tool := range []string{"", "kaigi-cmd"} {
		var stdout, stderr bytes.Buffer
		a := New("cmd", nil, &stdout, &stderr)
		a.Tool = tool
		a.Common("article")
		d := &fakeDriver{stops: []func() (loop.Stop, error){stopped(loop.Stop{Reason: "done", Result: json.RawMessage(`{"Left":1}`)})}}
		a.Run([]string{"-format", "sarif"}, "Usage: cmd", nil, func() (int, error) {
			return a.Drive(context.Background(), DriverRun{Driver: d, Result: Decode[*testOutcome]()})
		})
		want := `"name": "` + cmp.Or(tool, "cmd") + `"`
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("Tool %q: no %s in\n%s", tool, want, stdout.String())
		}
	}
}

// closedOutcome is a testOutcome whose run counts as failed when Closed.
type closedOutcome struct {
	testOutcome
	Closed bool
}

func (o *closedOutcome) Failure() error {
	if o.Closed {
		return errors.New("test: closed over a change")
	}
	return nil
}

// TestDriveFailerAndQuietWaiting: an Outcome that is a Failer ends a run
// it counts as failed with ExitError (or as Failed says) and prints
// nothing of it; a Quiet run that waits with an Outcome prints no
// WaitingLine, one without Quiet or without a Result does.
func TestDriveFailerAndQuietWaiting(t *testing.T) {
	drive := func(stop loop.Stop, r DriverRun) (int, string, string) {
		var stdout, stderr bytes.Buffer
		a := New("cmd", nil, &stdout, &stderr)
		a.Common("article")
		r.Driver = &fakeDriver{stops: []func() (loop.Stop, error){stopped(stop)}}
		code := a.Run([]string{"-format", "text"}, "Usage: cmd", nil, func() (int, error) { return a.Drive(context.Background(), r) })
		return code, stdout.String(), stderr.String()
	}
	closed := loop.Stop{Reason: "changed", Result: json.RawMessage(`{"Left":1,"Closed":true}`)}
	if code, stdout, stderr := drive(closed, DriverRun{Result: Decode[*closedOutcome]()}); code != ExitError || stdout != "" || stderr != "cmd: test: closed over a change\n" {
		t.Errorf("closed: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	forgiven := DriverRun{Result: Decode[*closedOutcome](), Failed: func(error) (int, error) { return ExitStopped, nil }}
	if code, stdout, stderr := drive(closed, forgiven); code != ExitStopped || stdout != "" || stderr != "" {
		t.Errorf("closed, Failed: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	open := loop.Stop{Reason: "short", Result: json.RawMessage(`{"Left":1}`)}
	if code, stdout, _ := drive(open, DriverRun{Result: Decode[*closedOutcome]()}); code != ExitStopped || stdout != "1 left\n" {
		t.Errorf("not closed: exit %d, stdout %q", code, stdout)
	}

	waits := loop.Stop{Reason: "awaiting", Result: json.RawMessage(`{"Left":1}`), Question: "q.json", Answer: "a.json"}
	line := "Waiting for an answer: see " + Local("d", "q.json")
	for _, c := range []struct {
		name  string
		stop  loop.Stop
		quiet bool
		line  bool
	}{
		{name: "quiet", stop: waits, quiet: true},
		{name: "not quiet", stop: waits, line: true},
		{name: "quiet, no result", stop: loop.Stop{Reason: "awaiting", Question: "q.json", Answer: "a.json"}, quiet: true, line: true},
	} {
		code, stdout, _ := drive(c.stop, DriverRun{Dir: "d", Result: Decode[*testOutcome](), Quiet: c.quiet})
		if code != ExitStopped || strings.Contains(stdout, line) != c.line {
			t.Errorf("%s: exit %d, stdout %q", c.name, code, stdout)
		}
	}
}

// TestDriveAlwaysText: with AlwaysText the Outcome's text is printed once,
// on stdout for -format text and on stderr beside the JSON of -format
// json, after Report.
func TestDriveAlwaysText(t *testing.T) {
	for _, c := range []struct{ format, stdout, stderr string }{
		{format: "text", stdout: "report\n1 left\n", stderr: "cmd: 1 finding(s) left\n"},
		{format: "json", stdout: "{\n  \"Left\": 1\n}\n", stderr: "report\n1 left\ncmd: 1 finding(s) left\n"},
	} {
		var stdout, stderr bytes.Buffer
		a := New("cmd", nil, &stdout, &stderr)
		a.Common("article")
		d := &fakeDriver{stops: []func() (loop.Stop, error){stopped(loop.Stop{Reason: "short", Result: json.RawMessage(`{"Left":1}`)})}}
		a.Run([]string{"-format", c.format}, "Usage: cmd", nil, func() (int, error) {
			return a.Drive(context.Background(), DriverRun{Driver: d, Result: Decode[*testOutcome](), AlwaysText: true,
				Report: func(w io.Writer, _ loop.Stop) { fmt.Fprintln(w, "report") }})
		})
		if stdout.String() != c.stdout || stderr.String() != c.stderr {
			t.Errorf("%s: stdout %q, stderr %q; want %q, %q", c.format, stdout.String(), stderr.String(), c.stdout, c.stderr)
		}
	}
}
