package multishot

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/providers/tools"
)

// OfflineReviewer is the reviewer that needs no model: `go vet` on the Go
// packages of the slice, the given external tools on its files, and the
// given prose reviewers (the offline Editorial reviewers, say) on its
// Markdown files. Tools read the disk: they run in the working tree for an
// uncommitted change, else in a tree of the reviewed commit
// (ShotInput.Checkout). A tool that is not installed or does not apply is
// listed in Result.Skipped with why; one that fails is listed there as
// failed, with what it wrote. It reports only on the changed lines of the
// slice's files: a finding elsewhere in a file is old news. Its answers
// are the same on every shot, so sibling shots of a slice are duplicates
// of each other.
type OfflineReviewer struct {
	// Prose review Markdown files; their findings keep their quote and fix,
	// which the triage gate may apply.
	Prose []agent.Reviewer
	// Tools run on the slice's files (appended to their arguments; a
	// Packages tool, staticcheck say, on their Go packages, and not on a
	// slice without Go files): a diagnostic of severity error is P1,
	// warning P2, info P3.
	Tools []tools.Command
	// NoVet turns `go vet` off.
	NoVet bool
}

// GoVet is the go vet command OfflineReviewer runs on a slice's packages;
// its findings are P1, since what vet reports is a likely bug.
var GoVet = tools.Command{Name: "go vet", Args: []string{"go", "vet"}, Format: tools.Lines, Stderr: true, Env: []string{"GOWORK=off"}, Packages: true}

// Review implements Reviewer.
func (o OfflineReviewer) Review(ctx context.Context, in ShotInput) (Result, agent.Usage, error) {
	res := Result{SchemaVersion: 1, Findings: []ShotFinding{}}
	changed := map[string][]finding.LineRange{}
	var files []string
	for _, f := range in.Files {
		changed[f.Path] = f.Lines
		if f.Status != Deleted {
			files = append(files, f.Path)
		}
	}
	keep := func(f ShotFinding) {
		lr := f.Location.Lines()
		if slices.ContainsFunc(changed[f.Location.Path], func(c finding.LineRange) bool { return c.Start <= lr.End && lr.Start <= c.End }) {
			res.Findings = append(res.Findings, f)
		}
	}
	type run struct {
		cmd   tools.Command
		args  []string
		level Level // all its findings' level; "" reads the tool's severity
		goMod bool  // it needs a go.mod at the top level
	}
	var runs []run
	pkgs := tools.Packages(files)
	if !o.NoVet && len(pkgs) > 0 {
		runs = append(runs, run{GoVet, pkgs, P1, true})
	}
	for _, c := range o.Tools {
		switch {
		case !c.Packages:
			runs = append(runs, run{c, files, "", false})
		case len(pkgs) > 0:
			runs = append(runs, run{c, pkgs, "", false})
		}
	}
	dir := in.Root
	if len(runs) > 0 && !in.Worktree {
		// Tools read the disk: they run in a tree of the reviewed commit.
		var err error
		switch {
		case in.Checkout == nil:
			err = errors.New("the files are a commit's and no checkout of it was given")
		default:
			dir, err = in.Checkout(ctx)
		}
		if err != nil && ctx.Err() != nil {
			return res, agent.Usage{}, err
		}
		if err != nil {
			for _, r := range runs {
				res.Skipped = append(res.Skipped, Skip{Reviewer: r.cmd.String(), Reason: err.Error(), Failed: true})
			}
			runs = nil
		}
	}
	for _, r := range runs {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); r.goMod && err != nil {
			res.Skipped = append(res.Skipped, Skip{Reviewer: r.cmd.String(), Reason: "no go.mod at the repository's top level"})
			continue
		}
		ds, err := r.cmd.Run(ctx, dir, r.args...)
		switch {
		case errors.Is(err, tools.ErrNotInstalled):
			res.Skipped = append(res.Skipped, Skip{Reviewer: r.cmd.String(), Reason: fmt.Sprintf("not installed (%s is not on PATH)", r.cmd.Args[0])})
			continue
		case err != nil && ctx.Err() != nil:
			return res, agent.Usage{}, err // the shot's time is up, or the run's: retried or resumed
		case err != nil:
			res.Skipped = append(res.Skipped, Skip{Reviewer: r.cmd.String(), Reason: strings.TrimPrefix(err.Error(), r.cmd.String()+": "), Failed: true})
			continue
		}
		for _, d := range ds {
			end, lv := d.EndLine, r.level
			if lv == "" {
				lv = toolLevel(d.Severity)
			}
			keep(ShotFinding{Severity: lv, Title: d.Message, Content: toolContent(d),
				Location: Location{Path: d.Path, StartLine: d.Line, EndLine: &end}, Quote: d.Match, Source: d.Source})
		}
	}
	for _, f := range in.Files {
		if f.Status == Deleted || strings.ToLower(path.Ext(f.Path)) != ".md" {
			continue
		}
		for _, r := range o.Prose {
			target := agent.Target{Path: f.Path, Text: f.Text}
			var rv agent.Review
			var err error
			if lr, ok := r.(lineReviewer); ok {
				rv, err = lr.ReviewLines(ctx, target, f.Lines) // the changed lines first, then the per-rule cap
			} else {
				rv, err = r.Review(ctx, target)
			}
			if err != nil {
				return res, agent.Usage{}, fmt.Errorf("%s on %s: %w", r.Name(), f.Path, err)
			}
			for _, pf := range rv.Report.Findings {
				end := pf.LineRange.End
				keep(ShotFinding{Severity: LevelOf(pf.Severity), Title: pf.Issue, Content: proseContent(pf),
					Location: Location{Path: f.Path, StartLine: pf.LineRange.Start, EndLine: &end}, Quote: pf.Quote(), Fix: pf.Fix, Source: r.Name()})
			}
		}
	}
	return res, agent.Usage{}, nil
}

func proseContent(f finding.Finding) string {
	if f.Fix != "" && f.Quote() != "" {
		return fmt.Sprintf("%s: %q -> %q", f.Category, f.Quote(), f.Fix)
	}
	return fmt.Sprintf("%s: %q", f.Category, f.Quote())
}

func toolLevel(s tools.Severity) Level {
	switch s {
	case tools.Error:
		return P1
	case tools.Info:
		return P3
	}
	return P2
}

func toolContent(d tools.Diagnostic) string {
	where := fmt.Sprintf("%s:%d", d.Path, d.Line)
	if d.Rule != "" {
		return fmt.Sprintf("%s %s reports at %s: %s", d.Source, d.Rule, where, d.Message)
	}
	return fmt.Sprintf("%s reports at %s: %s", d.Source, where, d.Message)
}

// lineReviewer is a prose reviewer that limits its findings to line
// ranges before it condenses them (offline.Reviewer.ReviewLines).
type lineReviewer interface {
	ReviewLines(ctx context.Context, t agent.Target, lines []finding.LineRange) (agent.Review, error)
}
