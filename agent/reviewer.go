package agent

import (
	"context"

	"github.com/kaigi-dev/kaigi/finding"
)

// Reviewer reads a Target and returns one Report.
//
// A Reviewer returns every finding it has, with no threshold of its own;
// deciding what to apply is the aggregator's and the loop's job.
// Implementations must be safe for concurrent use and honour ctx.
type Reviewer interface {
	// Name is the reviewer's name as it appears in reports and artifacts.
	// Example: "anti-ai-slop".
	Name() string

	// Review returns the reviewer's Report on t. The Report's Reviewer
	// field should equal Name(). Like io.Reader's n, the returned Review's
	// Usage and Model report what was spent, and on which model, even
	// when err is not nil; its Report is then not meaningful.
	Review(ctx context.Context, t Target) (Review, error)
}

// Review is what a Reviewer returns: its Report and what it cost.
type Review struct {
	// Report is the reviewer's Council JSON v1 answer.
	Report finding.Report

	// Usage counts the model tokens spent on the review, repair calls
	// included; zero for reviewers that call no model.
	Usage Usage

	// Model names the model that wrote the report, for cost accounting.
	Model string
}

// Target is what a reviewer reads: a document and everything that frames it.
type Target struct {
	// Path names the document, relative to the work folder where possible.
	// It is used in prompts and messages, not read from disk.
	Path string

	// Text is the document's bytes, exactly as stored (BOM, CRLF and a
	// missing final newline preserved).
	Text []byte

	// Lines limits the review to a window of the document. The zero range
	// means the whole document.
	Lines finding.LineRange

	// Focus describes a semantic target inside the document, such as "the
	// H4 block whose id is S1.12".
	Focus string

	// ReaderProfile describes the intended reader. Example: "Web engineers
	// new to Go".
	ReaderProfile string

	// References holds shared reference material (standards, context
	// documents) every reviewer receives.
	References []Reference

	// Rejected lists findings a human or policy already rejected; a
	// reviewer should not propose them again.
	Rejected []Rejection

	// Round is the 1-based round number, for messages.
	Round int
}

// Reference is one piece of reference material handed to reviewers.
type Reference struct {
	// Name identifies the material. Example: "style-guide.md".
	Name string
	// Text is the material's content.
	Text string
}

// Rejection is a finding that was rejected, and why.
type Rejection struct {
	Finding finding.Finding
	// Reason is the human's or policy's reason.
	Reason string
}

// ReviewerFunc adapts a name and a function to the Reviewer interface.
type ReviewerFunc struct {
	// ReviewerName is returned by Name.
	ReviewerName string
	// Fn is called by Review.
	Fn func(ctx context.Context, t Target) (Review, error)
}

// Name returns r.ReviewerName.
func (r ReviewerFunc) Name() string { return r.ReviewerName }

// Review calls r.Fn(ctx, t).
func (r ReviewerFunc) Review(ctx context.Context, t Target) (Review, error) {
	return r.Fn(ctx, t)
}

// Agent writes or decides: an author drafting text, a resolver, a judge, a
// synthesizer. It receives a task as conversation messages and returns text.
// Implementations must be safe for concurrent use and honour ctx.
type Agent interface {
	// Name is the agent's name in logs and artifacts. Example: "author".
	Name() string

	// Run performs one step of the agent's work.
	Run(ctx context.Context, task Task) (Result, error)
}

// Task is one piece of work for an Agent.
type Task struct {
	// Instructions say what to do now. They come last, after Material and
	// History.
	Instructions string
	// Material is shared context placed first, before History and the
	// instructions (long material first, so a provider can cache it: the
	// same Material for many tasks is a prefix they share).
	Material []Reference
	// History is the conversation so far: earlier instructions (user
	// messages) and the agent's earlier answers (assistant messages), or
	// the turns of a discussion, oldest first. It follows the Material, so
	// the shared prefix stays first, and precedes the Instructions. An
	// agent with memory keeps it from task to task, appending each
	// Instructions and Result.Text.
	History []Message
	// Schema, when set, is a JSON Schema the result's text must match.
	Schema []byte
}

// Result is what an Agent returns for a Task. When Run returns an error,
// only Usage and Model are meaningful: what the failed calls spent, and
// on which model.
type Result struct {
	// Text is the agent's output.
	Text string
	// Usage counts the model tokens spent, if any.
	Usage Usage
	// Model names the model that answered, for cost accounting; empty for
	// an agent that calls no model.
	Model string
}
