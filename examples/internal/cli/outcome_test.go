package cli

import (
	"bytes"
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
	if _, err := Decode[*testOutcome]()(loop.Stop{Reason: "done"}); err == nil || errors.Is(err, nil) {
		t.Errorf("a Stop without a Result decoded: %v", err)
	}
}
