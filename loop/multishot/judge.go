package multishot

import (
	"context"
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
)

// The judge's two verdicts.
const (
	Continue = "continue"
	Stop     = "stop"
)

// Verdict is a judge's answer: continue (another window of passes) or stop
// (the slice is done; its open findings are final), with a reason.
type Verdict struct {
	// SchemaVersion is 1.
	SchemaVersion int `json:"schema_version" jsonschema:"enum=1"`
	// Verdict is Continue or Stop.
	Verdict string `json:"verdict" jsonschema:"enum=continue,enum=stop"`
	// Reason says why, in words; not checked.
	Reason string `json:"reason" jsonschema:"minLength=1" jsonschema_description:"For continue: the design seam or fix-quality problem that more passes would address."`
}

// PassFindings are the findings a pass of a slice kept (neither
// duplicates nor ignored nor rejected before), as the judge sees them.
type PassFindings struct {
	// Pass numbers the pass from 1 since the slice's definition.
	Pass int `json:"pass"`
	// Findings are the pass's kept findings.
	Findings []ShotFinding `json:"findings"`
}

// JudgeInput is what a judge reads: the slice, the task and the passes of
// the window that just ended, in order.
type JudgeInput struct {
	// Slice is the slice judged.
	Slice Slice
	// Task is the user's original request, word for word.
	Task string
	// Window numbers the window that ended, from 1.
	Window int
	// Passes are the window's passes, in order.
	Passes []PassFindings
	// Attempt is 1 for the first judgement of this window, more after a
	// verdict that failed or disagreed with Rule.
	Attempt int
}

// Judge decides whether a slice whose window of passes is used up goes on.
type Judge interface {
	Judge(ctx context.Context, in JudgeInput) (Verdict, agent.Usage, error)
}

// RuleText is the judge rule in words, as the judge's prompt states it.
const RuleText = "continue if and only if the last pass kept a P0 or P1 finding, or one file has a kept P0 or P1 finding in two consecutive passes of the window; otherwise stop"

// Rule is the judge rule the Go code computes and every verdict must agree
// with: continue iff the last pass of the window kept a P0 or P1 finding,
// or one file has a kept P0 or P1 finding in two consecutive passes.
// (The original's "a kept P1" is read as "at least P1".) It returns the
// verdict and the reason in words.
func Rule(passes []PassFindings) (string, string) {
	serious := func(p PassFindings) map[string]bool {
		files := map[string]bool{}
		for _, f := range p.Findings {
			if f.Severity.rank() <= 1 {
				files[f.Location.Path] = true
			}
		}
		return files
	}
	if len(passes) == 0 {
		return Stop, "no pass in the window"
	}
	if last := serious(passes[len(passes)-1]); len(last) > 0 {
		return Continue, fmt.Sprintf("pass %d kept a P0/P1 finding (%s)", passes[len(passes)-1].Pass, strings.Join(sortedKeys(last), ", "))
	}
	for i := 1; i < len(passes); i++ {
		a, b := serious(passes[i-1]), serious(passes[i])
		for _, f := range sortedKeys(a) {
			if b[f] {
				return Continue, fmt.Sprintf("%s kept a P0/P1 finding in passes %d and %d", f, passes[i-1].Pass, passes[i].Pass)
			}
		}
	}
	return Stop, "no P0/P1 finding in the last pass, and none in one file in two consecutive passes"
}

// RuleJudge is the offline judge: its verdict is Rule's, its reason Rule's
// words.
type RuleJudge struct{}

// Judge implements Judge.
func (RuleJudge) Judge(_ context.Context, in JudgeInput) (Verdict, agent.Usage, error) {
	v, why := Rule(in.Passes)
	return Verdict{SchemaVersion: 1, Verdict: v, Reason: why}, agent.Usage{}, nil
}

// JudgeSystemPrompt is the system prompt of LLMJudge.
const JudgeSystemPrompt = "You judge whether a slice of a code review needs another window of review passes. Say continue only when a design seam or a fix-quality problem keeps producing serious findings, and name it in the reason; otherwise say stop. The rule your verdict must agree with: " + RuleText + "."

// LLMJudge is a Judge on a model: one typed call (agent.Ask) per verdict.
type LLMJudge struct {
	// Provider answers the call. Required.
	Provider agent.Provider
	// Model names the model; empty means the provider's default.
	Model string
}

// Request returns the request LLMJudge sends for in.
func (l *LLMJudge) Request(in JudgeInput) agent.Request {
	var b strings.Builder
	fmt.Fprintf(&b, "# The user's request (verbatim)\n\n%s\n\n# Slice %s\n\n%s\n\n# Window %d: the findings each pass kept\n\n", in.Task, in.Slice.Name, in.Slice.Prompt, in.Window)
	for _, p := range in.Passes {
		fmt.Fprintf(&b, "## Pass %d\n", p.Pass)
		if len(p.Findings) == 0 {
			b.WriteString("(none)\n")
		}
		for _, f := range p.Findings {
			fmt.Fprintf(&b, "- %s %s:%s %s\n", f.Severity, f.Location.Path, f.Location.Lines(), f.Title)
		}
	}
	if in.Attempt > 1 {
		b.WriteString("\nYour previous verdict contradicted the rule; judge again.\n")
	}
	b.WriteString("\nJudge: continue or stop, with the reason.\n")
	return agent.Request{Model: l.Model, System: JudgeSystemPrompt, Messages: []agent.Message{agent.UserText(b.String())}, SchemaName: "judge_verdict"}
}

// Judge implements Judge.
func (l *LLMJudge) Judge(ctx context.Context, in JudgeInput) (Verdict, agent.Usage, error) {
	a, err := agent.Ask[Verdict](ctx, l.Provider, l.Request(in))
	if err != nil {
		return Verdict{}, a.Usage, fmt.Errorf("judge of slice %s: %w", in.Slice.Name, err)
	}
	return a.Value, a.Usage, nil
}

// JudgeFunc adapts a function to Judge.
type JudgeFunc func(ctx context.Context, in JudgeInput) (Verdict, agent.Usage, error)

// Judge calls f.
func (f JudgeFunc) Judge(ctx context.Context, in JudgeInput) (Verdict, agent.Usage, error) {
	return f(ctx, in)
}
