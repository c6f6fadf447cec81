// Command multi-shot-review reviews a git change in slices, with several
// independent shots per slice, passes and a judge, on kaigi's loop kernel
// (package loop/multishot).
//
// With no target flag it builds a small repository in a temporary folder
// from a bundled sample change (a Go package, its test, Markdown in
// English and Japanese, a review policy, a deleted and a binary file) and
// reviews it offline: go vet and the offline prose reviewers, two shots per
// slice, so the waves, the automatic duplicates, the passes and the judge
// show; then follow-ups add a slice with its own shots and harness and,
// once every slice is removed, classify the change anew.
//
//	go run ./examples/multi-shot-review
//	go run ./examples/multi-shot-review -repo . -uncommitted -task "what I asked for"
//	go run ./examples/multi-shot-review -repo . -base main -provider openai -task-file task.md
//
// Exit codes: 0 the session is done (ok), 1 error, 2 findings remain or
// the classification left no slice to review (its log says why).
package main
