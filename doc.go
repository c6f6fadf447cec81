// Package kaigi (会議, "council") is an embeddable library for multi-agent
// review and writing loops.
//
// Several reviewers critique a document in parallel; their Council JSON v1
// reports are merged without losing or garbling anything; the safe fixes are
// applied as a reversible patch; a human (or a policy) decides the rest; and
// the loop repeats until the text converges or a bound is hit.
//
// The packages, from the data up:
//
//   - finding: the Report and Finding types (Council JSON v1), severity and
//     line ranges, the generated JSON Schema, validation and extraction.
//   - apply: anchors findings to byte spans by their quotes, detects
//     conflicts and duplicates, applies edits as a reversible Patch, writes
//     files atomically and keeps an undo journal.
//   - agent: the seams: Provider (a model), Agent, Reviewer, personas and
//     the LLM reviewer.
//   - council: one round: parallel dispatch and aggregation.
//   - loop: many rounds: policies, gates, rejection memory, journal.
//   - providers/...: OpenAI-compatible, Anthropic, local CLI and the offline
//     built-in reviewers.
//
// The examples/ folder holds the loops as thin programs; start with
//
//	go run ./examples/editorial-swarm
//
// which reviews a copy of a bundled sample article offline. The Example
// below is one round by hand: council, aggregation, the changes the
// default policy allows (council.Table.Safe; the rest waits for a human),
// patch, inverse.
package kaigi
