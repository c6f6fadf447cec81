package multishot

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// testCast plays the roles in models on a model named after the role,
// refuses the roles in broken, and leaves every other role offline.
type testCast struct{ models, broken []string }

var errNoKey = errors.New("no key")

func (c testCast) Offline(role string) bool {
	return !slices.Contains(c.models, role) && !slices.Contains(c.broken, role)
}

func (c testCast) Provider(role string) (agent.Provider, string, error) {
	if slices.Contains(c.broken, role) {
		return nil, "", errNoKey
	}
	return agent.ProviderFunc(func(context.Context, agent.Request) (agent.Response, error) { return agent.Response{}, nil }), role + "-model", nil
}

// TestCastOffline: a Cast that leaves every role offline gives the
// offline reviewer with the rules asked for (en-passive, off by default) (for the reviewer and the
// "offline" and "reviewer" harnesses), the Loop's default classifier,
// fixer and judge, no timeout, and refuses a harness it does not know.
func TestCastOffline(t *testing.T) {
	for _, c := range []testCast{{}, {models: []string{"elsewhere"}}} {
		l := &Loop{}
		if err := Cast(l, c, []string{"en-passive"}); err != nil {
			t.Fatal(err)
		}
		if l.Classifier != nil || l.Fixer != nil || l.Judge != nil || l.Timeout != 0 {
			t.Errorf("offline: classifier %v, fixer %v, judge %v, timeout %s", l.Classifier, l.Fixer, l.Judge, l.Timeout)
		}
		for _, name := range []string{"offline", "reviewer"} {
			h, err := l.Harness(name)
			if err != nil {
				t.Fatal(err)
			}
			for what, rv := range map[string]Reviewer{"reviewer": l.Reviewer, "harness " + name: h} {
				if got := passives(t, rv); got != 1 {
					t.Errorf("%s: %d en-passive finding(s), want 1", what, got)
				}
			}
		}
		if _, err := l.Harness("nosuch"); err == nil || !strings.Contains(err.Error(), `unknown harness "nosuch"`) {
			t.Errorf("an unknown harness: %v", err)
		}
	}
	l := &Loop{}
	if err := Cast(l, nil, nil); err != nil {
		t.Fatal(err)
	}
	if got := passives(t, l.Reviewer); got != 0 {
		t.Errorf("the default rules: %d en-passive finding(s), want 0", got)
	}
}

// passives returns how many en-passive findings rv's shot on a Markdown
// file in the passive voice keeps.
func passives(t *testing.T, rv Reviewer) int {
	t.Helper()
	off, ok := rv.(OfflineReviewer)
	if !ok {
		t.Fatalf("the reviewer is %T, want the offline one", rv)
	}
	text := "# Notes\n\nThe file was written by the tool.\n"
	in := ShotInput{Slice: Slice{Name: "docs"}, Shot: 1, Pass: 1, Worktree: true,
		Files: []FileText{{File: File{Path: "notes.md", Status: Added, Lines: []finding.LineRange{{Start: 1, End: 3}}}, Text: []byte(text)}}}
	res, _, err := off.Review(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range res.Findings {
		if strings.HasPrefix(f.Title, "en-passive") {
			n++
		}
	}
	return n
}

// TestCastModels: the roles a Cast gives to models are played by the
// model agents on the model it names, a model reviewer gets CallTimeout
// unless the Loop has a timeout, a named harness is that role's, and a
// role the Cast cannot play is its error.
func TestCastModels(t *testing.T) {
	c := testCast{models: []string{"reviewer", "classifier", "fixer", "judge", "deep"}}
	l := &Loop{}
	if err := Cast(l, c, nil, "deep", "other"); err != nil {
		t.Fatal(err)
	}
	if r, ok := l.Reviewer.(*LLMReviewer); !ok || r.Model != "reviewer-model" || l.Timeout != CallTimeout {
		t.Errorf("reviewer %#v, timeout %s", l.Reviewer, l.Timeout)
	}
	if cl, ok := l.Classifier.(*LLMClassifier); !ok || cl.Model != "classifier-model" {
		t.Errorf("classifier %#v", l.Classifier)
	}
	if f, ok := l.Fixer.(*LLMFixer); !ok || f.Model != "fixer-model" {
		t.Errorf("fixer %#v", l.Fixer)
	}
	if j, ok := l.Judge.(*LLMJudge); !ok || j.Model != "judge-model" {
		t.Errorf("judge %#v", l.Judge)
	}
	if h, err := l.Harness("deep"); err != nil || h.(*LLMReviewer).Model != "deep-model" {
		t.Errorf("harness deep: %#v, %v", h, err)
	}
	if h, err := l.Harness("other"); err != nil || passives(t, h) != 0 {
		t.Errorf("harness other (offline in the cast): %#v, %v", h, err)
	}
	if _, err := l.Harness("offline"); err != nil {
		t.Errorf("harness offline: %v", err)
	}
	l = &Loop{Timeout: time.Second}
	if err := Cast(l, c, nil); err != nil || l.Timeout != time.Second {
		t.Errorf("a timeout of the Loop's own: %s, %v", l.Timeout, err)
	}
	for _, role := range []string{"reviewer", "classifier", "fixer", "judge"} {
		if err := Cast(&Loop{}, testCast{broken: []string{role}}, nil); !errors.Is(err, errNoKey) {
			t.Errorf("%s without a key: %v", role, err)
		}
	}
	l = &Loop{}
	if err := Cast(l, testCast{broken: []string{"deep"}}, nil, "deep"); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Harness("deep"); !errors.Is(err, errNoKey) {
		t.Errorf("harness deep without a key: %v", err)
	}
}
