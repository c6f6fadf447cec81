package multishot

import (
	"context"
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// FileText is a file of a slice as a reviewer reads it.
type FileText struct {
	File
	// Text is the file's content at this pass, exactly as stored.
	Text []byte
}

// Dropped is a finding rejected in this or an earlier session, so that a
// reviewer does not raise it again.
type Dropped struct {
	// Path and Title are the rejected finding's.
	Path  string `json:"path"`
	Title string `json:"title"`
	// Reason is the rejection's reason, verbatim.
	Reason string `json:"reason"`
}

// ShotInput is everything one shot of a slice reads.
type ShotInput struct {
	// Slice is the slice reviewed, with its prompt.
	Slice Slice
	// Task is the user's original request, word for word.
	Task string
	// Policies are the REVIEW.md files that apply to the slice's files,
	// word for word, the nearest last.
	Policies []Policy
	// Files are the slice's files at this pass.
	Files []FileText
	// Root is the repository's top level, for reviewers that run tools
	// or read supporting context.
	Root string
	// Worktree reports that the files are the working tree's (an
	// uncommitted change, or a file the run fixed), so tools that read
	// the disk see what the reviewer is shown.
	Worktree bool
	// Checkout, when the files are not the working tree's (a commit or a
	// branch), returns a folder holding the reviewed commit's files, in
	// which tools that read the disk run: made on first use, shared by
	// the session's shots, removed at its end. Nil when Worktree is set.
	Checkout func(context.Context) (string, error) `json:"-"`
	// Wave, Pass and Shot number this call: the session's wave, the
	// slice's pass (from 1 since its definition) and the shot (from 1).
	Wave, Pass, Shot int
	// Rejected lists findings already rejected on these files.
	Rejected []Dropped
}

// Reviewer reviews one slice once (one shot). It must honour ctx and be
// safe for concurrent use. A Result that does not Validate is a failure of
// the shot, retried.
type Reviewer interface {
	Review(ctx context.Context, in ShotInput) (Result, agent.Usage, error)
}

// ReviewerFunc adapts a function to Reviewer.
type ReviewerFunc func(ctx context.Context, in ShotInput) (Result, agent.Usage, error)

// Review calls f.
func (f ReviewerFunc) Review(ctx context.Context, in ShotInput) (Result, agent.Usage, error) {
	return f(ctx, in)
}

// ReviewSystemPrompt is the system prompt of LLMReviewer.
const ReviewSystemPrompt = `You are one independent reviewer of a code change. Other reviewers read the same slice of the change with the same instructions; do not try to guess what they report. Report only real problems in the files of your slice, each with its priority (P0 breaks production, P1 a real bug, P2 a problem worth fixing, P3 a nit), a one-line title, the evidence and the fix in content, and its location. You may use other files as context, but report only on the files of your slice. An empty findings list is a valid answer.`

// LLMReviewer is a Reviewer on a model: one typed call (agent.Ask) per
// shot, repaired once when the answer does not match the schema.
type LLMReviewer struct {
	// Provider answers the calls. Required.
	Provider agent.Provider
	// Model names the model; empty means the provider's default.
	Model string
	// MaxTokens caps the answer; zero means the provider's default.
	MaxTokens int
}

// Request returns the request LLMReviewer sends for in: the task, the
// policies and the files first (shared by every shot of the slice, so a
// provider's prompt cache serves the siblings), the slice's prompt and
// what was rejected last.
func (r *LLMReviewer) Request(in ShotInput) agent.Request {
	var b strings.Builder
	fmt.Fprintf(&b, "# The user's request (verbatim)\n\n%s\n\n", in.Task)
	for _, p := range in.Policies {
		fmt.Fprintf(&b, "# Review policy %s (verbatim, applies to the files under its folder)\n\n%s\n\n", p.Path, p.Text)
	}
	for _, f := range in.Files {
		var lines []string
		for _, l := range f.Lines {
			lines = append(lines, l.String())
		}
		fmt.Fprintf(&b, "# File %s (%s; changed lines %s)\n\n", f.Path, f.Status, strings.Join(lines, ", "))
		if f.Status != Deleted {
			b.Write(agent.NumberLines(f.Text))
			b.WriteString("\n")
		}
	}
	fmt.Fprintf(&b, "# Your slice: %s\n\n%s\n", in.Slice.Name, in.Slice.Prompt)
	if len(in.Rejected) > 0 {
		b.WriteString("\nAlready rejected; do not report again:\n")
		for _, d := range in.Rejected {
			fmt.Fprintf(&b, "- %s: %s (reason: %s)\n", d.Path, d.Title, d.Reason)
		}
	}
	return agent.Request{Model: r.Model, MaxTokens: r.MaxTokens, System: ReviewSystemPrompt,
		Messages: []agent.Message{agent.UserText(b.String())}, SchemaName: "review_result"}
}

// Review implements Reviewer.
func (r *LLMReviewer) Review(ctx context.Context, in ShotInput) (Result, agent.Usage, error) {
	a, err := agent.Ask[Result](ctx, r.Provider, r.Request(in))
	if err != nil {
		return Result{}, a.Usage, fmt.Errorf("slice %s, shot %d: %w", in.Slice.Name, in.Shot, err)
	}
	return a.Value, a.Usage, nil
}

// toFinding maps a shot's finding onto Council JSON v1: severity from the
// level, issue = title, a blank line, content; the quote and fix of a
// mechanical edit kept; confidence 50, since the reviewer gives none.
func toFinding(id, slice string, f ShotFinding) finding.Finding {
	out := finding.Finding{ID: id, Category: slice, File: f.Location.Path, LineRange: f.Location.Lines(),
		Issue: f.Title + "\n\n" + f.Content, Fix: f.Fix, Confidence: 50, Severity: severityOf(f.Severity), Quotes: []string{}}
	if f.Quote != "" {
		out.Quotes = []string{f.Quote}
	}
	return out
}

// severityOf is l's Council JSON v1 severity; a validated result holds
// only levels, and anything else reads as low.
func severityOf(l Level) finding.Severity {
	if s, ok := l.Severity(); ok {
		return s
	}
	return finding.Low
}
