package multishot

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// OfflineReviewer is the reviewer that needs no model: `go vet` on the Go
// packages of the slice (where the go command is installed and the files
// are the working tree's) and the given prose reviewers (the offline
// Editorial reviewers, say) on its Markdown files. It reports only on the
// changed lines of the slice's files: a finding elsewhere in a file is old
// news. Its answers are the same on every shot, so sibling shots of a
// slice are duplicates of each other.
type OfflineReviewer struct {
	// Prose review Markdown files; their findings keep their quote and fix,
	// which the triage gate may apply. Optional.
	Prose []agent.Reviewer
	// NoVet turns `go vet` off. Optional.
	NoVet bool
}

// vetLine matches "file:line:col: message" and "file:line: message".
var vetLine = regexp.MustCompile(`^(.+?):(\d+)(?::(\d+))?: (.+)$`)

// Review implements Reviewer.
func (o OfflineReviewer) Review(ctx context.Context, in ShotInput) (Result, agent.Usage, error) {
	res := Result{SchemaVersion: 1, Findings: []ShotFinding{}}
	changed := map[string][]finding.LineRange{}
	for _, f := range in.Files {
		changed[f.Path] = f.Lines
	}
	keep := func(f ShotFinding) {
		lr := f.Location.Lines()
		if slices.ContainsFunc(changed[f.Location.Path], func(c finding.LineRange) bool { return c.Start <= lr.End && lr.Start <= c.End }) {
			res.Findings = append(res.Findings, f)
		}
	}
	if !o.NoVet && in.Worktree {
		fs, err := vet(ctx, in)
		if err != nil {
			return res, agent.Usage{}, err
		}
		for _, f := range fs {
			keep(f)
		}
	}
	for _, f := range in.Files {
		if f.Status == Deleted || strings.ToLower(path.Ext(f.Path)) != ".md" {
			continue
		}
		for _, r := range o.Prose {
			rv, err := r.Review(ctx, agent.Target{Path: f.Path, Text: f.Text})
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

// vet runs `go vet` on the packages of the slice's Go files (not tests'
// build constraints beyond go vet's own) from the repository root and reads
// its "file:line:col: message" lines. No go command, or no go.mod, is no
// finding: the tool is not available for this change.
func vet(ctx context.Context, in ShotInput) ([]ShotFinding, error) {
	dirs := map[string]bool{}
	for _, f := range in.Files {
		if strings.HasSuffix(f.Path, ".go") && f.Status != Deleted {
			dirs["./"+path.Dir(f.Path)] = true
		}
	}
	if len(dirs) == 0 {
		return nil, nil
	}
	if _, err := exec.LookPath("go"); err != nil {
		return nil, nil
	}
	if _, err := os.Stat(filepath.Join(in.Root, "go.mod")); err != nil {
		return nil, nil
	}
	cmd := exec.CommandContext(ctx, "go", append([]string{"vet"}, sortedKeys(dirs)...)...)
	cmd.Dir = in.Root
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return nil, fmt.Errorf("go vet: %w", err)
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return ParseLines(in.Root, out.Bytes(), "go vet", P1), nil
}

// ParseLines reads a tool's "file:line:col: message" (or "file:line:
// message") lines as findings of level, with file names made relative to
// root; other lines ("# package" headers, summaries) are skipped.
func ParseLines(root string, out []byte, source string, level Level) []ShotFinding {
	var fs []ShotFinding
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		m := vetLine.FindStringSubmatch(strings.TrimRight(sc.Text(), "\r"))
		if m == nil {
			continue
		}
		line, err := strconv.Atoi(m[2])
		if err != nil || line < 1 {
			continue
		}
		name := filepath.FromSlash(m[1])
		if !filepath.IsAbs(name) {
			name = filepath.Join(root, name)
		}
		rel, err := filepath.Rel(root, name)
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		msg := strings.TrimPrefix(m[4], "vet: ")
		fs = append(fs, ShotFinding{Severity: level, Title: msg, Content: fmt.Sprintf("%s reports at %s:%s: %s", source, filepath.ToSlash(rel), m[2], msg),
			Location: Location{Path: filepath.ToSlash(rel), StartLine: line}, Source: source})
	}
	return fs
}
