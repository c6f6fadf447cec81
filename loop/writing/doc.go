// Package writing is the write-episode loop (seeds/write-episode) on the
// loop kernel: an orchestrator writes a brief from the story material, an
// author drafts, an arc reviewer gives a typed verdict, author and
// reviewer discuss it (the verdict never changes), the author revises up
// to a cap, reader personas with memory give feedback in the background,
// a pure judgment decides PASS / PASS_WITH_POLISH / FORCE_PASS, a polish
// step applies at most three quote-anchored fixes, a human confirms the
// save, the trackers and the quality log are updated, a retro proposes one
// Try for the human to approve, and the workspace is archived.
//
// Before the first draft, the episode design: step 0 reads the facts
// (ReadFacts: planned and remaining episodes, the act boundary, the
// writing guide's compatibility table, the handover notes' format), step
// 1 checks the series tracker's required sections (MissingTrackerSections;
// the missing ones are regenerated into it with the save), step 2 writes
// the brief (Brief, with the writing accents of ChooseAccents), step 2Q
// asks the designer the points filled by assumption (Assumptions, through
// Episode.Asker as loop.Input questions; an answer starting "arc change:"
// becomes a [DESIGN-REVIEW] handover thread) and confirms a climax
// episode's one line (3b). The first draft's prompt repeats the brief's
// key points (AuthorTask.Points). An Author that is a Reflector notes
// what surprised it (AuthorReflectionsFile), which accent it changed
// (workspace/accent-note.md), the protagonist's choice and the action
// balance (Reflection.Choice, Reflection.Balance: the save upserts this
// episode's row into the tracker's protagonist agency and action balance
// tables, which the next brief reads); the orchestrator's notes
// (OrchestratorReflectionsFile) are read by the next retro and never
// given to a role.
//
// The steps are the seed's (0, 1, 2, 2Q, 3, 4, 4D, 5, 6, 6.5, 7, 7.5, 7.6,
// 8), each made of journal steps, and workspace/progress.md shows the current step,
// its status, the checkboxes and the revision count. A run killed anywhere
// resumes by replay (Episode.Write again): nothing journaled is asked
// twice, and readers, which are background tasks (journal.Start) keyed by
// the draft's SHA-256, run once per draft text: started on the first
// draft, again on the final one only if its text differs.
//
// Better than the original, measured: a revision is accepted only if the
// readers prefer it to the previous draft in a pairwise comparison
// against the brief (loop.ComparePair: labels shuffled by a journaled
// draw, asked in both orders, a disagreement a tie; accepted when more
// readers prefer the new draft than the old); otherwise the previous draft
// stays and the revision log says why. The quality log keeps every
// persona's stars, and ReaderStats reports each persona's variance and
// flags those whose score never moves. Reader memory files hold one entry
// per episode, replaced on a re-run.
//
// Gates (Episode.Asker, a loop.Asker: AutoAsker, FileAsker, a terminal
// form, a callback): 2Q's questions and a climax's one line before the
// first draft (an automatic asker keeps the brief's assumptions and the
// designed line); a verdict other than OK when the revisions end asks to
// confirm a FORCE_PASS; a no gives one more revision with the human's note,
// after which a second no ends the run unsaved (ErrNotSaved). For
// MAJOR_REVISION the question defaults to no, so an unattended run never
// force-passes a major revision. The save asks for confirmation; for a
// FORCE_PASS the question carries a warning and defaults to no, so an
// unattended run never saves an episode the arc reviewer did not pass
// (ErrNotSaved, saying why). The Try is approved, rejected or modified.
//
// Roles are interfaces (Author, Critic, Reader). ModelAuthor, ModelCritic
// and ModelReader run on any agent.Provider, the verdict, feedback and
// preferences as typed calls (agent.Ask); OfflineAuthor, OfflineCritic and
// OfflineReader need no model (their rules are in their docs). Cast
// builds the three from a loop.Cast (a command's provider flags, say),
// each role offline or on its own model.
//
// A run's Outcome prints its completion report (WriteText), says why the
// episode was not saved (Err) and reports the polish fixes for CI
// (Report); one decoded from a Driver's Stop is made whole by At.
//
// The story folder (Episode.Dir) holds story/ (ArcFile, CharacterFile and
// PersonasFile are required; see each constant for its format),
// episodes/NN_title.txt, workspace/ and archive/episode-NN/ (draft-vN.txt
// and the archived workspace); the journal is in RunDir.
//
// The smallest use, offline:
//
//	critics := offline.Editorial(offline.Config{Enabled: []string{offline.SetStrict}})
//	e := &writing.Episode{Dir: "my-story", Number: 3,
//		Author:  writing.OfflineAuthor{Draft: draft},
//		Critic:  writing.OfflineCritic{Critics: critics},
//		Readers: func(writing.Persona) writing.Reader { return writing.OfflineReader{Critics: critics} }}
//	res, err := e.Write(ctx)
package writing
