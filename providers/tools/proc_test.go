//go:build unix

package tools

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// alive reports whether the process pid exists and is not a zombie.
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true // no /proc: kill(0) is all there is
	}
	_, rest, _ := strings.Cut(string(stat), ") ")
	return !strings.HasPrefix(rest, "Z")
}

// waitGone waits (a bounded while, for a signal to be delivered) until
// pid is gone and reports whether it is.
func waitGone(pid int) bool {
	for range 200 {
		if !alive(pid) {
			return true
		}
		time.Sleep(25 * time.Millisecond)
	}
	return false
}

// readPid waits for a pid file a tool writes.
func readPid(t *testing.T, name string) int {
	t.Helper()
	for range 400 {
		data, err := os.ReadFile(name)
		if pid, perr := strconv.Atoi(strings.TrimSpace(string(data))); err == nil && perr == nil && pid > 0 {
			return pid
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Fatalf("no pid in %s", name)
	return 0
}

// TestCancelKillsTheToolsChildren: a cancelled tool is killed with every
// process it started (its process group), and the run is an error.
func TestCancelKillsTheToolsChildren(t *testing.T) {
	dir := t.TempDir()
	pidfile := filepath.Join(dir, "grandchild.pid")
	// The tool starts a grandchild that does not hold its output, then
	// waits for it.
	c := Command{Name: "slow", Args: []string{"sh", "-c", `sleep 300 >/dev/null 2>&1 & echo $! > "$0"; wait`, pidfile}, Format: Lines}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := c.Run(ctx, dir)
		done <- err
	}()
	pid := readPid(t, pidfile)
	defer syscall.Kill(pid, syscall.SIGKILL)
	cancel()
	if err := <-done; err == nil {
		t.Error("a cancelled run is no error")
	}
	if !waitGone(pid) {
		t.Errorf("the tool's child %d outlived the cancelled run", pid)
	}
}

// TestKilledToolIsAnError: a tool killed by a signal (here by itself)
// after printing part of its output gives an error, never the part as its
// result.
func TestKilledToolIsAnError(t *testing.T) {
	c := Command{Name: "half", Args: []string{"sh", "-c", `echo "a.go:1:1: first of many"; kill -9 $$`}, Format: Lines}
	ds, err := c.Run(context.Background(), t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "half") {
		t.Errorf("diagnostics %v, error %v: want an error naming the tool", ds, err)
	}
}

// TestToolInItsOwnGroup: a tool runs in a process group of its own, so
// that killing the group kills nothing of the caller's.
func TestToolInItsOwnGroup(t *testing.T) {
	c := Command{Name: "pgid", Args: []string{"sh", "-c", `echo "a.go:1:1: $(ps -o pgid= -p $$ | tr -d ' ')"`}, Format: Lines}
	ds, err := c.Run(context.Background(), t.TempDir())
	if err != nil || len(ds) != 1 {
		t.Fatalf("%v %v", ds, err)
	}
	if pg, _ := strconv.Atoi(ds[0].Message); pg == syscall.Getpgrp() || pg == 0 {
		t.Errorf("the tool's process group %q is the caller's", ds[0].Message)
	}
}
