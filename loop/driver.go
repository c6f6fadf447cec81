package loop

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
)

// A Driver runs one kind of loop in a folder: Run starts a run (resume
// false) or resumes the one journaled there (true) over the documents in
// dir, with args (the driver's own settings as JSON, the same on every
// execution of the run), and returns how it stopped.
//
// A Driver keeps the kernel's contract: every value that could differ
// between two executions comes from a journal step (see package journal),
// so that a run killed at any point and resumed ends as an uninterrupted
// one. It reads and writes nothing outside dir, and a person's answers
// come from files in dir (Stop.Answer), so that a run can move between
// machines with its folder; only a run whose arguments name GateOwn is
// answered within the process, by its configure function's asker. Run may be called concurrently for different
// folders; one folder has one run at a time (the lifecycle's lock refuses
// a second with journal.ErrBusy).
//
// Errors: a resume of a run never started (a kill before its start step)
// matches ErrNotStarted, and the caller starts it anew (StartOrResume); a
// run that stopped before its end (at a round cap, waiting for a person) is
// a Stop, not an error; an error is a run that could not go on.
type Driver interface {
	Run(ctx context.Context, dir string, args json.RawMessage, resume bool) (Stop, error)
}

// DriverFunc adapts a function to Driver.
type DriverFunc func(ctx context.Context, dir string, args json.RawMessage, resume bool) (Stop, error)

// Run calls f.
func (f DriverFunc) Run(ctx context.Context, dir string, args json.RawMessage, resume bool) (Stop, error) {
	return f(ctx, dir, args, resume)
}

// Stop is how a Driver's run stopped. Its paths are slash-separated and
// relative to the run's dir. The zero Stop is a run that ended with no
// reason given.
type Stop struct {
	// Reason is the loop's stop reason: a StopReason's text, or the
	// driver's own short word ("PASS", "verdict").
	Reason string `json:"reason"`
	// Text says for people how the run ended, in the driver's words;
	// empty when Reason says it all.
	Text string `json:"text,omitempty"`
	// Usage sums the run's model calls, failed ones included.
	Usage agent.Usage `json:"usage,omitzero"`
	// Artifacts are the files the run wrote for people (summary, report,
	// saved episode), in the driver's order.
	Artifacts []string `json:"artifacts,omitempty"`
	// Answer, when the run waits for a person, is the file the answer goes
	// in (decisions or answers file), read when the run is resumed; empty
	// when the run ended.
	Answer string `json:"answer,omitempty"`
	// Question is the file of what the run asks (its pending.json or
	// questions.json) while it waits.
	Question string `json:"question,omitempty"`
	// Result is the driver's own account of the run as JSON (its
	// Outcome, Result or Summary), for a program that shows more than
	// the Stop; empty when the driver gives none. Its paths are the
	// driver's local ones, so it is for the machine that ran it.
	Result json.RawMessage `json:"result,omitempty"`
}

// Waiting reports whether the run waits for a person's answer in
// s.Answer.
func (s Stop) Waiting() bool { return s.Answer != "" }

// StartOrResume runs d in dir: resumed when resume is set, and started
// anew when the resume finds no run started there (ErrNotStarted).
func StartOrResume(ctx context.Context, d Driver, dir string, args json.RawMessage, resume bool) (Stop, error) {
	stop, err := d.Run(ctx, dir, args, resume)
	if resume && errors.Is(err, ErrNotStarted) {
		return d.Run(ctx, dir, args, false)
	}
	return stop, err
}

// DriverPaths returns the files paths (slash-separated, relative to dir)
// name in a Driver's folder dir, in order; a path outside dir (absolute,
// with "..", or not in its clean form) is an error.
func DriverPaths(dir string, paths ...string) ([]string, error) {
	out := make([]string, len(paths))
	for i, p := range paths {
		local := filepath.FromSlash(p)
		if p == "" || !filepath.IsLocal(local) || filepath.ToSlash(filepath.Clean(local)) != p || strings.Contains(p, `\`) {
			return nil, fmt.Errorf("loop: path %q: want a clean slash-separated path inside the run's folder", p)
		}
		out[i] = filepath.Join(dir, local)
	}
	return out, nil
}

// DriverArtifacts returns the paths under dir of files, as a Stop's
// Artifacts: empty names, files that do not exist and files outside dir
// are left out.
func DriverArtifacts(dir string, files ...string) []string {
	var out []string
	for _, f := range files {
		if _, err := os.Stat(f); f == "" || err != nil {
			continue
		}
		if !filepath.IsAbs(f) {
			if abs, err := filepath.Abs(f); err == nil {
				f = abs
			}
		}
		root, err := filepath.Abs(dir)
		if err != nil {
			continue
		}
		rel, err := filepath.Rel(root, f)
		if err != nil || !filepath.IsLocal(rel) {
			continue
		}
		out = append(out, filepath.ToSlash(rel))
	}
	return out
}

// DriverGate is how a Driver's run asks a person, as its arguments name
// it.
type DriverGate string

const (
	// GateFile, the default (""), writes what the run asks into its folder
	// and stops waiting for the answer file (rounds.FileGate, FileAsker).
	GateFile DriverGate = "file"
	// GateAuto asks nobody (rounds.AutoGate, AutoAsker).
	GateAuto DriverGate = "auto"
	// GateOwn keeps the asker and gate the driver's configure function
	// set (a terminal's, a demo's), which answer within the process: a
	// run moved to another machine has none of them. What configure
	// left nil is the driver's default (AutoAsker, AutoGate).
	GateOwn DriverGate = "own"
)

// File reports whether g is the file gate; a gate other than "", "file",
// "auto" and "own" is an error.
func (g DriverGate) File() (bool, error) {
	switch g {
	case "", GateFile:
		return true, nil
	case GateAuto, GateOwn:
		return false, nil
	}
	return false, fmt.Errorf("loop: gate %q: want file, auto or own", string(g))
}

// Own reports whether g is GateOwn: the driver keeps its configure
// function's asker and gate.
func (g DriverGate) Own() bool { return g == GateOwn }

// DriverArgs decodes a Driver's JSON arguments; empty args are the zero
// T. what names the driver in the error.
func DriverArgs[T any](what string, raw json.RawMessage) (T, error) {
	var args T
	if len(raw) == 0 {
		return args, nil
	}
	if err := json.Unmarshal(raw, &args); err != nil {
		return args, fmt.Errorf("%s arguments: %w", what, err)
	}
	return args, nil
}

// Asker is the asker g names for questions whose files live in the run
// folder dir: a FileAsker there for the file gate, AutoAsker for auto, or
// File's error for another gate.
func (g DriverGate) Asker(dir string) (Asker, error) {
	file, err := g.File()
	if err != nil {
		return nil, err
	}
	return askerFor(file, dir), nil
}

// SetAsker sets *asker to the asker g names for questions whose files
// live in dir (Asker), unless g is GateOwn, which keeps *asker (its
// configure function's). For another gate it returns File's error and
// leaves *asker as it was.
func (g DriverGate) SetAsker(asker *Asker, dir string) error {
	a, err := g.Asker(dir)
	if err != nil || g.Own() {
		return err
	}
	*asker = a
	return nil
}

// askerFor is FileAsker{dir} when file, else AutoAsker.
func askerFor(file bool, dir string) Asker {
	if file {
		return FileAsker{Dir: dir}
	}
	return AutoAsker{}
}
