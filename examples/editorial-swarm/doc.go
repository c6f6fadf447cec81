// Command editorial-swarm runs the Editorial Swarm: four reviewers
// (anti-ai-slop, fact-checker, narrative-critic, reader-advocate) polish an
// almost finished article in rounds; safe low-severity fixes are applied,
// the rest is put to a human, and the loop stops when every high finding is
// applied or rejected, or after -rounds rounds.
//
// With no file argument it runs a demo: it copies a bundled sample article
// into a fresh folder and reviews the copy offline.
//
// Usage:
//
//	editorial-swarm [flags] [article.md]
//
// Exit codes: 0 converged (no high finding left open), 1 error, 2 stopped
// with unresolved high findings (waiting at the gate, stalled, or at the
// round cap) or because no reviewer answered (a wrong key, a server that
// cannot be reached: the reasons are printed). The demo exits 0 once it
// has run, unless no reviewer answered.
package main
