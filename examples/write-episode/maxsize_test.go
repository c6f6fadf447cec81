package main

import (
	"strings"
	"testing"
)

// TestMaxSizeFlag: a draft over -max-size is refused naming -max-size, not
// the library's Episode.MaxSize, which a command user cannot set.
func TestMaxSizeFlag(t *testing.T) {
	_, args := sampleStory(t)
	code, stdout, stderr := runArgs(t, append(args, "-max-size", "1K")...)
	if code != exitError || !strings.Contains(stderr, "too large") || !strings.Contains(stderr, "raise it with -max-size") || strings.Contains(stderr, "Episode.MaxSize") {
		t.Errorf("exit %d\n%s\n%s", code, stdout, stderr)
	}
}
