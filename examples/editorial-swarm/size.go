package main

import (
	"fmt"
	"strconv"
	"strings"
)

// byteSize is a flag holding a size in bytes, written as a number with an
// optional unit: "4194304", "512K", "4M", "4MB", "4MiB", "1G". K, M and G
// are powers of 1024, with or without "B" or "iB".
type byteSize int64

func (s *byteSize) String() string {
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

func (s *byteSize) Set(v string) error {
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
	*s = byteSize(n << shift)
	return nil
}
