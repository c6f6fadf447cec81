// Package agent holds kaigi's seams: a Provider is one model, an Agent
// writes or decides (author, resolver, judge), and a Reviewer reads a Target
// and returns one finding.Report. Personas describe a reviewer's lens and
// the standard it audits against, and the LLM reviewer turns a Provider and
// a Persona into a Reviewer that asks for, extracts and validates Council
// JSON v1, re-asking once when the model's answer violates the schema.
//
// Providers live in the providers/ packages; this package depends on no
// model SDK. The smallest custom reviewer is a function:
//
//	r := agent.ReviewerFunc{ReviewerName: "spell", Fn: func(ctx context.Context, t agent.Target) (agent.Review, error) {
//		rep := finding.Report{Reviewer: "spell", SchemaVersion: finding.SchemaVersion, Findings: []finding.Finding{}}
//		return agent.Review{Report: rep}, nil
//	}}
package agent
