// Command write-episode runs the write-episode loop (package loop/writing)
// on a story folder: brief, draft, arc review with discussion, revisions
// accepted only when the readers prefer them, background readers with
// memory, judgment, polish, save, trackers, quality log, retro and
// archive, each step shown as it happens.
//
// With no story folder it runs a demo on a copy of the bundled sample
// story (sample/), offline unless a provider is configured:
//
//	go run ./examples/write-episode
//
// Online, every role on a model (or each on its own, with
// -reviewer-model author=openai:gpt-4.1, arc-reviewer=..., reader-yuki=...):
//
//	OPENAI_API_KEY=... go run ./examples/write-episode -story my-story -episode 4
package main
