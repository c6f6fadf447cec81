package goldfish

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// ModelTimeout bounds one goldfish call on a model (with its repair) in a
// Loop that Setup builds without a Timeout of its own.
const ModelTimeout = 5 * time.Minute

// Setup begins a Goldfish run from the inputs a program was given: the
// plan, completed by the intake before a new run or by the journaled run
// on resume, and the Loop for it, with every reviewer, the resolver and
// the synthesizer played as Cast says. Begin does both, so that a command,
// a test and a worker choose the roles the same way. Loop.Dir is
// required, so the zero value is refused. Begin reads s and changes
// nothing in it; it may be called from several goroutines at once if Cast
// and Loop.Asker may.
type Setup struct {
	// Plan is the inputs as given. Before a new run the intake asks for
	// what it lacks (Intake.Complete, asking Loop.Asker); on Resume what
	// it leaves out comes from the run journaled in Loop.Dir
	// (JournaledPlan): the target, the reviewers with their standards
	// when it names no reviewer, the context when it has none.
	Plan Plan
	// Resume goes on with the unfinished run in Loop.Dir instead of
	// starting one, and asks nothing before it.
	Resume bool
	// Cast says who plays each reviewer (by its name as the plan gives
	// it), "resolver" and, with Hierarchical, "synthesizer": the built-in
	// agent or a model. Nil is the built-in agent for every role.
	Cast loop.Cast
	// Materials resolves the plan's reviewers, standards and context,
	// for the intake and the Loop alike.
	Materials Materials
	// Offline is what the built-in reviewers turn on.
	Offline offline.Config
	// Intent is the decisions the section means, one a line (blank lines
	// are ignored), for the built-in resolver's comprehension probe
	// (OfflineResolver.Intent).
	Intent string
	// Hierarchical gives the Loop a synthesizer (Loop.Synthesizer).
	Hierarchical bool
	// Loop is what the Loop is built on: its Dir, MaxRounds, CleanRounds,
	// Gate, Asker, MaxSize, Logger and other settings are kept. Begin
	// sets Target, Context, Reviewers, Resolver and, with Hierarchical,
	// Synthesizer; a Timeout of 0 becomes ModelTimeout when a reviewer is
	// on a model, and nil Prices agent.DefaultPrices().
	Loop Loop
}

// Begin returns the Loop of s's plan. Before a new run it refuses a run
// folder with an unfinished run (CheckNoUnfinishedRun) before anything
// is asked, then completes the plan (Intake.Complete). Its errors are
// those steps' (loop.ErrWaiting, loop.ErrStop and ErrNotConfirmed among
// them: see WriteNotStarted), JournaledPlan's on resume, ParseTarget's,
// Materials', and Cast.Provider's, unwrapped, for a role on a model it
// cannot reach.
func (s Setup) Begin(ctx context.Context) (*Loop, error) {
	if s.Loop.Dir == "" {
		return nil, errors.New("goldfish: Setup.Loop.Dir is not set")
	}
	p, err := s.plan(ctx)
	if err != nil {
		return nil, err
	}
	target, err := ParseTarget(p.Target)
	if err != nil {
		return nil, err
	}
	seats, err := s.Materials.Cast(p.Reviewers, p.Standards)
	if err != nil {
		return nil, err
	}
	refs, _, err := s.Materials.ContextMaterials(p.Context)
	if err != nil {
		return nil, err
	}
	l := s.Loop
	l.Target, l.Context, l.Reviewers = target, refs, nil
	if l.Prices == nil {
		l.Prices = agent.DefaultPrices()
	}
	focus := target.String()
	for _, seat := range seats {
		g, online, err := s.reviewer(seat, refs, focus)
		if err != nil {
			return nil, err
		}
		if online && l.Timeout == 0 {
			l.Timeout = ModelTimeout
		}
		l.Reviewers = append(l.Reviewers, g)
	}
	intent := OfflineResolver{Intent: splitTrim(s.Intent, "\n")}
	if l.Resolver, err = loop.Role[Resolver](s.Cast, "resolver", intent, func(p agent.Provider, model string) Resolver {
		return &LLMResolver{Provider: p, Options: []agent.LLMOption{agent.WithModel(model)}}
	}); err != nil {
		return nil, err
	}
	if s.Hierarchical {
		if l.Synthesizer, err = loop.Role(s.Cast, "synthesizer", agent.Agent(OfflineSynthesizer{}), func(p agent.Provider, model string) agent.Agent {
			return NewSynthesizer(p, agent.WithModel(model))
		}); err != nil {
			return nil, err
		}
	}
	return &l, nil
}

