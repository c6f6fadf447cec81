// Package multitool runs Microsoft's SARIF validator, sarif-multitool
// validate (the npm package @microsoft/sarif-multitool), over a SARIF
// log with the default rules and with GitHub's (--rule-kind Gh: what
// GitHub code scanning requires of an upload), for the tests of the
// SARIF writers.
//
// The validator exits 0 whatever it finds, so Validate reads its
// diagnostics from its output.
package multitool

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// Version is the @microsoft/sarif-multitool the repository's CI installs.
const Version = "5.7.0"

// RuleKinds are the rule sets Validate runs: the validator's default
// (the SARIF specification's rules) and GitHub's.
var RuleKinds = []string{"Sarif", "Gh"}

// ErrNotFound is returned by Find when neither sarif-multitool nor npx is
// on PATH.
var ErrNotFound = errors.New("multitool: neither sarif-multitool nor npx (npm) is on PATH: install it with npm install -g @microsoft/sarif-multitool@" + Version)

// Tool is a way to run sarif-multitool: a program and the arguments
// before its own.
type Tool struct {
	Path string
	Args []string
}

// Find returns sarif-multitool from PATH, or else npx running Version
// (which may download it; Find checks that it starts).
func Find(ctx context.Context) (Tool, error) {
	if p, err := exec.LookPath("sarif-multitool"); err == nil {
		return Tool{Path: p}, nil
	}
	p, err := exec.LookPath("npx")
	if err != nil {
		return Tool{}, ErrNotFound
	}
	tool := Tool{Path: p, Args: []string{"--yes", "@microsoft/sarif-multitool@" + Version}}
	if out, err := tool.command(ctx, "--version").CombinedOutput(); err != nil {
		return Tool{}, fmt.Errorf("multitool: npx could not run sarif-multitool: %w: %s", err, bytes.TrimSpace(out))
	}
	return tool, nil
}

func (t Tool) command(ctx context.Context, args ...string) *exec.Cmd {
	return exec.CommandContext(ctx, t.Path, append(append([]string{}, t.Args...), args...)...)
}

// diagnostic matches one of the validator's error, warning or note lines.
var diagnostic = regexp.MustCompile(`(?m)^.*: (error|warning|note) ((?:SARIF|GH)\d+):.*$`)

// Validate validates the SARIF log in file with each of RuleKinds and
// returns every error, warning and note line the validator printed, in
// order. The error says when the validator failed or did not complete.
func (t Tool) Validate(ctx context.Context, file string) ([]string, error) {
	var diags []string
	out := filepath.Join(filepath.Dir(file), filepath.Base(file)+".validation.sarif")
	for _, kind := range RuleKinds {
		text, err := t.command(ctx, "validate", file, "--output", out, "--log", "ForceOverwrite", "--rule-kind", kind).CombinedOutput()
		if err != nil {
			return diags, fmt.Errorf("multitool: validate --rule-kind %s %s: %w\n%s", kind, file, err, text)
		}
		if !bytes.Contains(text, []byte("Analysis completed successfully")) {
			return diags, fmt.Errorf("multitool: validate --rule-kind %s %s did not complete:\n%s", kind, file, text)
		}
		for _, m := range diagnostic.FindAll(text, -1) {
			diags = append(diags, string(bytes.TrimSpace(m)))
		}
	}
	return diags, nil
}

// Check fails t on every diagnostic the validator gives data (see
// Validate), with name in each message, and reports true. When the
// validator cannot be found (Find) it logs why and reports false, so that
// the caller may skip.
func Check(t testing.TB, name string, data []byte) bool {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	tool, err := Find(ctx)
	if err != nil {
		t.Log(err)
		return false
	}
	file := filepath.Join(t.TempDir(), name+".sarif")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	diags, err := tool.Validate(ctx, file)
	for _, d := range diags {
		t.Errorf("%s: %s", name, d)
	}
	if err != nil {
		t.Error(err)
	}
	return true
}
