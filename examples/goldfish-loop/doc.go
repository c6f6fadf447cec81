// Command goldfish-loop runs the Goldfish review loop (package
// loop/goldfish) on one section of a spec or plan: memoryless reviewers
// audit it each round against named standards, a resolver that remembers
// contests or fixes each finding, a gate decides, and the loop stops after
// two consecutive clean rounds, at the round cap, or when you say stop.
//
// With no file it runs a demo on a copy of the bundled sample spec
// (section S1.12), offline unless -provider is given:
//
//	go run ./examples/goldfish-loop
//	go run ./examples/goldfish-loop -target S1.12 -reviewers design_critic,structural spec.md
//
// Before the first round an intake asks for what the flags leave out
// (the target, with the file's headings offered; the reviewers, recommended
// by the document's kind), shows the plan and waits for a yes: on a
// terminal, or through .goldfish/questions.json and answers.json (run the
// same command again once answered); -yes takes the defaults. Once the
// loop converged it asks the closing question: the next stage, or a last
// check (one more round).
//
// Artifacts, the journal and goldfish_review_report.md go to -out
// (.goldfish). Exit codes: 0 converged (the demo: stopped for a stated
// reason), 1 error, 2 stopped before converging.
package main