// plan returns the plan the run goes on with: s.Plan completed by the
// intake, or on resume by the journaled run.
func (s Setup) plan(ctx context.Context) (Plan, error) {
	p := s.Plan
	if !s.Resume {
		if err := CheckNoUnfinishedRun(s.Loop.Dir); err != nil {
			return Plan{}, err
		}
		return Intake{Asker: s.Loop.Asker, Materials: s.Materials, MaxSize: s.Loop.MaxSize}.Complete(ctx, p)
	}
	j, err := JournaledPlan(s.Loop.Dir)
	if err != nil {
		return Plan{}, err
	}
	if p.Target == "" {
		p.Target = j.Target
	}
	if len(p.Reviewers) == 0 {
		p.Reviewers = j.Reviewers
		if len(p.Standards) == 0 {
			p.Standards = j.Standards
		}
	}
	if len(p.Context) == 0 {
		p.Context = j.Context
	}
	return p, nil
}

// reviewer returns the goldfish of seat as s.Cast plays it by the seat's
// name, and whether it is on a model.
func (s Setup) reviewer(seat Seat, refs []agent.Reference, focus string) (*Goldfish, bool, error) {
	if s.Cast == nil || s.Cast.Offline(seat.Name) {
		g, err := NewOfflineGoldfish(seat, refs, focus, s.Offline)
		return g, false, err
	}
	p, model, err := s.Cast.Provider(seat.Name)
	if err != nil {
		return nil, true, err
	}
	if seat.Persona.Name == ProbeName {
		return NewProbe(p, seat, refs, focus, agent.WithModel(model)), true, nil
	}
	return NewGoldfish(p, seat, refs, focus, agent.WithModel(model)), true, nil
}

// WriteNotStarted writes on w why no run started in the run folder dir
// when err, Begin's, says so: the intake waits for an answer
// (loop.ErrWaiting: where its question is and where the answer goes), or
// the plan was not confirmed (ErrNotConfirmed, loop.ErrStop). It reports
// whether err was one of those; for any other err, nil included, it
// writes nothing. w's errors are ignored: the words are a courtesy beside
// the error the caller acts on.
func WriteNotStarted(w io.Writer, dir string, err error) bool {
	switch {
	case errors.Is(err, loop.ErrWaiting):
		fmt.Fprintf(w, "Waiting for an answer before the first round: see %s, write the answer to %s and run the same command again.\n",
			filepath.Join(dir, loop.QuestionsFile), filepath.Join(dir, loop.AnswersFile))
	case errors.Is(err, ErrNotConfirmed), errors.Is(err, loop.ErrStop):
		fmt.Fprintln(w, "Not started: the plan was not confirmed; nothing was written.")
	default:
		return false
	}
	return true
}

// WriteWaiting writes on w where the answers of a run that waits in the
// run folder dir go, after its Stop: the asker's questions and answers
// files, or the decisions file of the findings' gate (NewDriver's), and
// that the run then goes on with -resume. w's errors are ignored, as in
// WriteNotStarted.
func WriteWaiting(w io.Writer, dir string) {
	fmt.Fprintf(w, "\nWaiting for an answer: see %s, write the answers to %s (or the decisions to %s) and run again with -resume.\n",
		filepath.Join(dir, loop.QuestionsFile), filepath.Join(dir, loop.AnswersFile), filepath.Join(dir, driverDecisions))
}
