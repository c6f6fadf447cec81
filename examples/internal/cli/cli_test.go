package cli

import (
	"errors"
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
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

func TestByteSize(t *testing.T) {
	for in, want := range map[string]int64{"4194304": 4 << 20, "512K": 512 << 10, "4M": 4 << 20, "4MB": 4 << 20, "4mib": 4 << 20, "1G": 1 << 30, " 2 KiB ": 2 << 10} {
		var s ByteSize
		if err := s.Set(in); err != nil || int64(s) != want {
			t.Errorf("Set(%q) = %d, %v; want %d", in, s, err, want)
		}
	}
	for _, in := range []string{"", "0", "-1", "4T", "M", "1.5M", "99999999999G"} {
		var s ByteSize
		if err := s.Set(in); err == nil {
			t.Errorf("Set(%q) = %d, want an error", in, s)
		}
	}
	if s := ByteSize(4 << 20); s.String() != "4MiB" {
		t.Errorf("String = %s", s.String())
	}
}

// TestSizeError: a too-large input's error, wrapped by a driver, names
// -max-size with a value that admits it, not the library's setting, and
// still matches loop.ErrTooLarge; other errors are left alone.
func TestSizeError(t *testing.T) {
	inner := &loop.TooLargeError{Path: "big.md", Size: 5 << 20, Limit: 4 << 20, Knob: "Loop.MaxSize"}
	err := SizeError(fmt.Errorf("goldfish: %w", inner))
	if !errors.Is(err, loop.ErrTooLarge) || !strings.Contains(err.Error(), "raise it with -max-size (e.g. -max-size 6M)") || strings.Contains(err.Error(), "Loop.MaxSize") {
		t.Errorf("SizeError = %v", err)
	}
	if inner.Knob != "Loop.MaxSize" {
		t.Error("SizeError changed the error it was given")
	}
	other := errors.New("x")
	if SizeError(other) != other {
		t.Error("SizeError changed an error that is not about size")
	}
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	p := MaxSize(fs, "article")
	if int64(*p) != loop.DefaultMaxSize || fs.Parse([]string{"-max-size", "8M"}) != nil || int64(*p) != 8<<20 {
		t.Errorf("-max-size: %d", *p)
	}
}
