package cli

import (
	"flag"
	"strings"
	"testing"
)

func TestUsage(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	var out strings.Builder
	fs.SetOutput(&out)
	fs.Bool("v", false, "log each step")
	Usage(fs, "Usage: x [flags]\n\nDoes x.")
	fs.Usage()
	if got := out.String(); !strings.HasPrefix(got, "Usage: x [flags]\n\nDoes x.\n\nFlags:\n") || !strings.Contains(got, "log each step") {
		t.Errorf("usage:\n%s", got)
	}
}

func TestGate(t *testing.T) {
	for _, tt := range []struct {
		value       string
		interactive bool
		want        string
	}{{"", true, "ask"}, {"", false, "file"}, {"auto", true, "auto"}, {"ask", false, "ask"}} {
		if got := Gate(tt.value, tt.interactive); got != tt.want {
			t.Errorf("Gate(%q, %v) = %q, want %q", tt.value, tt.interactive, got, tt.want)
		}
	}
}
