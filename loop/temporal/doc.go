// Package temporal runs kaigi's loops as Temporal workflows: the same
// drivers, unchanged, with every model call an activity of its own.
//
// Use it when a run must outlive a process: a worker's machine dies
// mid-round and another finishes the run; runs spread over many workers;
// a person's decision arrives days later and nothing runs meanwhile. On a
// laptop or in CI the in-process kernel (package loop) does the same work
// with less machinery.
//
// # How a driver runs on it
//
// A driver is deterministic given its journal (package journal): every
// value that could differ between two executions comes from a step. The
// workflow keeps the run's workspace (its documents, journal and
// artifacts) as Files, references into a Store, and advances the driver:
//
//   - An advance (an activity) lays the workspace out under
//     Activities.WorkDir, executes the driver from its start with a
//     journal.Runner on the context, and lets every missing local step
//     (a file read, a gate pass, an edit written through the journal) run
//     there. A missing journal.Call (a reviewer's or an agent's model
//     call) is not made: it waits, and once nothing else moves the advance
//     stops the driver and returns the workspace and the waiting calls.
//   - Each call is then an activity of its own, at most Input.Limit at
//     once, with Temporal's timeouts, heartbeats and retry policy (no
//     second retry layer): it executes the driver from the same journal and
//     makes that one call. A call whose retries are spent is a failed call
//     for the driver, as in a process (a council skips the reviewer for
//     the round).
//   - The next advance hands the calls' results to the journal, and so on
//     until the driver returns. When it stops waiting for a person (a file
//     gate's pending.json or an asker's questions.json), the workflow waits
//     for the answer as an update (UpdateName, with Answer), shows the
//     question in its progress query (QueryName), and resumes the driver
//     with the answer written where the driver reads it.
//
// Every value the workflow decides on comes from its input and its
// activities' results, so it replays deterministically; it continues as
// new every 100 advances (or when the server suggests it) to keep its
// history short, carrying the workspace, the calls made and an answer
// not yet handed to the driver. A call whose result the workflow recorded
// is handed to the journal and not made again when a worker dies.
//
// # Setting it up
//
// A worker registers the workflow and its activities with Register, given
// Activities: a Store every worker shares (FileStore on a shared volume,
// or a user's own over an object store), the drivers by name (any
// loop.Driver: each driver package's NewDriver, or a loop.DriverFunc that
// keeps the journal's contract; no adapter is needed), and a WorkDir that is the same path
// on every worker (journals name their documents by absolute path). A
// client stores the documents with PutFiles, starts WorkflowName with an
// Input, and reads the Result's Files with GetFiles. The workflow ID names
// the run's folder: letters, digits, '.', '_' and '-'.
//
// An advance works in the run's folder, WorkDir/RUN, under a lock (one
// advance of a run at a time on a machine); each call works on a copy of
// its own, which the kernel reads as the run's folder (loop.Relocate), so
// a round's calls go in parallel on one worker as in a process.
//
// # What differs from a process
//
//   - Drivers mark their model calls with journal.Call (the Editorial
//     Swarm's and Goldfish's reviewers, Goldfish's synthesizer, resolver
//     and probe comparisons, the discussion's turns and lead, the writing
//     loop's drafts, reviews, replies, readers (journal.StartCall) and
//     pair judgments, the multi-shot review's shots and their retries,
//     judgements and fixer plans). A worker's death cuts only the calls
//     and the advance it was running; each is retried, and the calls whose
//     results the workflow recorded are not made again.
//   - A call that failed for good reaches the driver as a CallError with
//     the call's message, its error's classes (a truncated answer, a
//     schema violation and its list, a provider's kind of failure) and
//     what its last attempt spent (agent.SpentBy, when the call's error
//     carried it: agent.WithSpent), so the skip it becomes says and counts
//     what a process would.
//   - The paths a run records (summary.md's list of artifacts) are those
//     under WorkDir; Result.Dirs names that folder, for a client that
//     writes the result elsewhere to replace it. A call's copy of the run is read as the run's folder
//     through loop.Relocate, which moves the kernel's start only: a driver
//     that journals absolute paths of its own reads them through
//     loop.Relocated (the multi-shot review's repository root).
//   - A run's folders are removed from the worker that ends it; other
//     workers remove theirs once unused for SweepAge (an advance sweeps
//     WorkDir once an hour). Any of them can go at any time: the
//     workspace is in the Store, and the next activity lays it out again.
//     Their lock files go with them.
//
// This is a module of its own (github.com/kaigi-dev/kaigi/loop/temporal),
// so that the core module does not depend on the Temporal SDK.
package temporal
