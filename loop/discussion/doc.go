// Package discussion is the discussion review, a driver on the loop
// kernel: participants debate the targets on a whiteboard (package
// board) instead of reviewing them independently, and a lead writes a
// consensus and a verdict that validates against a JSON Schema and cites
// only the points that survived the debate.
//
// A Discussion runs a Spec (topic, brief, participants with lenses, the
// lead's instruction, the verdict schema, targets, rounds, id; see
// Spec.Validate for what is refused). Its folder, Root/.discussion/<id>/,
// holds the journal and the artifacts: whiteboard.md (the board rendered),
// verdict.json, summary.md, and fanout.md after a fallback.
//
//   - Round 1: every participant analyses the targets at once
//     (council.Dispatch) and posts claims; each claim is a point with an id
//     ("style/p1").
//   - Rounds 2..N: each participant sees the board with the others' posts
//     under letters shuffled for it and the round (no names, no models;
//     its own posts are Y1, Y2, ...) and posts rebuttals and concessions
//     naming the labels they answer. The runner checks every answer: a
//     label that names no post, a rebuttal or concession of one's own post
//     (no one rules on its own points), a kind the round does not take, or
//     a rebuttal without refs is sent back once with what is wrong
//     (Turn.Repair); what is still wrong is dropped with a runner's note on
//     the board.
//   - Survival is code (board.Board.Points): a point survives when its
//     author did not concede it and answered every rebuttal of it.
//   - The lead: consensus and verdict; the verdict must validate against
//     the schema and every point its critical items name must survive. A
//     verdict that does not is sent back once, then refused.
//
// Guard rails, all recorded on the board and in the verdict by the runner:
// a participant whose turn fails or runs past its deadline is asked once
// more, then marked absent for the rest of the debate (the verdict's
// "absent"); two rounds in a row without progress (no new point, rebuttal
// or concession, or every call failed) trip the circuit breaker, which
// ends the debate (loop.CircuitOpen); and when there is no debate to judge
// (no points, fewer than two participants in round 1, the lead absent, or
// its verdict refused) the discussion falls back to a plain fan-out: every
// participant's Reviewer reviews the targets independently, aggregated as
// the Editorial Swarm aggregates a round (loop.ReviewRound, loop.ItemsOf),
// the reason journaled, on the board, in Outcome.Fallback and in the
// verdict's "fallback" — never silent. A fan-out in which no reviewer
// answered on a target gives no verdict: the discussion ends
// loop.NoReviewerAnswered (see Discussion.Run).
//
// Resume is replay: every target text, turn, label seed, post (with its
// time) and the lead's answer is a journal step, so Resume after a crash
// asks no participant twice and posts nothing twice.
//
// Participants: Offline (deterministic rules over a rule-based reviewer,
// for the offline demo), Model (a model through an agent.Provider), or
// any Participant of the caller's. Leads: OfflineLead and ModelLead. Cast
// seats a spec from a loop.Cast (a command's provider flags), offline or
// on a model role by role.
//
// Around a run, as the original: Trigger decides whether a change
// (ReadChange, from git) warrants a discussion, and Outcome.Commit
// commits the board when it ends. A Driver's Stop carries the Outcome
// (decoded, At restores it), which prints itself (WriteText), says why
// there is no verdict (Err) and reports what survived for the CI formats
// (Report).
package discussion
