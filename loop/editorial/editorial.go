package editorial

import (
	"log/slog"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/rounds"
	"go.opentelemetry.io/otel/trace"
)

// DefaultMaxRounds is the round cap when Loop.MaxRounds is 0.
const DefaultMaxRounds = 3

// JournalName is the journal's file name inside Loop.Dir.
const JournalName = loop.JournalName

// DecisionsName is the decisions file's conventional name inside Loop.Dir,
// which FileGate users such as the examples read; a new run moves it to
// the history with the rest of the finished run.
const DecisionsName = "decisions.json"

// Driver is the driver name in the header of the journals this package
// writes; a journal of another driver is refused (journal.ErrFormat).
const Driver = "editorial-swarm"

// The Editorial Swarm's own stop reasons, beside the kernel's.
const (
	// RewriteRequested: a reviewer asked for a whole rewrite (category
	// RewriteCategory), which is out of scope for polishing.
	RewriteRequested loop.StopReason = "rewrite-requested"
	// DryRunEnded: one round was reviewed and decided; the document was left
	// alone, while the journal and the artifacts (the diff shows what
	// would change) were written. Finish returns no error for it.
	DryRunEnded loop.StopReason = "dry-run"
)

// Describe says why an Editorial Swarm run stopped, in words: its own
// reasons, what converged means for it (no high finding open) and where
// the gate's pending decisions are; any other reason as
// loop.StopReason.Describe says it.
func Describe(reason loop.StopReason) string {
	switch reason {
	case loop.Converged:
		return "converged: every high finding was applied or rejected"
	case loop.AwaitingDecisions:
		return rounds.PendingText
	case RewriteRequested:
		return "a reviewer asked for a whole rewrite, which is out of scope for polishing"
	case DryRunEnded:
		return "dry run: the document was not changed; the journal and artifacts were written"
	}
	return reason.Describe()
}

// RewriteCategory is the category of a finding that asks for a whole
// rewrite. Unless it is rejected, the loop stops after its round with
// RewriteRequested: rewriting is out of scope for polishing.
const RewriteCategory = "rewrite"

// Loop runs review rounds over one or several files until it converges or
// a bound is hit, journaling every step in Dir, from which an interrupted
// run resumes and the human-readable artifacts are rendered:
//
//	Dir/journal.jsonl
//	Dir/round-N/reviewer-<name>.json, findings.md, skipped.md, rejected.md,
//	            applied.diff (in round-N/NAME/ for each file of a run over
//	            several), pending.json and pending.md (when waiting)
//	Dir/summary.md, Dir/report.html
//
// Set the fields, then call Run. A Loop is not modified by Run.
type Loop struct {
	// Council reviews each round. Its Members are the reviewers; each of
	// their calls is a journal step (see loop.ReviewRound).
	Council council.Council

	// Policy decides what is applied without asking. A resumed run uses
	// the policy it started with.
	Policy rounds.Policy

	// Gate decides what the policy does not; nil means rounds.AutoGate.
	Gate rounds.Approver

	// MaxRounds caps the rounds; 0 means DefaultMaxRounds. Negative is an
	// error. A resumed run uses the cap it started with.
	MaxRounds int

	// MaxFindings bounds the findings taken from one reviewer's answer in
	// a round (council.Options.MaxFindings): 0 means
	// council.DefaultMaxFindings, negative means no bound. When a review
	// is cut, the most severe findings are kept and skipped.md notes it.
	MaxFindings int

	// MaxSize is the largest document, in bytes, Run reviews; 0 means
	// loop.DefaultMaxSize, negative is an error. A larger one is refused
	// with loop.ErrTooLarge before anything is written: each round sends
	// the whole text to every reviewer and journals it, so time, memory and
	// journal grow with it. It is checked when a run starts or resumes,
	// not journaled.
	MaxSize int64

	// Dir is the folder of the journal and artifacts. Required.
	Dir string

	// ReaderProfile describes the intended reader; reviewers receive it.
	// Optional; a resumed run uses the profile it started with.
	ReaderProfile string

	// References is shared material every reviewer receives. Optional;
	// not journaled: pass the same ones again on resume.
	References []agent.Reference

	// DryRun reviews and decides one round, writes the journal and the
	// artifacts (the diff shows what would change) and leaves the
	// document alone.
	DryRun bool

	// Prices prices the reviewers' usage by model, so the outcome and
	// summary.md report the cost of each reviewer, round and run; nil
	// reports tokens only.
	Prices agent.Prices

	// Observer receives the loop's Events. CouncilEvent and Reviewed
	// events come from the reviewer goroutines, concurrently (see
	// council.Observer); the others from Run's goroutine.
	Observer func(Event)

	// JournalObserver sees every journal point of the run and of its undo
	// (rounds.RunConfig.JournalObserver), after Observer's Event, on the
	// goroutine that journals it: concurrently while reviewers' calls run
	// at once. Tests kill the process there.
	JournalObserver func(journal.Event)

	// Logger receives progress records; nil discards them.
	Logger *slog.Logger

	// TracerProvider traces the run with OpenTelemetry (see
	// rounds.RunConfig.TracerProvider); wrap model providers with
	// agent.Traced to see their calls under each reviewer's span. Nil
	// stands for the provider of the span in Run's ctx (none: nothing is
	// traced).
	TracerProvider trace.TracerProvider
}

// Event, EventKind and the events are the kernel's (loop.Event): Run
// reports them to Loop.Observer.
type (
	Event     = loop.Event
	EventKind = loop.EventKind
)

// The loop's events (see loop.EventKind).
const (
	RoundStarted = rounds.RoundStarted
	Reviewed     = rounds.Reviewed
	Decided      = rounds.Decided
	Planned      = rounds.Planned
	Written      = rounds.Written
	RoundEnded   = rounds.RoundEnded
	CouncilEvent = rounds.CouncilEvent
	UndoPlanned  = rounds.UndoPlanned
	UndoWritten  = rounds.UndoWritten
	UndoRecorded = rounds.UndoRecorded
)

// Outcome, Entry, Cost and SkippedCall are the kernel's (rounds.Outcome).
type (
	Outcome     = rounds.Outcome
	Entry       = rounds.Entry
	Cost        = rounds.Cost
	SkippedCall = rounds.SkippedCall
)
