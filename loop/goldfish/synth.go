package goldfish

import (
	"context"
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
)

// SynthesizerSystemPrompt is the system prompt of a model synthesizer in
// hierarchical dispatch.
const SynthesizerSystemPrompt = `You coordinate a swarm of reviewers with no memory who each audited one section of a document. Their findings, already merged and deduplicated, follow. Write one short summary for the author: the main problems in order of severity, and which reviewers agree. Plain prose or a short list; no JSON.`

// SynthesisInstructions returns the task a synthesizer receives: the
// round's findings, deduplicated in code (the synthesizer summarises, it
// does not dedupe), with their reviewers, levels, lines and evidence.
func SynthesisInstructions(b Brief) string {
	var s strings.Builder
	fmt.Fprintf(&s, "# Findings of round %d on %s, lines %s\n", b.Round, b.Path, b.Lines)
	if len(b.Cases) == 0 {
		s.WriteString("\nNone.\n")
	}
	for _, c := range b.Cases {
		fmt.Fprintf(&s, "\n- %s (%s, %s, lines %s): %s", c.Key, c.Reviewer, LevelOf(c.Finding.Severity), c.Finding.LineRange, c.Finding.Issue)
		if q := c.Finding.Quote(); q != "" {
			fmt.Fprintf(&s, " — %q", q)
		}
	}
	s.WriteString("\n")
	return s.String()
}

// NewSynthesizer returns the model synthesizer: an LLMAgent with
// SynthesizerSystemPrompt.
func NewSynthesizer(p agent.Provider, opts ...agent.LLMOption) agent.Agent {
	return agent.NewLLMAgent(p, "synthesizer", SynthesizerSystemPrompt, opts...)
}

// OfflineSynthesizer is the synthesizer without a model: it counts the
// findings of its task by level and by reviewer, deterministically.
type OfflineSynthesizer struct{}

// Name returns "synthesizer".
func (OfflineSynthesizer) Name() string { return "synthesizer" }

// Run summarises the findings listed in task.Instructions (the lines that
// SynthesisInstructions writes).
func (OfflineSynthesizer) Run(ctx context.Context, task agent.Task) (agent.Result, error) {
	if err := ctx.Err(); err != nil {
		return agent.Result{}, fmt.Errorf("goldfish: offline synthesizer: %w", err)
	}
	levels := map[Level]int{}
	var reviewers []string
	byReviewer := map[string]int{}
	for _, line := range strings.Split(task.Instructions, "\n") {
		rest, ok := strings.CutPrefix(line, "- ")
		if !ok {
			continue
		}
		_, meta, ok := strings.Cut(rest, " (")
		if !ok {
			continue
		}
		parts := strings.SplitN(meta, ", ", 3)
		if len(parts) < 2 {
			continue
		}
		if byReviewer[parts[0]] == 0 {
			reviewers = append(reviewers, parts[0])
		}
		byReviewer[parts[0]]++
		levels[Level(parts[1])]++
	}
	total := levels[Blocker] + levels[Major] + levels[Nit]
	if total == 0 {
		return agent.Result{Text: "No findings this round."}, nil
	}
	var by []string
	for _, r := range reviewers {
		by = append(by, fmt.Sprintf("%s %d", r, byReviewer[r]))
	}
	return agent.Result{Text: fmt.Sprintf("%d finding(s): %d Blocker, %d Major, %d Nit; by reviewer: %s.", total, levels[Blocker], levels[Major], levels[Nit], strings.Join(by, ", "))}, nil
}
