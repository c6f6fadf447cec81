package loop_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// TestBusyErrorOnePrefix: a driver on OpenFolder (as loop/discussion is)
// that prefixes the kernel's busy error with its name gets a message with
// that one prefix, not "discussion: loop: journal: in use ...".
func TestBusyErrorOnePrefix(t *testing.T) {
	f := loop.Folder{Dir: filepath.Join(t.TempDir(), "run"), Journal: journal.Options{Driver: "t", Kinds: []string{"t.end"}}, End: "t.end"}
	j, err := openFolder(context.Background(), f, false)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	_, err = openFolder(context.Background(), f, false)
	err = fmt.Errorf("discussion: %w", err) // what the driver does
	if !errors.Is(err, journal.ErrBusy) {
		t.Fatalf("second open: %v, want ErrBusy", err)
	}
	if n := len(regexp.MustCompile(`(?:^|: )(?:loop|journal|discussion): `).FindAllString(err.Error(), -1)); n != 1 {
		t.Errorf("the busy error has %d package prefixes: %v", n, err)
	}
}
