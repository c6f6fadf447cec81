package tools

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// ErrNotInstalled: the command's program is not on PATH.
var ErrNotInstalled = errors.New("tools: not installed")

// MaxOutput bounds what a tool may print before it is refused.
const MaxOutput = 32 << 20

// Command is an external tool run as a reviewer.
type Command struct {
	// Name names the reviewer ("go vet", "staticcheck"); empty means
	// Args[0].
	Name string
	// Args is the program and its arguments, run without a shell. The
	// files to review are appended (see Run).
	Args []string
	// Format is the output format to read.
	Format Format
	// Env is added to the process's environment. Optional.
	Env []string
	// Stderr reads the diagnostics from standard error too (go vet
	// writes them there). Optional.
	Stderr bool
	// Packages: the tool type-checks Go code (go vet, staticcheck), so it
	// is given the packages of the files to review ("./dir", see
	// Packages), test files' with the rest, not the files: a file
	// type-checked alone does not know its package's other names.
	Packages bool
}

// Packages returns the Go packages of files (slash-separated paths from
// the folder a tool runs in), "./dir" each, sorted and without repeats:
// the folder of every ".go" file, a test file's included.
func Packages(files []string) []string {
	var out []string
	for _, f := range files {
		if strings.HasSuffix(f, ".go") {
			if p := "./" + path.Dir(f); !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	slices.Sort(out)
	return out
}

// String returns the command's name.
func (c Command) String() string {
	if c.Name != "" {
		return c.Name
	}
	if len(c.Args) > 0 {
		return c.Args[0]
	}
	return "tool"
}

// Run runs c in dir with files appended to its arguments and parses what
// it prints. A non-zero exit is not an error when diagnostics parse from
// the output (a linter exits 1 when it finds something); it is, with what
// the tool wrote, when none does. A result without a file and line (a
// SARIF result about the run) is an error too: the tool did not review
// what it was given.
// The tool runs contained (Contain): cancelling ctx kills it with what it
// started. A tool killed by a signal, or whose output was not read to the
// end, is an error, whatever it printed. A program not on PATH is
// ErrNotInstalled.
func (c Command) Run(ctx context.Context, dir string, files ...string) ([]Diagnostic, error) {
	if len(c.Args) == 0 {
		return nil, errors.New("tools: a command without a program")
	}
	if _, err := exec.LookPath(c.Args[0]); err != nil {
		return nil, fmt.Errorf("%w: %s", ErrNotInstalled, c.Args[0])
	}
	cmd := exec.CommandContext(ctx, c.Args[0], append(c.Args[1:len(c.Args):len(c.Args)], files...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), c.Env...)
	Contain(cmd)
	out := &capped{limit: MaxOutput}
	errb := &capped{limit: 1 << 20}
	cmd.Stdout = out
	cmd.Stderr = errb
	if c.Stderr {
		cmd.Stderr = out
	}
	runErr := cmd.Run()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("%s: %w", c, ctx.Err())
	}
	if out.over {
		return nil, fmt.Errorf("%s: more than %d bytes of output", c, MaxOutput)
	}
	// Only a run that ended by itself, with its output read to the end,
	// gives a result: a tool killed or cut short says nothing about what
	// it did not get to.
	if errors.Is(runErr, exec.ErrWaitDelay) {
		return nil, fmt.Errorf("%s: its output was not read to the end (a process it started held it open past %s)", c, WaitDelay)
	}
	var exit *exec.ExitError
	if runErr != nil && !errors.As(runErr, &exit) {
		return nil, fmt.Errorf("%s: %w", c, runErr)
	}
	if exit != nil && !exit.Exited() {
		return nil, fmt.Errorf("%s: %v before it finished: %s", c, runErr, said(out, errb, c.Stderr))
	}
	ds, unplaced, err := parse(c.Format, out.Bytes(), dir)
	switch {
	case err != nil && runErr != nil:
		return nil, fmt.Errorf("%s: %v: %s", c, runErr, said(out, errb, c.Stderr))
	case err != nil:
		return nil, fmt.Errorf("%s: %w", c, err)
	case len(unplaced) > 0:
		// A result about the run, not a line (a package that did not
		// load): the run did not review what it was given.
		var msgs []string
		for _, d := range unplaced {
			msgs = append(msgs, strings.TrimSpace(strings.Join([]string{d.Rule, d.Message}, " ")))
		}
		return nil, fmt.Errorf("%s: %d result(s) without a file and line: %s", c, len(unplaced), strings.Join(msgs, "; "))
	case runErr != nil && len(ds) == 0:
		// A linter exits non-zero when it finds something; without a
		// finding that parses, the tool failed.
		return nil, fmt.Errorf("%s: %v without a diagnostic: %s", c, runErr, said(out, errb, c.Stderr))
	}
	for i := range ds {
		if ds[i].Source == "" {
			ds[i].Source = c.String()
		}
	}
	return ds, nil
}

// maxSaid bounds what of a failed tool's output an error quotes.
const maxSaid = 4 << 10

// said is what a failed tool wrote, for its error: its standard error, or
// its output when that holds the standard error too; the end of it when
// it is long.
func said(out, errb *capped, merged bool) string {
	text := errb.String()
	if merged || strings.TrimSpace(text) == "" {
		text = out.String() + text
	}
	text = strings.TrimSpace(text)
	if len(text) > maxSaid {
		text = "..." + strings.ToValidUTF8(text[len(text)-maxSaid:], "")
	}
	if text == "" {
		return "(it wrote nothing)"
	}
	return text
}

type capped struct {
	bytes.Buffer
	limit int
	over  bool
}

// Write appends p, or fails once the limit would be passed.
func (c *capped) Write(p []byte) (int, error) {
	if c.Len()+len(p) > c.limit {
		c.over = true
		return 0, errors.New("too much output")
	}
	return c.Buffer.Write(p)
}

// Reviewer is an agent.Reviewer that runs a Command on the target's file
// (Target.Path, relative to Dir; its package for a Packages command; the
// tool reads the file from disk, so Target.Text should be what is there) and reports each diagnostic on it as
// advice: severity error is high, warning medium, info low; the quote is
// the diagnostic's Match when the tool gives one; confidence 80.
type Reviewer struct {
	// Command is the tool. Required.
	Command Command
	// Dir is the folder the tool runs in. Required.
	Dir string
	// Category is the findings' category; empty means "tool".
	Category string
}

// Name returns the command's name.
func (r Reviewer) Name() string { return r.Command.String() }

// Review implements agent.Reviewer.
func (r Reviewer) Review(ctx context.Context, t agent.Target) (agent.Review, error) {
	args := []string{t.Path}
	if r.Command.Packages {
		args = Packages([]string{filepath.ToSlash(t.Path)})
	}
	ds, err := r.Command.Run(ctx, r.Dir, args...)
	if err != nil {
		return agent.Review{}, err
	}
	cat := r.Category
	if cat == "" {
		cat = "tool"
	}
	rep := finding.Report{Reviewer: r.Name(), SchemaVersion: finding.SchemaVersion, Summary: fmt.Sprintf("%d diagnostic(s)", len(ds)), Findings: []finding.Finding{}}
	want := relPath(r.Dir, t.Path)
	for _, d := range ds {
		if d.Path != want {
			continue
		}
		f := finding.Finding{ID: fmt.Sprintf("T%03d", len(rep.Findings)+1), Category: cat, File: d.Path,
			LineRange: finding.LineRange{Start: d.Line, End: d.EndLine}, Issue: issue(d), Confidence: 80, Severity: d.Severity.Council(), Quotes: []string{}}
		if d.Match != "" {
			f.Quotes = []string{d.Match}
		}
		rep.Findings = append(rep.Findings, f)
	}
	return agent.Review{Report: rep}, nil
}

func issue(d Diagnostic) string {
	if d.Rule != "" {
		return fmt.Sprintf("%s (%s %s)", d.Message, d.Source, d.Rule)
	}
	return fmt.Sprintf("%s (%s)", d.Message, d.Source)
}

// Council maps s onto Council JSON v1.
func (s Severity) Council() finding.Severity {
	switch s {
	case Error:
		return finding.High
	case Info:
		return finding.Low
	}
	return finding.Medium
}
