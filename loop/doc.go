// Package loop is the loop kernel: the building blocks every kaigi loop
// (the Editorial Swarm in loop/editorial, and the loops to come) is a thin
// driver on.
//
//   - Journaled steps (package loop/journal): a driver runs from its start
//     on every execution and gets every value that could differ (model
//     calls, file reads, gate decisions, time) from a step; its writes go
//     through journal.Commit and are reverted by journal.Undo.
//   - ReviewRound: a council round whose every reviewer call is a step.
//   - ItemsOf: the bridge from a council round to Items (anchored,
//     merged, grouped findings with run-wide keys), with rejection memory
//     (Rejection, Decisions.Rejected).
//   - Deciding: Policy (what is applied without asking), gates (Approver,
//     ApproverFunc, AutoGate, FileGate, ErrStop) asked in journaled
//     batches by Run.Decide, which records a round's Decisions and turns
//     the approved items into one patch.
//   - Questions beyond approval (Question, Asker, AskOnce, FileAsker).
//   - Stop rules that compose (StopRule, FirstOf, NoAnswer, NoneOpen,
//     CleanRounds, RoundCap, NoProgress, Signals) over RoundSummary
//     (Round.Summary), and StopReason.
//   - The run lifecycle, one for every driver: Folder.Open locks a run
//     folder's journal, sweeps the temporary files of writes a crash cut
//     short, and starts, resumes, rotates or keeps its run as an OpenMode
//     says (OpenNew, OpenStartOrResume, OpenKeep for a finished run a
//     driver replays or continues); what it holds is a RunState, and a
//     resume with nothing to resume says why (ErrNotStarted,
//     ErrRunFinished).
//   - Runs over documents: OpenRun opens a run folder through Folder.Open
//     (with location checks, an interrupted undo finished, the start step
//     with the driver's settings), Run.Review reads and reviews each document
//     (its text journaled once, a few at once), Run.Decide applies the
//     policy and asks the gate in journaled batches, writing through
//     journal.Commit, Run.Outcome, Run.Finish, RenderRound and
//     WriteSummary report it, UndoRun reverts it, with the driver's
//     renderings made on a replay-only execution (journal.SetReplayOnly).
//     Events report its journal points. StatusLabel says where a finding
//     stands in finding.Status words.
//   - Run folders: FileRel and CheckLocation (a copied folder is refused;
//     Relocate lets a copy laid out on purpose resume), WriteRendering.
//   - Documents: OpenDocument, ReadDocument (ErrNotText), CheckSize
//     (ErrTooLarge, DefaultMaxSize), CheckWritable (ErrNotWritable); front
//     matter (YAML or TOML, document.FindFrontMatter) is never edited.
//
// Errors of this package and of loop/journal carry no package prefix
// ("in use by another run: ...", not "loop: journal: ..."): the driver or
// command that returns them prefixes them once with its own name. Check
// them with errors.Is and errors.As, not by their text.
//
// See Example for a small two-step loop built from these alone, and
// ExampleOpenRun for a driver on Run.
package loop
