package cli

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/loop"
)

// ByteSize is a flag holding a size in bytes, written as a number with an
// optional unit: "4194304", "512K", "4M", "4MB", "4MiB", "1G". K, M and G
// are powers of 1024, with or without "B" or "iB".
type ByteSize int64

// String writes the size with the largest unit that divides it.
func (s *ByteSize) String() string {
	switch n := int64(*s); {
	case n > 0 && n%(1<<30) == 0:
		return strconv.FormatInt(n>>30, 10) + "GiB"
	case n > 0 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + "MiB"
	case n > 0 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + "KiB"
	default:
		return strconv.FormatInt(n, 10)
	}
}

// Set parses v; a size that is not positive is refused.
func (s *ByteSize) Set(v string) error {
	t := strings.ToUpper(strings.TrimSpace(v))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	shift := 0
	switch {
	case strings.HasSuffix(t, "K"):
		shift = 10
	case strings.HasSuffix(t, "M"):
		shift = 20
	case strings.HasSuffix(t, "G"):
		shift = 30
	}
	if shift > 0 {
		t = t[:len(t)-1]
	}
	n, err := strconv.ParseInt(strings.TrimSpace(t), 10, 64)
	if err != nil || n < 1 || n > (1<<62)>>shift {
		return fmt.Errorf("%q is not a size: want a positive number of bytes, optionally with K, M or G (e.g. 16M)", v)
	}
	*s = ByteSize(n << shift)
	return nil
}

// MaxSizeFlag is the name of the flag MaxSize registers.
const MaxSizeFlag = "max-size"

// MaxSize registers -max-size on fs, the largest input (what, e.g.
// "article") the command reads, defaulting to loop.DefaultMaxSize, and
// returns its value. Pass it to the loop's MaxSize, and the loop's error
// through SizeError.
func MaxSize(fs *flag.FlagSet, what string) *ByteSize {
	s := ByteSize(loop.DefaultMaxSize)
	fs.Var(&s, MaxSizeFlag, "largest "+what+" read, in bytes or with K, M or G (e.g. 16M)")
	return &s
}

// SizeError returns err, except that an input over the size limit
// (loop.TooLargeError, anywhere in err's chain) becomes that error naming
// -max-size with a value that admits the input, instead of the library's
// setting, which a command user cannot set. It still matches
// loop.ErrTooLarge.
func SizeError(err error) error {
	var tl *loop.TooLargeError
	if !errors.As(err, &tl) {
		return err
	}
	e := *tl
	e.Knob = fmt.Sprintf("-%s (e.g. -%s %dM)", MaxSizeFlag, MaxSizeFlag, e.Size>>20+1)
	return &e
}
