package cli

import (
	"bytes"
	"errors"
	"flag"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	for _, c := range []struct {
		args     []string
		check    error
		code     int
		runErr   error
		want     int
		wantText string
	}{
		{args: []string{"-h"}, want: 7},
		{args: []string{"-nope"}, want: ExitError, wantText: "flag provided but not defined"}, // once, by the flag set
		{args: nil, check: errors.New("-rounds must be at least 1"), want: ExitError, wantText: "cmd: -rounds must be at least 1"},
		{args: nil, code: 2, want: 2},
		{args: nil, code: 2, runErr: errors.New("stalled"), want: 2, wantText: "cmd: stalled"},
		{args: nil, code: 0, runErr: errors.New("boom"), want: ExitError, wantText: "cmd: boom"},
	} {
		var out bytes.Buffer
		fs := flag.NewFlagSet("cmd", flag.ContinueOnError)
		fs.SetOutput(&out)
		got := Run("cmd", &out, 7, func() error {
			if err := Parse(fs, c.args); err != nil {
				return err
			}
			return c.check
		}, func() (int, error) { return c.code, c.runErr })
		if got != c.want || !strings.Contains(out.String(), c.wantText) {
			t.Errorf("%v: exit %d, printed %q; want %d and %q", c.args, got, out.String(), c.want, c.wantText)
		}
		if n := strings.Count(out.String(), "not defined"); n > 1 {
			t.Errorf("%v: the flag error printed %d times", c.args, n)
		}
	}
}
