package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
)

// TestDriveChain: a chain of three runs on a loop.DriverFunc, the second
// failing with an error its Failed forgives: each run's arguments come
// from the Stop before it; -format text shows every Stop, json only the
// last; the chain stops at the first run that does not exit ExitOK, and
// at a Next that fails.
func TestDriveChain(t *testing.T) {
	errExpected := errors.New("refused, as the user expects")
	d := loop.DriverFunc(func(_ context.Context, _ string, raw json.RawMessage, _ bool) (loop.Stop, error) {
		var n int
		if err := json.Unmarshal(raw, &n); err != nil {
			return loop.Stop{}, err
		}
		if n == 2 {
			return loop.Stop{}, fmt.Errorf("fake: %w", errExpected)
		}
		return loop.Stop{Reason: "done", Result: json.RawMessage(fmt.Sprintf(`{"n":%d}`, n))}, nil
	})
	text := func(w io.Writer, s loop.Stop) {
		if r, err := Result[struct{ N int }](s); err == nil {
			fmt.Fprintf(w, "run %d\n", r.N)
		}
	}
	chain := func(lastCode int, nextErr error) DriverRun {
		third := &DriverRun{Driver: d, Args: 3, Text: text,
			Report: func(w io.Writer, s loop.Stop) { fmt.Fprintln(w, "third:", string(s.Result)) },
			Code:   func(loop.Stop) (int, error) { return lastCode, nil },
			Next:   func(loop.Stop) (*DriverRun, error) { return nil, errors.New("never called: the run exits ExitStopped") },
		}
		if lastCode == ExitOK {
			third.Next = nil
		}
		second := &DriverRun{Driver: d, Args: 2,
			Failed: func(err error) (int, error) {
				if errors.Is(err, errExpected) {
					return ExitOK, nil
				}
				return ExitError, err
			},
			Next: func(s loop.Stop) (*DriverRun, error) {
				if s.Reason != "" {
					t.Errorf("the forgiven run's Next got %+v, want the zero Stop", s)
				}
				return third, nextErr
			},
		}
		return DriverRun{Driver: d, Args: 1, Text: text,
			Next: func(s loop.Stop) (*DriverRun, error) {
				if string(s.Result) != `{"n":1}` {
					t.Errorf("the first run's Next got %s", s.Result)
				}
				return second, nil
			},
		}
	}
	for _, c := range []struct {
		name, format     string
		lastCode         int
		nextErr          error
		want             int
		wantOut, wantErr string
	}{
		{name: "text", format: "text", want: ExitOK,
			wantOut: "run 1\nthird: {\"n\":3}\nrun 3\n"},
		{name: "json", format: "json", want: ExitOK,
			wantOut: "{\n  \"n\": 3\n}\n", wantErr: "third: {\"n\":3}\n"},
		{name: "the last run stopped", format: "json", lastCode: ExitStopped, want: ExitStopped,
			wantErr: "third: {\"n\":3}\n"},
		{name: "a Next that fails", format: "json", nextErr: errors.New("no third run"), want: ExitError,
			wantErr: "cmd: no third run\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			a := New("cmd", nil, &stdout, &stderr)
			a.Common("article")
			got := a.Run([]string{"-format", c.format}, "Usage: cmd", nil, func() (int, error) {
				return a.Drive(context.Background(), chain(c.lastCode, c.nextErr))
			})
			if got != c.want || stdout.String() != c.wantOut || stderr.String() != c.wantErr {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q, %q", got, stdout.String(), stderr.String(), c.want, c.wantOut, c.wantErr)
			}
		})
	}
}
