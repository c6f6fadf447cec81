package main

import (
	"fmt"
	"io"
	"strings"
	"sync"

	"go.temporal.io/server/common/log"
	"go.temporal.io/server/common/log/tag"
)

// serverLogger is the server's logger: its records on stderr with
// verbose, none without; a fatal record ends the process (fatalLogger)
// either way, with exit.
func serverLogger(verbose bool, stderr io.Writer, exit func(int)) log.Logger {
	next := log.Logger(log.NewNoopLogger())
	if verbose {
		next = log.NewZapLogger(log.BuildZapLogger(log.Config{Level: "info", Format: "console"}))
	}
	return newFatalLogger(next, stderr, exit)
}

// fatalLogger passes the server's records to next (the no-op logger
// without -v) but ends the process on a fatal one, as the server expects
// of its logger: it writes "devserver: fatal: MSG (TAGS)" to w and calls
// exit(1). A no-op logger alone would let the server go on after, say, a
// frontend that could not listen, and die later of a nil pointer. Panic
// records are written to w and panic. It is safe for concurrent use.
type fatalLogger struct {
	next log.Logger
	w    io.Writer
	exit func(code int)
	mu   *sync.Mutex // one fatal record is written whole, and only one
}

func newFatalLogger(next log.Logger, w io.Writer, exit func(int)) fatalLogger {
	return fatalLogger{next: next, w: w, exit: exit, mu: &sync.Mutex{}}
}

func (l fatalLogger) Debug(msg string, tags ...tag.Tag)  { l.next.Debug(msg, tags...) }
func (l fatalLogger) Info(msg string, tags ...tag.Tag)   { l.next.Info(msg, tags...) }
func (l fatalLogger) Warn(msg string, tags ...tag.Tag)   { l.next.Warn(msg, tags...) }
func (l fatalLogger) Error(msg string, tags ...tag.Tag)  { l.next.Error(msg, tags...) }
func (l fatalLogger) DPanic(msg string, tags ...tag.Tag) { l.next.Error(msg, tags...) }

func (l fatalLogger) Panic(msg string, tags ...tag.Tag) {
	line := record("panic", msg, tags)
	l.mu.Lock()
	fmt.Fprintln(l.w, line)
	l.mu.Unlock()
	panic(line)
}

func (l fatalLogger) Fatal(msg string, tags ...tag.Tag) {
	l.next.Error(msg, tags...)
	l.mu.Lock() // held: the process ends
	fmt.Fprintln(l.w, record("fatal", msg, tags))
	l.exit(1)
}

// record is a fatal or panic record in one line: "devserver: fatal: Failed
// to start gRPC listener (error: listen tcp ...: bind: address already in
// use, service: frontend)".
func record(level, msg string, tags []tag.Tag) string {
	var b strings.Builder
	fmt.Fprintf(&b, "devserver: %s: %s", level, msg)
	for i, t := range tags {
		if i == 0 {
			b.WriteString(" (")
		} else {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s: %v", t.Key(), t.Value())
	}
	if len(tags) > 0 {
		b.WriteString(")")
	}
	return b.String()
}
