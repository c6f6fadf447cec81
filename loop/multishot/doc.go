// Package multishot is the multi-shot review of a git change, a driver on
// kaigi's loop kernel.
//
// A change (Uncommitted: the working tree; Base: a branch against its merge
// base; Commit: one commit) is read with the git command (ReadChange) as
// files with changed line ranges; files that are not UTF-8 text and files
// past the size limit (Loop.MaxSize) are skipped with a note. Run reads the
// change before it creates anything, so a bad ref leaves the folder as it
// was. The user's request is kept word for word (task.md) and, with the
// REVIEW.md policies of the root and of each changed path's folders (the
// nearest last, ReadPolicies), given to every agent.
//
// A Classifier (LLMClassifier on a model, OfflineClassifier by kind and
// folder) cuts the change into at most MaxSlices slices, once per session,
// reading the user's directives verbatim and the parent's context as
// reference (Loop.UserDirectives, Loop.ExecutorContext, journaled with the
// session); its log (ClassifierLog) keeps what it was given and answered,
// or why it failed. Later only explicit Directives (the user's words
// verbatim) add or remove a slice (with its own shot count and harness,
// Slice.Shots and Slice.Harness), and a removed slice is a tombstone that
// can be revived (a new definition version, its old open findings
// superseded). Once every slice is removed, Reclassify classifies anew.
//
// Each wave runs every runnable slice x shot through council.Dispatch under
// one limit (Loop.MaxParallel) and a per-call timeout; every call is a
// journal step keyed by its place in the plan ("w2/code-loop#3"), so a
// resumed session re-attaches to a wave without running a finished shot
// again. A Reviewer (LLMReviewer: agent.Ask with the strict Result schema;
// OfflineReviewer: go vet, other tools and the offline prose rules, the
// tools in a tree of the reviewed commit when it is not the working tree,
// a failed tool a skipped reviewer that keeps its slice from being done)
// answers in the
// original's shape (P0-P3, title, content, location), mapped onto Council
// JSON v1 (P0/P1 high, P2 medium, P3 low); an invalid answer fails the shot,
// which is retried alone with the same index. Each attempt is rendered to
// its Markdown in Dir/logs (findings with their ids and resolution, or why
// it failed) and recorded in the summary's out or err records, the
// original's final JSON; the raw answer stays in the journal only. Findings get session-unique
// ids ("f_" + 8 characters) and a finding.State: open, applied, ignored
// (reason), duplicate (canonical id, automatic or not), superseded
// (successor), with Final marking what a judge's stop left.
//
// Sibling shots of one slice report one problem when they name the same
// file, overlapping lines and titles whose tokens overlap at least
// DuplicateOverlap (council.IssueOverlap); the most severe is kept, whatever
// the completion order. Every duplicate decision is journaled with its
// features (Mark), and DedupeStats gives the rule's precision and recall.
//
// A slice has a window of Loop.MaxPasses passes; when it ends with findings
// kept, the Judge (LLMJudge, or RuleJudge offline) says continue (another
// window) or stop (the slice is done, its findings final), and its verdict
// must agree with Rule, else it is asked again. A shot that kept nothing
// lowers the slice's shot count (minimum 1); Slice.ShotPasses bounds the
// passes with several shots.
//
// Barrier mode (the default) triages each wave's findings through the
// kernel's gate (loop.Asker, loop.AskOnce): fix (the finding's own edit,
// written through journal.Commit), fixed (by the person), ignore with a
// reason, duplicate of an id. Ignored findings go to the rejection memory
// (Loop.Memory, shared by the sessions of a repository, by Fingerprint
// with the reason verbatim), so they are not raised again. Report mode runs
// one wave and changes nothing. Every Run, Resume and Continue writes
// summary.json and summary.md ({ok, remaining, out, err, ...}) in Loop.Dir.
//
// NewDriver runs sessions as a loop.Driver. Cast chooses the Loop's agents
// from a loop.Cast (a command's provider flags, a worker's settings), the
// same way for every program; Decode turns a Driver's Stop into the
// Outcome a command shows (its text, why it fell short, its findings for
// the export formats); and Live hides from a display what each execution
// of a session replays of the ones before it in the same process (a
// session and its follow-ups).
package multishot
