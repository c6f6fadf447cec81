// Package agent holds kaigi's seams: a Provider is one model, an Agent
// writes or decides (author, resolver, judge), and a Reviewer reads a Target
// and returns one finding.Report. Personas describe a reviewer's lens and
// the standard it audits against, and the LLM reviewer turns a Provider and
// a Persona into a Reviewer that asks for, extracts and validates Council
// JSON v1, re-asking once when the model's answer violates the schema
// (but not when the token limit cut it off: see ErrTruncated).
//
// Providers live in the providers/ packages; this package depends on no
// model SDK. The smallest custom reviewer is a function:
//
//	r := agent.ReviewerFunc{ReviewerName: "spell", Fn: func(ctx context.Context, t agent.Target) (agent.Review, error) {
//		rep := finding.Report{Reviewer: "spell", SchemaVersion: finding.SchemaVersion, Findings: []finding.Finding{}}
//		return agent.Review{Report: rep}, nil
//	}}
//
// A model reviewer loads its persona from Markdown files (embedded with
// embed.FS or on disk with os.DirFS) and reviews through any Provider:
//
//	p, err := agent.LoadPersona(fsys, "personas", "fact-checker")
//	refs, err := agent.StandardReferences(fsys, "standards", p)
//	r := agent.NewLLMReviewer(provider, p)
//	rev, err := r.Review(ctx, agent.Target{Path: "post.md", Text: doc, References: refs})
//
// Prompts are laid out for prompt caching: BuildReviewRequest puts the
// material every reviewer shares first, byte-identical across reviewers,
// and the reviewer's own role last.
//
// Ask is the one typed structured call every loop makes: the JSON Schema
// comes from a Go type, the last valid JSON answer in the reply is taken,
// the validator's messages go back once, and then the error is an
// *AnswerError (or wraps ErrTruncated when the token limit cut the answer
// off). LLMReviewer and LLMAgent are built on AskWith, its core:
//
//	type Verdict struct {
//		Verdict string `json:"verdict" jsonschema:"enum=OK,enum=REVISION_NEEDED"`
//	}
//	ans, err := agent.Ask[Verdict](ctx, provider, agent.Request{Messages: msgs})
//
// An Agent remembers through Task.History, placed after the shared
// Material so that the cached prefix stays first. Every call's Usage and
// Model are kept, also when it fails, so that every call can be priced.
//
// Provider errors share classes checked with errors.Is whichever provider
// failed: ErrRateLimited, ErrUnauthorized, ErrUnavailable, ErrTimedOut,
// ErrTruncated and ErrResponseTooLarge, so a fallback chain or a circuit
// breaker need not know the provider.
package agent
