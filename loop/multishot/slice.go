package multishot

import (
	"context"
	"errors"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
)

// MaxSlices is the most slices active at once in a session.
const MaxSlices = 10

// nameRE is the rule a slice's name follows.
var nameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)

// ErrBadSlice wraps what is wrong with a slice definition.
var ErrBadSlice = errors.New("multishot: bad slice")

// Slice is one part of a change, reviewed by its own shots with its own
// prompt.
type Slice struct {
	// Name matches ^[a-z0-9][a-z0-9._-]{0,63}$ and is unique in the
	// session. Example: "code-loop", "docs".
	Name string `json:"name"`
	// Prompt is the reviewer's full instructions for the slice.
	Prompt string `json:"prompt"`
	// Files are the changed files the slice reviews (paths from the
	// repository root); its reviewers may read others for context but
	// report only on these.
	Files []string `json:"files"`
	// Shots is how many independent reviewers read the slice per pass;
	// zero means the session's default.
	Shots int `json:"shots,omitempty"`
	// ShotPasses is how many passes, counted from the slice's
	// definition, use several shots (later ones use one); zero means the
	// session's default, a negative value always.
	ShotPasses int `json:"shot_passes,omitempty"`
	// Harness names the reviewer profile that runs the slice's shots,
	// resolved by Loop.Harness at each wave; empty means Loop.Reviewer.
	// Example: "deep" (a -reviewer-model profile of the command).
	Harness string `json:"harness,omitempty"`
}

// Validate checks s against the files of the change (files nil skips that
// check).
func (s Slice) Validate(files []string) error {
	if !nameRE.MatchString(s.Name) {
		return fmt.Errorf("%w: name %q does not match %s", ErrBadSlice, s.Name, nameRE)
	}
	if strings.TrimSpace(s.Prompt) == "" {
		return fmt.Errorf("%w: %s has an empty prompt", ErrBadSlice, s.Name)
	}
	if len(s.Files) == 0 {
		return fmt.Errorf("%w: %s has no files", ErrBadSlice, s.Name)
	}
	if s.Shots < 0 {
		return fmt.Errorf("%w: %s has %d shots", ErrBadSlice, s.Name, s.Shots)
	}
	for _, f := range s.Files {
		if files != nil && !slices.Contains(files, f) {
			return fmt.Errorf("%w: %s names %q, which is not a reviewed file of the change", ErrBadSlice, s.Name, f)
		}
	}
	return nil
}

// ClassifyInput is what a classifier reads.
type ClassifyInput struct {
	// Task is the user's original request, word for word.
	Task string
	// Change is the change to cut.
	Change *Change
	// Policies are the change's review policies (ReadPolicies).
	Policies []Policy
	// UserDirectives are the user's extra instructions for the review,
	// verbatim (Loop.UserDirectives); empty when none were given.
	UserDirectives string
	// ExecutorContext is the parent's context (Loop.ExecutorContext),
	// reference for the classifier, not instructions; empty when none.
	ExecutorContext string
	// Previous are the session's slices before this classification,
	// tombstones included: empty on the first, every one Removed on a
	// reclassification (Loop.Reclassify).
	Previous []SliceState
}

// Classifier proposes the slices of a change. A session classifies once,
// and again only after the user removed every slice (Loop.Reclassify).
type Classifier interface {
	Classify(ctx context.Context, in ClassifyInput) ([]Slice, agent.Usage, error)
}

// kindOf sorts a file into docs, tests, config or code.
func kindOf(name string) string {
	base := path.Base(name)
	ext := strings.ToLower(path.Ext(base))
	switch {
	case strings.HasSuffix(base, "_test.go") || strings.Contains("/"+name, "/testdata/") ||
		strings.HasPrefix(base, "test_") || strings.Contains(base, ".test.") || strings.Contains(base, ".spec."):
		return "tests"
	case ext == ".md" || ext == ".txt" || ext == ".rst" || ext == ".adoc" || strings.HasPrefix(name, "docs/"):
		return "docs"
	case ext == ".yaml" || ext == ".yml" || ext == ".json" || ext == ".toml" || ext == ".ini" || ext == ".cfg" ||
		base == "go.mod" || base == "go.sum" || base == "Makefile" || base == "Dockerfile" || strings.HasPrefix(base, "."):
		return "config"
	default:
		return "code"
	}
}

// kindPrompts are the offline classifier's instructions per kind.
var kindPrompts = map[string]string{
	"code":   "Review the changed code for bugs, unchecked errors, races, resource leaks and behaviour that contradicts the task.",
	"tests":  "Review the changed tests: do they fail when the code is wrong, cover the task's cases, and stay deterministic?",
	"docs":   "Review the changed documentation for wrong statements about the code, unclear wording and prose problems.",
	"config": "Review the changed configuration for wrong values, broken references and settings that contradict the task.",
}

// OfflineClassifier is the deterministic classifier: one slice per kind
// of file (code, tests, docs, config), code and tests cut further by top
// folder ("code-<folder>"; "code" for files at the root), merged into one
// slice per kind when that would make more than MaxSlices. Each slice's
// prompt is its kind's instructions followed by the user's directives
// verbatim and the parent's context marked as reference, when given
// (sliceContext), so every reviewer reads them. It calls no model.
type OfflineClassifier struct{}

// Classify implements Classifier.
func (OfflineClassifier) Classify(_ context.Context, in ClassifyInput) ([]Slice, agent.Usage, error) {
	group := func(byFolder bool) map[string][]string {
		g := map[string][]string{}
		for _, f := range in.Change.Reviewed() {
			name := kindOf(f.Path)
			if dir, _, ok := strings.Cut(f.Path, "/"); ok && byFolder && (name == "code" || name == "tests") {
				name += "-" + sliceWord(dir)
			}
			g[name] = append(g[name], f.Path)
		}
		return g
	}
	g := group(true)
	if len(g) > MaxSlices {
		g = group(false)
	}
	var out []Slice
	for name, files := range g {
		kind, _, _ := strings.Cut(name, "-")
		out = append(out, Slice{Name: name, Prompt: kindPrompts[kind] + sliceContext(in), Files: files})
	}
	slices.SortFunc(out, func(a, b Slice) int { return strings.Compare(a.Name, b.Name) })
	return out, agent.Usage{}, nil
}

// sliceContext is what a classifier adds to every slice's prompt: the
// user's directives verbatim and the parent's context as reference; empty
// when neither was given.
func sliceContext(in ClassifyInput) string {
	var b strings.Builder
	if strings.TrimSpace(in.UserDirectives) != "" {
		fmt.Fprintf(&b, "\n\n## The user's directives (verbatim)\n\n%s", in.UserDirectives)
	}
	if strings.TrimSpace(in.ExecutorContext) != "" {
		fmt.Fprintf(&b, "\n\n## The parent's context (reference only; report only on this slice's files)\n\n%s", in.ExecutorContext)
	}
	return b.String()
}

// sliceWord turns a folder name into name characters.
func sliceWord(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-' {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "x"
	}
	return b.String()[:min(b.Len(), 40)]
}

// ClassifierFunc adapts a function to Classifier.
type ClassifierFunc func(ctx context.Context, in ClassifyInput) ([]Slice, agent.Usage, error)

// Classify calls f.
func (f ClassifierFunc) Classify(ctx context.Context, in ClassifyInput) ([]Slice, agent.Usage, error) {
	return f(ctx, in)
}
