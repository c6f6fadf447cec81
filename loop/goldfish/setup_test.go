package goldfish

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
)

// recorder is a provider that records the model each request names and
// fails it, so that no answer has to be made up.
type recorder struct{ models []string }

var errRecorded = errors.New("recorded")

func (r *recorder) Complete(_ context.Context, req agent.Request) (agent.Response, error) {
	r.models = append(r.models, req.Model)
	return agent.Response{}, errRecorded
}

// testCast plays the roles in online on model "m-ROLE", each with its own
// recorder; a role in broken has no provider.
type testCast struct {
	online    []string
	providers map[string]*recorder
	broken    error
}

func (c *testCast) Offline(role string) bool { return !slices.Contains(c.online, role) }

func (c *testCast) Provider(role string) (agent.Provider, string, error) {
	if c.broken != nil {
		return nil, "", c.broken
	}
	if c.providers == nil {
		c.providers = map[string]*recorder{}
	}
	r := &recorder{}
	c.providers[role] = r
	return r, "m-" + role, nil
}

// TestSetupCast: each reviewer, the resolver and the synthesizer are
// played as the Cast says, by the names the plan gives them, on the model
// it names; a reviewer on a model gets ModelTimeout, the Loop's own
// settings are kept.
func TestSetupCast(t *testing.T) {
	spec := specFile(t)
	c := &testCast{online: []string{"style", ProbeName, "resolver", "synthesizer"}}
	s := Setup{
		Plan:         Plan{File: spec, Target: "S1.12", Reviewers: []string{"style", ProbeName, "design_critic"}},
		Cast:         c,
		Offline:      offlineConfig(),
		Hierarchical: true,
		Loop:         Loop{Dir: filepath.Join(t.TempDir(), DefaultDir), MaxRounds: 3},
	}
	l, err := s.Begin(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if l.Dir != s.Loop.Dir || l.MaxRounds != 3 || l.Timeout != ModelTimeout || l.Prices == nil || l.Target.ID != "S1.12" {
		t.Errorf("the Loop's settings: dir %q, %d rounds, timeout %v, prices %v, target %+v", l.Dir, l.MaxRounds, l.Timeout, l.Prices != nil, l.Target)
	}
	var names []string
	for _, g := range l.Reviewers {
		names = append(names, g.Name())
		if _, err := g.Review(context.Background(), g.Target("spec.md", []byte("Uploads can fail.\n"))); slices.Contains(c.online, g.Name()) != errors.Is(err, errRecorded) {
			t.Errorf("%s: review error %v, want the model's only when it is on one", g.Name(), err)
		}
	}
	if !slices.Equal(names, []string{"style", ProbeName, "design_critic"}) || !l.Reviewers[1].Probe {
		t.Errorf("reviewers %v, the probe marked: %v", names, l.Reviewers[1].Probe)
	}
	if r, ok := l.Resolver.(*LLMResolver); !ok || r.Provider != agent.Provider(c.providers["resolver"]) {
		t.Errorf("resolver %T, want the LLMResolver on the resolver's provider", l.Resolver)
	}
	if _, err := l.Synthesizer.Run(context.Background(), agent.Task{Instructions: "x"}); !errors.Is(err, errRecorded) {
		t.Errorf("synthesizer: %v, want the model's error", err)
	}
	for _, role := range []string{"style", ProbeName, "synthesizer"} {
		if got := c.providers[role].models; len(got) != 1 || got[0] != "m-"+role {
			t.Errorf("%s asked models %v, want m-%s", role, got, role)
		}
	}
}

// TestSetupOffline: with no Cast every role is the built-in agent, the
// resolver holding the intent's non-blank lines; no Timeout is set, a
// synthesizer only with Hierarchical.
func TestSetupOffline(t *testing.T) {
	spec := specFile(t)
	for _, hier := range []bool{false, true} {
		s := Setup{Plan: Plan{File: spec, Target: "S1.12", Reviewers: []string{"style"}}, Intent: "  one  \n\ntwo\n", Hierarchical: hier,
			Loop: Loop{Dir: filepath.Join(t.TempDir(), DefaultDir)}}
		l, err := s.Begin(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if r, ok := l.Resolver.(OfflineResolver); !ok || !slices.Equal(r.Intent, []string{"one", "two"}) {
			t.Errorf("resolver %#v", l.Resolver)
		}
		if _, ok := l.Synthesizer.(OfflineSynthesizer); ok != hier || l.Timeout != 0 {
			t.Errorf("hierarchical %v: synthesizer %T, timeout %v", hier, l.Synthesizer, l.Timeout)
		}
	}
}

// TestSetupNoProvider: a role on a model the Cast cannot reach is the
// Cast's error, unwrapped, whichever role it is.
func TestSetupNoProvider(t *testing.T) {
	spec := specFile(t)
	missing := errors.New("no key")
	for _, role := range []string{"style", "resolver", "synthesizer"} {
		s := Setup{Plan: Plan{File: spec, Target: "S1.12", Reviewers: []string{"style"}}, Hierarchical: true,
			Cast: &testCast{online: []string{role}, broken: missing}, Loop: Loop{Dir: filepath.Join(t.TempDir(), DefaultDir)}}
		if _, err := s.Begin(context.Background()); err != missing {
			t.Errorf("%s on a model without a key: %v, want the Cast's error itself", role, err)
		}
	}
}

// TestSetupIntake: a new run's plan is completed by the intake, asking
// Loop.Asker (here through the run folder's files); a run folder holding
// an unfinished run is refused before anything is asked, and a resume
// takes what the plan leaves out from the journaled run, asking nothing.
func TestSetupIntake(t *testing.T) {
	l, spec := offlineLoop(t, "style")
	l.Asker = loop.FileAsker{Dir: l.Dir}
	s := Setup{Plan: Plan{File: spec, Reviewers: []string{"style"}}, Offline: offlineConfig(), Loop: Loop{Dir: l.Dir, Asker: l.Asker}}
	_, err := s.Begin(context.Background())
	var b strings.Builder
	if !errors.Is(err, loop.ErrWaiting) || !WriteNotStarted(&b, l.Dir, err) || !strings.Contains(b.String(), filepath.Join(l.Dir, loop.QuestionsFile)) {
		t.Fatalf("the intake's question through files: %v\n%s", err, b.String())
	}
	if _, err := l.Run(context.Background(), spec); !errors.Is(err, loop.ErrNotConverged) {
		t.Fatalf("the run that waits: %v", err)
	}
	asked := &script{}
	s.Loop.Asker = asked
	if _, err := s.Begin(context.Background()); !errors.Is(err, loop.ErrUnfinishedRun) || len(asked.asked) > 0 {
		t.Errorf("a new run over the unfinished one: %v, asked %v", err, asked.keys())
	}
	s.Resume, s.Plan.Reviewers = true, nil
	r, err := s.Begin(context.Background())
	if err != nil || len(asked.asked) > 0 {
		t.Fatalf("resume: %v, asked %v", err, asked.keys())
	}
	if r.Target != l.Target || len(r.Reviewers) != 1 || r.Reviewers[0].Name() != "style" {
		t.Errorf("resume: target %+v, reviewers %d, want the journaled run's", r.Target, len(r.Reviewers))
	}
}

// TestWriteNotStarted: the intake's wait and a plan not confirmed are
// said in words; any other error, or none, writes nothing.
func TestWriteNotStarted(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{fmt.Errorf("goldfish: intake: %w", loop.ErrWaiting), "Waiting for an answer before the first round: see " + filepath.Join("run", loop.QuestionsFile) + ", write the answer to " + filepath.Join("run", loop.AnswersFile) + " and run the same command again.\n"},
		{ErrNotConfirmed, "Not started: the plan was not confirmed; nothing was written.\n"},
		{fmt.Errorf("goldfish: intake: %w", loop.ErrStop), "Not started: the plan was not confirmed; nothing was written.\n"},
		{errors.New("other"), ""},
		{nil, ""},
	} {
		var b strings.Builder
		if ok := WriteNotStarted(&b, "run", tc.err); ok != (tc.want != "") || b.String() != tc.want {
			t.Errorf("%v: %v %q, want %q", tc.err, ok, b.String(), tc.want)
		}
	}
	var b strings.Builder
	WriteWaiting(&b, "run")
	if want := "(or the decisions to " + filepath.Join("run", driverDecisions) + ") and run again with -resume.\n"; !strings.HasSuffix(b.String(), want) {
		t.Errorf("WriteWaiting: %q", b.String())
	}
}

// TestSetupNoDir: the zero Setup is refused before anything is asked or
// read.
func TestSetupNoDir(t *testing.T) {
	asked := &script{}
	if _, err := (Setup{Loop: Loop{Asker: asked}}).Begin(context.Background()); err == nil || !strings.HasPrefix(err.Error(), "goldfish: ") || len(asked.asked) > 0 {
		t.Errorf("no Loop.Dir: %v, asked %v", err, asked.keys())
	}
}

// TestSetupKeepsTimeout: a Timeout the Loop has is kept.
func TestSetupKeepsTimeout(t *testing.T) {
	s := Setup{Plan: Plan{File: specFile(t), Target: "S1.12", Reviewers: []string{"style"}}, Cast: &testCast{online: []string{"style"}},
		Loop: Loop{Dir: filepath.Join(t.TempDir(), DefaultDir), Timeout: time.Minute}}
	l, err := s.Begin(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if l.Timeout != time.Minute {
		t.Errorf("timeout %v, want the Loop's own", l.Timeout)
	}
}

// TestSetupResumeContext: a resume whose plan names no context goes on
// with the journaled run's, which the run checks it was started with.
func TestSetupResumeContext(t *testing.T) {
	spec := specFile(t)
	notes := filepath.Join(filepath.Dir(spec), "notes.md")
	if err := os.WriteFile(notes, []byte("Retries are capped by the platform team.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(filepath.Dir(spec), DefaultDir)
	s := Setup{Plan: Plan{File: spec, Target: "S1.12", Reviewers: []string{"style"}, Context: []string{notes}}, Offline: offlineConfig(), Loop: Loop{Dir: dir}}
	l, err := s.Begin(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	l.Asker = loop.FileAsker{Dir: dir}
	if _, err := l.Run(context.Background(), spec); !errors.Is(err, loop.ErrNotConverged) {
		t.Fatalf("the run that waits: %v", err)
	}
	r, err := Setup{Plan: Plan{File: spec}, Resume: true, Offline: offlineConfig(), Loop: Loop{Dir: dir, Asker: loop.FileAsker{Dir: dir}}}.Begin(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Context) != 1 || r.Context[0] != l.Context[0] {
		t.Fatalf("resume's context %v, want the journaled run's %v", r.Context, l.Context)
	}
	if _, err := r.Resume(context.Background(), spec); err != nil && !errors.Is(err, loop.ErrNotConverged) {
		t.Errorf("the resume with the journaled context: %v", err)
	}
}
