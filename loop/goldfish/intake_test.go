package goldfish

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// script is an Asker that answers by key (a prefix match, for the
// confirmation's digest) and records the questions in the order asked.
type script struct {
	answers map[string]loop.Answer
	asked   []loop.Question
}

func (s *script) Ask(_ context.Context, q loop.Question) (loop.Answer, error) {
	s.asked = append(s.asked, q)
	for k, a := range s.answers {
		if strings.HasPrefix(q.Key, k) {
			return a, nil
		}
	}
	return loop.Answer{}, errors.New("no scripted answer for " + q.Key)
}

func (s *script) keys() []string {
	var out []string
	for _, q := range s.asked {
		k, _, _ := strings.Cut(q.Key, "-")
		out = append(out, k)
	}
	return out
}

func specFile(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("testdata/spec.md")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "spec.md")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestIntakeAsksOnlyWhatIsMissing is issue 26: the intake asks for the
// inputs the plan lacks and nothing else, offers the file's headings as
// targets, then shows the plan (target, reviewers, standards) and waits
// for a yes.
func TestIntakeAsksOnlyWhatIsMissing(t *testing.T) {
	spec := specFile(t)
	s := &script{answers: map[string]loop.Answer{"intake/target": {Choice: "id:S1.12"}, "intake/confirm": {Choice: "y"}}}
	p, err := Intake{Asker: s}.Complete(context.Background(), Plan{File: spec, Reviewers: []string{"style"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"intake/target", "intake/confirm"}; !slices.Equal(s.keys(), want) {
		t.Fatalf("asked %v, want %v", s.keys(), want)
	}
	if p.Target != "id:S1.12" || !slices.Equal(p.Reviewers, []string{"style"}) {
		t.Errorf("plan %+v", p)
	}
	tq := s.asked[0]
	if tq.Default != "full file" || !slices.ContainsFunc(tq.Options, func(o loop.Option) bool { return o.ID == "id:S1.12" && o.Label == "### S1.12 Retry of failed uploads" }) {
		t.Errorf("target question %+v", tq)
	}
	confirm := s.asked[1].Prompt
	for _, want := range []string{"Target: " + spec + `, the section with id "S1.12"`, "- style (against feature-spec-standard)", "Context: none", "Start round 1"} {
		if !strings.Contains(confirm, want) {
			t.Errorf("the plan shown does not say %q:\n%s", want, confirm)
		}
	}
	// Nothing missing: only the confirmation.
	s.asked = nil
	if _, err := (Intake{Asker: s}).Complete(context.Background(), p); err != nil || !slices.Equal(s.keys(), []string{"intake/confirm"}) {
		t.Errorf("a complete plan: asked %v, %v", s.keys(), err)
	}
}

// TestIntakeRecommendsByKind: with no reviewers the intake asks the
// document's kind, its default guessed from the headings, and recommends
// design_critic and structural against feature-spec-standard for a spec,
// implementation_readiness and codebase_details for a plan (and then asks
// for the code codebase_details reads).
func TestIntakeRecommendsByKind(t *testing.T) {
	spec := specFile(t)
	dir := t.TempDir()
	plan := filepath.Join(dir, "plan.md")
	os.WriteFile(plan, []byte("# 実装計画: findings export\r\n\r\n## Milestones\r\n\r\n1. SARIF first.\r\n\r\n## Rollout\r\n\r\nBehind a flag."), 0o644)
	os.MkdirAll(filepath.Join(dir, "src"), 0o755)
	os.WriteFile(filepath.Join(dir, "src", "export.go"), []byte("package export\n"), 0o644)
	if GuessKind([]byte("# Implementation plan\n\n## Tasks\n")) != PlanDoc || GuessKind([]byte("# Feature spec\n\n## Goals\n")) != SpecDoc {
		t.Error("GuessKind")
	}

	s := &script{answers: map[string]loop.Answer{"intake/target": {Choice: "full file"}, "intake/kind": {Choice: "spec"}, "intake/confirm": {Choice: loop.Yes}}}
	p, err := Intake{Asker: s}.Complete(context.Background(), Plan{File: spec})
	if err != nil {
		t.Fatal(err)
	}
	if s.asked[1].Key != "intake/kind" || s.asked[1].Default != string(SpecDoc) {
		t.Errorf("kind question %+v", s.asked[1])
	}
	if !slices.Equal(p.Reviewers, []string{"design_critic", "structural"}) || p.Standards["design_critic"] != "feature-spec-standard" || p.Standards["structural"] != "feature-spec-standard" {
		t.Errorf("spec: %+v", p)
	}

	s = &script{answers: map[string]loop.Answer{"intake/kind": {Choice: "plan"}, "intake/context": {Text: filepath.Join(dir, "src")}, "intake/confirm": {Choice: loop.Yes}}}
	p, err = Intake{Asker: s}.Complete(context.Background(), Plan{File: plan, Target: "full file"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"intake/kind", "intake/context", "intake/confirm"}; !slices.Equal(s.keys(), want) || s.asked[0].Default != string(PlanDoc) {
		t.Fatalf("asked %v (kind default %q), want %v", s.keys(), s.asked[0].Default, want)
	}
	if !slices.Equal(p.Reviewers, []string{"implementation_readiness", "codebase_details"}) || p.Standards["implementation_readiness"] != "implementation-readiness-standard" || len(p.Context) != 1 {
		t.Errorf("plan: %+v", p)
	}
	if c := s.asked[2].Prompt; !strings.Contains(c, "- codebase_details (against re-implementation-standard)") || !strings.Contains(c, "Context: "+filepath.Join(dir, "src")) {
		t.Errorf("plan shown:\n%s", c)
	}
}

// TestIntakeByFileOneAtATime: through the file form the intake waits on
// one question at a time, each written to questions.json only when it is
// its turn, and goes on from the answers once they are written; the
// confirmation waits too, so no round starts without a yes.
func TestIntakeByFileOneAtATime(t *testing.T) {
	spec := specFile(t)
	dir := t.TempDir()
	in := Intake{Asker: loop.FileAsker{Dir: dir}}
	var answers []loop.Answer
	for i, want := range []string{"intake/target", "intake/kind", "intake/confirm-"} {
		_, err := in.Complete(context.Background(), Plan{File: spec})
		if !errors.Is(err, loop.ErrWaiting) {
			t.Fatalf("step %d: %v", i+1, err)
		}
		var qs []loop.Question
		data, _ := os.ReadFile(filepath.Join(dir, loop.QuestionsFile))
		if err := json.Unmarshal(data, &qs); err != nil || len(qs) != i+1 || !strings.HasPrefix(qs[i].Key, want) {
			t.Fatalf("step %d: questions %s %v, want %s last", i+1, data, err, want)
		}
		a := loop.Answer{Key: qs[i].Key, Choice: qs[i].Default}
		if a.Choice == "" {
			a.Choice = loop.Yes
		}
		answers = append(answers, a)
		data, _ = json.Marshal(answers)
		os.WriteFile(filepath.Join(dir, loop.AnswersFile), data, 0o644)
	}
	p, err := in.Complete(context.Background(), Plan{File: spec})
	if err != nil || p.Target != "full file" || !slices.Equal(p.Reviewers, []string{"design_critic", "structural"}) {
		t.Fatalf("%+v %v", p, err)
	}
	// Another plan is another confirmation: the yes above is not its.
	if _, err := in.Complete(context.Background(), Plan{File: spec, Target: "S1.12", Reviewers: []string{"style"}}); !errors.Is(err, loop.ErrWaiting) {
		t.Errorf("another plan started on the first one's yes: %v", err)
	}
}

// TestIntakeRefusesBadInput: a target the file lacks, a reviewer that does
// not exist, a no at the confirmation and a missing file with nobody to
// ask are errors naming what was wrong; the bad plans are never shown for
// confirmation.
func TestIntakeRefusesBadInput(t *testing.T) {
	spec := specFile(t)
	ctx := context.Background()
	s := &script{answers: map[string]loop.Answer{"intake/target": {Choice: "other", Text: "heading:No such part"}, "intake/confirm": {Choice: loop.Yes}}}
	if _, err := (Intake{Asker: s}).Complete(ctx, Plan{File: spec, Reviewers: []string{"style"}}); !errors.Is(err, ErrSectionNotFound) || !strings.Contains(err.Error(), "No such part") {
		t.Errorf("target: %v", err)
	}
	s = &script{answers: map[string]loop.Answer{"intake/kind": {Choice: "other", Text: "style, no_such"}, "intake/confirm": {Choice: loop.Yes}}}
	if _, err := (Intake{Asker: s}).Complete(ctx, Plan{File: spec, Target: "S1.12"}); !errors.Is(err, ErrBadMaterial) || !strings.Contains(err.Error(), "no_such") {
		t.Errorf("reviewer: %v", err)
	}
	if slices.Contains(s.keys(), "intake/confirm") {
		t.Error("a bad plan was shown for confirmation")
	}
	s = &script{answers: map[string]loop.Answer{"intake/confirm": {Choice: loop.No}}}
	if _, err := (Intake{Asker: s}).Complete(ctx, Plan{File: spec, Target: "S1.12", Reviewers: []string{"style"}}); !errors.Is(err, ErrNotConfirmed) {
		t.Errorf("no: %v", err)
	}
	if _, err := (Intake{}).Complete(ctx, Plan{Target: "S1.12", Reviewers: []string{"style"}}); err == nil || !strings.Contains(err.Error(), "intake/file") {
		t.Errorf("no file, nobody to ask: %v", err)
	}
	p, err := Intake{}.Complete(ctx, Plan{File: spec})
	if err != nil || p.Target != "full file" || len(p.Reviewers) != 2 {
		t.Errorf("the defaults (loop.AutoAsker, -yes): %+v %v", p, err)
	}
}

// TestJournaledPlan: the plan a run started with reads back from its
// journal (reviewers as given, their standards, the target in a form
// ParseTarget reads back), so a resume needs none of it again.
func TestJournaledPlan(t *testing.T) {
	for _, form := range []string{"full file", "id:S1.12", "h4:S1.12", "heading:Retry of failed uploads", "marker:<!-- a -->", "marker:<!-- a -->..<!-- b -->"} {
		tg, err := ParseTarget(form)
		if err != nil {
			t.Fatal(err)
		}
		if back, err := ParseTarget(TargetForm(tg)); err != nil || back != tg || TargetForm(tg) != form {
			t.Errorf("%s: form %q reads back as %+v (%v), want %+v", form, TargetForm(tg), back, err, tg)
		}
	}
	l, spec := specLoop(t, fake(t, "design_critic", func(string, int, int) []finding.Finding { return nil }))
	l.Target = document.Target{ID: "S1.12", Level: 3}
	l.Asker = loop.FileAsker{Dir: l.Dir}
	if _, err := l.Run(context.Background(), spec); !errors.Is(err, loop.ErrNotConverged) {
		t.Fatal(err)
	}
	p, err := JournaledPlan(l.Dir)
	if err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.EvalSymlinks(spec)
	if p.File != abs || p.Target != "h3:S1.12" || !slices.Equal(p.Reviewers, []string{"design_critic"}) || p.Standards["design_critic"] != "feature-spec-standard" {
		t.Errorf("%+v", p)
	}
	if _, err := JournaledPlan(t.TempDir()); !errors.Is(err, rounds.ErrNothingToUndo) {
		t.Errorf("no run: %v", err)
	}
}

// TestTargetOptionsResolve: every heading the target question offers
// names one section of the file; a title that heads two is not offered.
func TestTargetOptionsResolve(t *testing.T) {
	text := []byte("# Plan\n\n## Notes\n\na\n\n## Tasks {#T1}\n\n## Notes\n\nb\n\n## 手順\n\nc\n")
	q := targetQuestion("plan.md", text)
	var ids []string
	for _, o := range q.Options {
		ids = append(ids, o.ID)
		if o.ID == "other" {
			continue
		}
		tg, err := ParseTarget(o.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tg.Resolve(text); err != nil {
			t.Errorf("%s: %v", o.ID, err)
		}
	}
	if want := []string{"full file", "heading:Plan", "id:T1", "heading:手順", "other"}; !slices.Equal(ids, want) {
		t.Errorf("options %v, want %v", ids, want)
	}
}
