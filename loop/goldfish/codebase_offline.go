package goldfish

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/finding"
)

// CodebaseName is the bundled persona that checks a plan against the code
// in the context materials.
const CodebaseName = "codebase_details"

// OfflineCodebase is codebase_details without a model. Every code span of
// the section's prose (`name`; code blocks are left out) that reads as a
// name in code is looked up in the context materials, names and text: an
// identifier (`Retry`), a qualified name (`export.Retry`,
// `Exporter.Retry`: every part must be there, as Go code writes them
// apart), a path or file (`internal/export/sarif.go`: a material of that
// name, or the path in a text) or a flag (`-out`, `--dry-run`: its name
// quoted, as code defines it, or written with a dash). One found nowhere
// is a Major finding quoting the span, with no fix: the plan names code
// that does not exist, or under another name. With no context materials
// there is nothing to check against and nothing is found; its summary says
// so.
type OfflineCodebase struct{}

// Name returns CodebaseName.
func (OfflineCodebase) Name() string { return CodebaseName }

var (
	codeSpan = regexp.MustCompile("`([^`\n]+)`")
	codeName = regexp.MustCompile(`^(-{1,2}[A-Za-z][A-Za-z0-9-]*|[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*(\(\))?|[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)+)$`)
)

// Review looks up the section's code names in t's context references.
func (OfflineCodebase) Review(ctx context.Context, t agent.Target) (agent.Review, error) {
	if err := ctx.Err(); err != nil {
		return agent.Review{}, fmt.Errorf("goldfish %s: %w", CodebaseName, err)
	}
	var names, texts []string
	for _, r := range t.References {
		if name, ok := strings.CutPrefix(r.Name, "context: "); ok {
			names, texts = append(names, name), append(texts, r.Text)
		}
	}
	rep := finding.Report{Reviewer: CodebaseName, SchemaVersion: finding.SchemaVersion, Findings: []finding.Finding{}}
	if len(names) == 0 {
		rep.Summary = "no context materials: no code to check the section's names against"
		return agent.Review{Report: rep}, nil
	}
	o := document.Parse(t.Text)
	seen := map[string]bool{}
	checked := 0
	for _, b := range o.Blocks {
		if !b.Kind.Prose() || b.Kind == document.Heading {
			continue
		}
		block := string(t.Text[b.Span.Start:b.Span.End])
		for _, m := range codeSpan.FindAllStringSubmatchIndex(block, -1) {
			name := block[m[2]:m[3]]
			if !codeName.MatchString(name) || seen[name] {
				continue
			}
			seen[name] = true
			checked++
			if inCode(name, names, texts) {
				continue
			}
			line := b.Lines.Start + strings.Count(block[:m[0]], "\n")
			rep.Findings = append(rep.Findings, finding.Finding{ID: fmt.Sprintf("F%03d", len(rep.Findings)+1), Category: CodebaseName,
				LineRange: finding.LineRange{Start: line, End: line}, Severity: finding.Medium, Confidence: 60, Quotes: []string{block[m[0]:m[1]]},
				Issue: fmt.Sprintf("names %s, which none of the %d context material(s) has: the code it names does not exist there, or under another name", block[m[0]:m[1]], len(names))})
		}
	}
	rep.Summary = fmt.Sprintf("looked up %d code name(s) of the section in %d context material(s); %d not found", checked, len(names), len(rep.Findings))
	return agent.Review{Report: rep}, nil
}

// inCode reports whether a code name is in the context materials (see
// OfflineCodebase).
func inCode(name string, names, texts []string) bool {
	has := func(s string) bool {
		for _, t := range texts {
			if strings.Contains(t, s) {
				return true
			}
		}
		return false
	}
	base := strings.TrimSuffix(name, "()")
	for _, n := range names {
		if n == base || strings.HasSuffix(n, "/"+base) {
			return true
		}
	}
	if flag, ok := strings.CutPrefix(base, "-"); ok { // code defines a flag by its quoted name
		flag = strings.TrimPrefix(flag, "-")
		return has(`"`+flag+`"`) || has("-"+flag)
	}
	if has(base) {
		return true
	}
	parts := strings.Split(base, ".")
	if strings.Contains(base, "/") || len(parts) == 1 {
		return false
	}
	for _, p := range parts {
		if !has(p) {
			return false
		}
	}
	return true
}
