// Package headless drives a headless Chromium for the tests through the
// DevTools protocol over a pipe (--remote-debugging-pipe): no port, no
// WebSocket and no dependency. It knows the few commands the report
// tests need: open a page at a window size, navigate, evaluate a script
// (awaiting its promise) and take a screenshot.
//
// A Browser is safe for concurrent use; each Page belongs to one
// goroutine at a time.
package headless

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Find returns the path of the first Chromium on PATH ("chromium",
// "chromium-browser", "google-chrome"), or "" when there is none.
func Find() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Flags are the command-line flags of a headless Chromium that keeps to
// itself: no sandbox (tests run as root), no GPU, and none of its
// background connections (updates, sync, QUIC), with its profile in
// profileDir.
func Flags(profileDir string) []string {
	return []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--no-default-browser-check",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
		"--hide-scrollbars", "--user-data-dir=" + profileDir}
}

// Browser is one headless Chromium process.
type Browser struct {
	cmd    *exec.Cmd
	w      io.WriteCloser
	stderr *lockedText

	mu      sync.Mutex
	next    int
	waiting map[int]chan message
	err     error         // why the pipe closed; set before done is closed
	done    chan struct{} // closed when the pipe from the browser closes
}

// message is one protocol message: a reply (ID set) or an event.
type message struct {
	ID        int             `json:"id,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    any             `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// Start runs exe (see Find) headless with its profile in profileDir,
// which the caller removes after Close. The browser lives until Close or
// until ctx ends.
func Start(ctx context.Context, exe, profileDir string) (*Browser, error) {
	toBrowser, ours, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("headless: %w", err)
	}
	theirs, fromBrowser, err := os.Pipe()
	if err != nil {
		toBrowser.Close()
		ours.Close()
		return nil, fmt.Errorf("headless: %w", err)
	}
	cmd := exec.CommandContext(ctx, exe, append(Flags(profileDir), "--remote-debugging-pipe", "about:blank")...)
	cmd.ExtraFiles = []*os.File{toBrowser, fromBrowser} // its fd 3 and 4
	b := &Browser{cmd: cmd, w: ours, stderr: &lockedText{}, waiting: map[int]chan message{}, done: make(chan struct{})}
	cmd.Stderr = b.stderr
	err = cmd.Start()
	toBrowser.Close()
	fromBrowser.Close()
	if err != nil {
		ours.Close()
		theirs.Close()
		return nil, fmt.Errorf("headless: %w", err)
	}
	go b.read(theirs)
	return b, nil
}

// read dispatches the browser's replies until its pipe closes.
func (b *Browser) read(r io.ReadCloser) {
	defer r.Close()
	br := bufio.NewReaderSize(r, 1<<20)
	var err error
	for {
		var line []byte
		if line, err = br.ReadBytes(0); err != nil {
			break
		}
		var m message
		if json.Unmarshal(line[:len(line)-1], &m) != nil || m.ID == 0 {
			continue // an event: nothing here waits for one
		}
		b.mu.Lock()
		ch := b.waiting[m.ID]
		delete(b.waiting, m.ID)
		b.mu.Unlock()
		if ch != nil {
			ch <- m
		}
	}
	b.mu.Lock()
	b.err = fmt.Errorf("headless: the browser closed its pipe (%v): %s", err, strings.TrimSpace(b.stderr.String()))
	b.mu.Unlock()
	close(b.done)
}

// Call sends method with params to session ("" for the browser itself)
// and decodes the reply's result into result (nil to drop it).
func (b *Browser) Call(ctx context.Context, session, method string, params, result any) error {
	ch := make(chan message, 1)
	b.mu.Lock()
	if b.err != nil {
		b.mu.Unlock()
		return b.err
	}
	b.next++
	id := b.next
	b.waiting[id] = ch
	data, err := json.Marshal(message{ID: id, SessionID: session, Method: method, Params: params})
	if err == nil {
		_, err = b.w.Write(append(data, 0))
	}
	b.mu.Unlock()
	if err != nil {
		return fmt.Errorf("headless: %s: %w", method, err)
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			return fmt.Errorf("headless: %s: %s (%d)", method, m.Error.Message, m.Error.Code)
		}
		if result == nil {
			return nil
		}
		if err := json.Unmarshal(m.Result, result); err != nil {
			return fmt.Errorf("headless: %s: %w", method, err)
		}
		return nil
	case <-b.done:
		return b.err
	case <-ctx.Done():
		b.mu.Lock()
		delete(b.waiting, id)
		b.mu.Unlock()
		return fmt.Errorf("headless: %s: %w", method, ctx.Err())
	}
}

// Close asks the browser to quit and waits for it.
func (b *Browser) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	b.Call(ctx, "", "Browser.close", nil, nil) // the pipe may close before the reply
	b.w.Close()
	select {
	case <-b.done:
	case <-ctx.Done():
		b.cmd.Process.Kill()
	}
	err := b.cmd.Wait()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return nil // quit with a status or killed: it is gone either way
	}
	return err
}

// lockedText is the browser's standard error, written by exec's copier
// and read when the pipe closes.
type lockedText struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedText) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedText) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
