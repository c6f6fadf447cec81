// Package board is the discussion review's whiteboard: the single source of
// truth of a debate, an append-only list of posts persisted through the
// kernel journal and rendered to whiteboard.md.
//
// A Post has an id, an author, a round, a Kind (claim, evidence, rebuttal,
// question, concession, consensus, verdict, note), a body, the ids of the
// posts it answers (Refs) and the time it was posted. Claims and evidence are
// points; a rebuttal or a concession must name the posts it answers, every
// ref must name a post already on the board, and no participant rebuts or
// concedes its own posts (Board.Check says what is wrong, as
// *PostError values a driver hands back to a model for repair).
//
// Persistence: Open journals the board's Meta as the step "board", and
// Board.Post journals each post as the step "post/<id>" before it is on the
// board, with its time; a driver that replays its journal from the start gets
// the same posts with the same times, none twice. Read rebuilds a board from
// a journal's records alone, for tools that render or inspect a finished
// debate without its driver.
//
// Survival is computed here, not by a model: see Board.Points. A point
// survives when its author did not concede it and its author answered every
// rebuttal of it.
package board
