// Package journal is the loop kernel's durable memory: an append-only,
// fsync'd file of JSON lines from which any kaigi loop resumes by replay.
//
// A driver (a loop such as the Editorial Swarm) runs from its start every
// time, on a new run and on a resumed one. Everything that could differ
// between two executions goes through the journal:
//
//   - Step runs a function once per run and journals its result; on replay
//     the journaled value is returned and the function is not called. Model
//     calls, file reads, gate decisions, Now (the time) and NewID (random
//     ids) are steps.
//   - Start and Task.Wait are steps run in the background (a writing loop's
//     readers), each with its own record, so a resumed run starts only the
//     missing ones.
//   - Journal.Commit writes files in two phases (planned, then done) and is
//     reconciled by content hash on replay, so a crash between writing a
//     file and journaling it neither loses nor repeats an edit; a file
//     someone else changed stops it with ErrChanged before anything is
//     written. Journal.Undo reverts committed side effects the same way.
//   - Call is a Step that calls the world outside the run (a model): a
//     Runner put on the context with WithRunner runs every missing step
//     instead of the journal, and may make a Call elsewhere (package
//     loop/temporal makes it a Temporal activity); without one, steps run
//     here.
//   - Append journals a driver's own records, of the kinds it lists in
//     Options.Kinds (renderings and summaries are made from them).
//
// A driver is therefore deterministic given its journal, which is the
// contract a durable execution engine (Temporal) places on workflow code.
//
// # Format
//
// The first record is a header naming Format, Version and the driver; a
// journal of another version is refused with ErrFormat. Every record has a
// sequence number, a time, a kind, an optional key and a payload. Payloads
// are the driver's private wire structs: exported Go types may change
// without breaking the resume of an older run. A torn last line (a crash
// mid-write) is cut away on Open; any other damage is ErrCorrupt naming the
// line. After a failed write the file is cut back to its last good record
// and the journal refuses later writes (ErrFailed).
package journal
