// Package loop is the loop kernel: what every kaigi loop driver (editorial,
// goldfish, discussion, writing, multishot, and the ones to come) is built
// on. The round framework that the review-and-patch loops share (a Run over
// documents, its gate, policy, outcome, artifacts and undo) is package
// loop/rounds, built on this one.
//
//   - Journaled steps (package loop/journal): a driver runs from its start
//     on every execution and gets every value that could differ (model
//     calls, file reads, gate decisions, time) from a step; its writes go
//     through journal.Commit and are reverted by journal.Undo.
//   - The Driver contract: Driver, DriverFunc and Stop, StartOrResume,
//     and the helpers for a driver's folder and arguments (DriverPaths,
//     DriverArtifacts, DriverArgs, DriverGate).
//   - The run lifecycle, one for every driver: Folder.Open locks a run
//     folder's journal, sweeps the temporary files of writes a crash cut
//     short, and starts, resumes, rotates or keeps its run as an OpenMode
//     says (OpenNew, OpenStartOrResume, OpenKeep for a finished run a
//     driver replays or continues); what it holds is a RunState, and a
//     resume with nothing to resume says why (ErrNotStarted,
//     ErrRunFinished).
//   - ReviewRound: a council round whose every reviewer call is a step,
//     and ItemsOf: the bridge from a council round to Items (anchored,
//     merged, grouped findings with run-wide keys), with rejection memory
//     (Rejection).
//   - Questions (Question, Asker, AskOnce, FileAsker, AutoAsker).
//   - Stop rules that compose (StopRule, FirstOf, NoAnswer, NoneOpen,
//     CleanRounds, RoundCap, NoProgress, Signals, Streak, WonInARow) over
//     RoundSummary, and StopReason with the kernel's neutral words.
//   - A judge asked in both orders (ComparePair), a journaled rewrite of
//     files (RewriteFiles) and new text where a target resolves
//     (ReplaceTarget).
//   - Tracing (TraceRun) and progress (Event).
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
// See Example for a small loop built from these alone, and package
// loop/rounds' ExampleOpenRun for a driver on its Run.
package loop
