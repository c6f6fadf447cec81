// Package rounds is the round framework a review-and-patch loop builds on
// (the Editorial Swarm in loop/editorial, the Goldfish loop in
// loop/goldfish, and a loop of notes such as loop/internal/sixthloop): a
// Run over one or several documents, opened through package loop's one
// lifecycle, in rounds of reviewed findings that a policy and a gate
// decide and one journaled patch per round writes.
//
//   - Runs: OpenRun opens a run folder through loop.Folder.Open (with
//     location checks, an interrupted undo finished, the start step with
//     the driver's settings); Run.Review reads and reviews each document
//     (its text journaled once, a few at once); Run.Decide applies the
//     Policy and asks the gate in journaled batches, writing through
//     journal.Commit; UndoRun reverts a run byte for byte, with the
//     driver's renderings made on a replay-only execution.
//   - Gates: Approver, ApproverFunc, AutoGate, FileGate (a decisions file
//     shaped as the round's Pending), loop.ErrStop; a round's Decisions,
//     and the rejection memory they give the next rounds
//     (Decisions.Rejected).
//   - Outcomes and artifacts: Run.Outcome (or Run.OutcomeOf for a loop of
//     RoundNotes, with AskCall's Call records), Run.Finish, RenderRound,
//     WriteSummary, WriteReport (ReportName), StatusLabel.
//   - A Driver's folder for such a run: NewReviewFolder (its run folder,
//     decisions file, documents and gate) and ReviewFolder.Stop.
//   - Events: the EventKinds of a run's journal points (Reviewed,
//     Planned, Written, ...), reported as loop.Event through
//     RunConfig.Observer.
//
// What more than these loops use (the lifecycle, questions, stop rules
// and reasons, ReviewRound and ItemsOf, tracing, run-folder writes) is
// package loop; this package imports it, never the other way round.
// Errors carry no package prefix, as package loop's do.
package rounds
