package multishot

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

func TestFixerFixesAFindingWithoutEdit(t *testing.T) {
	r := sampleRepo(t)
	sc := &script{answers: map[string][]ShotFinding{
		"code/1/1": {sf(P1, "app/main.go", 6, 6, "Error from os.Open is ignored"), sf(P2, "app/main.go", 7, 7, "Close error dropped")},
	}}
	p := scripted.New(scripted.Text(`{"quote":"f, _ := os.Open(\"x\")","fix":"f, err := os.Open(\"x\")\n\tif err != nil {\n\t\treturn\n\t}"}`),
		scripted.Text(`{"quote":"text that is not in the file","fix":"x"}`))
	gate := &answers{choice: func(q loop.Question) (string, string) {
		if strings.HasSuffix(q.Key, "/again") {
			return ChoiceIgnore, ""
		}
		for _, o := range q.Options {
			if o.ID == ChoiceFix {
				return ChoiceFix, ""
			}
		}
		return ChoiceIgnore, "no fix offered"
	}}
	sum := run(t, &Loop{Reviewer: sc, Classifier: fixedSlices(codeSlice), Fixer: &LLMFixer{Provider: p}, Asker: gate}, r)
	if got := r.read("app/main.go"); !strings.Contains(got, "f, err := os.Open(\"x\")\n\tif err != nil {") {
		t.Errorf("main.go:\n%s", got)
	}
	fs := byTitle(sum)
	if f := fs["Error from os.Open is ignored"][0]; f.State.Current() != finding.Applied {
		t.Errorf("fixed finding %+v", f.State)
	}
	if f := fs["Close error dropped"][0]; f.State.Current() != finding.Ignored || !strings.Contains(f.State.Reason, "quote not found") {
		t.Errorf("a fix that does not anchor: %+v", f.State)
	}
	if p.Calls() != 2 || sum.Usage.Calls < 2+2 {
		t.Errorf("fixer calls %d, usage %+v", p.Calls(), sum.Usage)
	}
	if req := p.Requests()[0]; !strings.Contains(req.Messages[0].Text(), "Error from os.Open is ignored") || req.SchemaName != "replacement" {
		t.Errorf("fixer request %+v", req)
	}
	if !sum.OK || sum.Slices[0].Passes != 2 {
		t.Errorf("ok %t slices %+v: the fix is reviewed again", sum.OK, sum.Slices)
	}
}

func TestFixerFailureLeavesFindingOpen(t *testing.T) {
	r := sampleRepo(t)
	sc := &script{answers: map[string][]ShotFinding{"code/1/1": {sf(P2, "app/main.go", 6, 6, "x")}}}
	bad := fixerFunc(func(context.Context, FixInput) (Replacement, agent.Usage, error) {
		return Replacement{}, agent.Usage{Calls: 1}, errors.New("model down")
	})
	gate := &answers{choice: func(q loop.Question) (string, string) {
		if strings.HasSuffix(q.Key, "/again") {
			return ChoiceIgnore, ""
		}
		return ChoiceFix, ""
	}}
	sum := run(t, &Loop{Reviewer: sc, Classifier: fixedSlices(codeSlice), Fixer: bad, Asker: gate}, r)
	if f := sum.Findings[0]; f.State.Current() != finding.Ignored || !strings.Contains(f.State.Reason, "model down") {
		t.Errorf("%+v", f.State)
	}
}

type fixerFunc func(context.Context, FixInput) (Replacement, agent.Usage, error)

func (f fixerFunc) Fix(ctx context.Context, in FixInput) (Replacement, agent.Usage, error) {
	return f(ctx, in)
}
