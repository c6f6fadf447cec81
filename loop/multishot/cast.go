package multishot

import (
	"fmt"
	"slices"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// CallTimeout is the bound on one shot that Cast sets when the reviewer
// is a model and the Loop has no Timeout: a model call that hangs fails
// the shot, which is retried.
const CallTimeout = 10 * time.Minute

// Cast sets l's agents from c, so that a command, a test and a worker
// choose them the same way (loop.Role): the Reviewer plays the role
// "reviewer" (offline: OfflineReviewer, go vet and the offline prose
// rules named by rules, offline.Config.Enabled), the Classifier, Fixer
// and Judge the roles of their names (offline: nil, the Loop's default),
// and the Harness resolves a slice's harness: "offline" is the offline
// reviewer, "reviewer" and the names in harnesses (the profiles c knows
// beside the default one, a command's -reviewer-model names) the reviewer
// that c casts in that role, and any other name is refused. A reviewer on
// a model gets CallTimeout when l.Timeout is zero. Its error is c's for
// the first role it cannot cast (a missing key, say); l is then partly
// set.
func Cast(l *Loop, c loop.Cast, rules []string, harnesses ...string) error {
	off := OfflineReviewer{Prose: offline.Editorial(offline.Config{Enabled: rules})}
	reviewer := func(role string) (Reviewer, error) {
		return loop.Role[Reviewer](c, role, off, func(p agent.Provider, model string) Reviewer {
			return &LLMReviewer{Provider: p, Model: model}
		})
	}
	var err error
	if l.Reviewer, err = reviewer("reviewer"); err != nil {
		return err
	}
	if _, model := l.Reviewer.(*LLMReviewer); model && l.Timeout == 0 {
		l.Timeout = CallTimeout
	}
	l.Harness = func(name string) (Reviewer, error) {
		switch {
		case name == "offline":
			return off, nil
		case name == "reviewer" || slices.Contains(harnesses, name):
			return reviewer(name)
		}
		return nil, fmt.Errorf("unknown harness %q: want offline, reviewer or a -reviewer-model name", name)
	}
	if l.Classifier, err = loop.Role[Classifier](c, "classifier", nil, func(p agent.Provider, model string) Classifier {
		return &LLMClassifier{Provider: p, Model: model}
	}); err != nil {
		return err
	}
	if l.Fixer, err = loop.Role[Fixer](c, "fixer", nil, func(p agent.Provider, model string) Fixer {
		return &LLMFixer{Provider: p, Model: model}
	}); err != nil {
		return err
	}
	l.Judge, err = loop.Role[Judge](c, "judge", nil, func(p agent.Provider, model string) Judge {
		return &LLMJudge{Provider: p, Model: model}
	})
	return err
}
