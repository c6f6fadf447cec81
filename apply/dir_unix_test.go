//go:build unix

package apply

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestReadFileFIFO checks that ReadFile refuses a named pipe instead of
// blocking until something writes to it.
func TestReadFileFIFO(t *testing.T) {
	d, top := newDir(t, nil)
	if err := syscall.Mkfifo(filepath.Join(top, "root", "pipe.md"), 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := d.ReadFile("pipe.md")
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotRegular) {
			t.Errorf("ReadFile(fifo) = %v, want ErrNotRegular", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ReadFile blocked on a named pipe")
	}
}
