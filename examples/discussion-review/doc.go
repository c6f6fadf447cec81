// Command discussion-review runs a discussion review: participants analyse
// the targets, debate them on a whiteboard with point-level refs, and a lead
// writes a verdict that validates against the spec's schema, citing only the
// points that survived (package loop/discussion).
//
// With no spec it runs a demo on a copy of the bundled sample (sample/),
// offline: the participants are the offline reviewers with their lenses and
// the lead follows the surviving points. With a spec (-spec) and a provider
// (-provider, or an API key in the environment), each participant runs on
// the model its spec entry or -reviewer-model names. A participant whose
// provider is offline plays the offline reviewer its "model" names
// (anti-ai-slop, fact-checker, narrative-critic or reader-advocate).
//
// Artifacts go to <root>/.discussion/<id>/: journal.jsonl, whiteboard.md,
// verdict.json, summary.md, and fanout.md after a fallback. Exit codes: 0
// done, 1 error, 2 a FAIL verdict (not for the demo) or no verdict because
// no reviewer answered (the demo too).
package main
