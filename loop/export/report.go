package export

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/finding"
)

// Report is what one invocation of a loop has to say, independent of the
// loop that said it: the tool, the files reviewed and one Result per
// finding. Every writer of this package takes a Report and never changes
// it; a Report is safe to write concurrently in several formats.
type Report struct {
	// Tool is the program that ran the loop. Its Name is required.
	Tool Tool

	// Root is the folder the Results' File paths are relative to, as an
	// absolute path or a file URI, optionally. SARIF declares it as the
	// uriBaseId ROOT (originalUriBaseIds), so that a viewer can find the
	// files; the other formats write File as it is and never read Root,
	// so run reviewdog or the GitHub workflow from Root.
	Root string

	// Rules describes the rule ids, optionally: a Result whose RuleID has
	// no Rule here gets a rule with a generic description in SARIF.
	Rules []Rule

	// Results are the findings, in the order they are written.
	Results []Result
}

// Tool names the program behind a Report.
type Tool struct {
	// Name is the program's name, required. Example: "kaigi-editorial".
	Name string
	// Version is its version, optionally. Example: "0.4.0".
	Version string
	// InformationURI is a page about the program, optionally; an absolute
	// URI when given.
	InformationURI string
}

// Rule describes one rule id: a reviewer's lens such as "ai-slop" or a
// finer rule a reviewer names.
type Rule struct {
	// ID is the rule id Results name, required and unique in a Report.
	ID string
	// Name is a short human name, optionally; SARIF leaves out one that
	// equals ID but for case. Example: "Stock phrases".
	Name string
	// Description says in one sentence what the rule looks for,
	// optionally.
	Description string
	// Help tells how to address a finding of this rule, as Markdown,
	// optionally.
	Help string
}

// Result is one finding with what became of it.
//
// Invariants (checked by Check, and so by every writer): File is a clean,
// slash-separated path relative to the Report's Root (no leading "/", no
// ".." element, no backslash); Finding.Severity is valid; Status is a
// valid finding.Status or "" (open); Rejected and Ignored carry a Reason;
// an Edit lies within Text on character boundaries and its Old equals the
// text it covers.
//
// Where a Result points: with Edit, at the edit's span of Text; else,
// with Text and a quote, at the quote anchored in Text the way apply.Resolve
// anchors a fix (exactly near the hinted lines first, then further away,
// then in a normalised view); else, or when the quote is not found or is
// ambiguous, at the hinted lines (Finding.LineRange, clamped to Text's
// lines when Text is given) without columns. A span never splits a
// character or a CRLF pair; a line terminator that ends both the span and
// the fix, and a leading BOM, are left out of it.
type Result struct {
	// File is the file the finding concerns, relative to Root.
	// Example: "docs/guide.md".
	File string

	// Text is the file's content as the reviewer saw it, optionally: it
	// gives columns, snippets and the fix's exact span. A BOM, CRLF line
	// endings, a missing final newline and invalid UTF-8 are read as they
	// are.
	Text []byte

	// Finding is the finding as the reviewer wrote it.
	Finding finding.Finding

	// Reviewer names the reviewer that proposed it, optionally. Every
	// format's message is "reviewer: issue" (the issue alone without a
	// reviewer, and "(no issue given)" for a finding with an empty
	// issue, since SARIF and reviewdog need a message).
	Reviewer string

	// RuleID is the rule the finding belongs to; "" means the finding's
	// Category (and "finding" when that is empty too).
	RuleID string

	// Status is where the finding stands; "" means finding.Open. See the
	// package documentation for what each format makes of each status.
	Status finding.Status

	// Reason says why the finding has its status, optionally; required
	// for Rejected and Ignored. It becomes a SARIF suppression's
	// justification.
	Reason string

	// Round is the loop round that proposed the finding, optionally (0
	// means unknown).
	Round int

	// Key identifies the finding within its run, optionally. Example:
	// "r1/anti-ai-slop/F001".
	Key string

	// Edit is the finding already anchored to Text, optionally: byte
	// offsets into Text, Old the text found there and New its
	// replacement (apply.Anchor.Edit, loop.Item.Edit). Only meaningful
	// with Text, of which it must be an edit.
	Edit *apply.Edit
}

// rule returns the result's rule id.
func (r Result) rule() string {
	switch {
	case r.RuleID != "":
		return r.RuleID
	case r.Finding.Category != "":
		return r.Finding.Category
	}
	return "finding"
}

// status returns the result's status, Open for "".
func (r Result) status() finding.Status {
	if r.Status == "" {
		return finding.Open
	}
	return r.Status
}

// ErrInvalid is wrapped by every error Check returns, and so by every
// writer given a Report that breaks an invariant. Check with errors.Is.
var ErrInvalid = errors.New("export: invalid report")

// Check reports whether rep keeps the invariants documented on Report,
// Rule and Result. The error names the first result that breaks one by
// its index, file, reviewer and finding id, and wraps ErrInvalid.
func (rep Report) Check() error {
	if strings.TrimSpace(rep.Tool.Name) == "" {
		return fmt.Errorf("%w: the tool has no name", ErrInvalid)
	}
	seen := make(map[string]bool, len(rep.Rules))
	for i, ru := range rep.Rules {
		switch {
		case ru.ID == "":
			return fmt.Errorf("%w: rule %d has no id", ErrInvalid, i)
		case seen[ru.ID]:
			return fmt.Errorf("%w: rule id %q is given twice", ErrInvalid, ru.ID)
		}
		seen[ru.ID] = true
	}
	for i, r := range rep.Results {
		if err := r.check(); err != nil {
			return fmt.Errorf("%w: result %d (%s): %w", ErrInvalid, i, r.where(), err)
		}
	}
	return nil
}

// where names the result for an error message.
func (r Result) where() string {
	var b strings.Builder
	fmt.Fprintf(&b, "file %q", r.File)
	if r.Reviewer != "" {
		fmt.Fprintf(&b, ", reviewer %q", r.Reviewer)
	}
	if r.Finding.ID != "" {
		fmt.Fprintf(&b, ", finding %q", r.Finding.ID)
	}
	return b.String()
}

// check reports the first invariant r breaks.
func (r Result) check() error {
	if err := checkFile(r.File); err != nil {
		return err
	}
	if !r.Finding.Severity.Valid() {
		return fmt.Errorf("severity %q is not low, medium or high", r.Finding.Severity)
	}
	st := r.status()
	if !st.Valid() {
		return fmt.Errorf("unknown status %q", r.Status)
	}
	if (st == finding.Rejected || st == finding.Ignored) && strings.TrimSpace(r.Reason) == "" {
		return fmt.Errorf("status %s needs a reason", st)
	}
	if r.Edit != nil {
		return checkEdit(r.Text, *r.Edit)
	}
	return nil
}

// checkFile reports whether p is a clean relative slash path.
func checkFile(p string) error {
	switch {
	case p == "":
		return errors.New("no file")
	case strings.ContainsRune(p, '\\'):
		return errors.New("the file path has a backslash (want slash-separated)")
	case strings.HasPrefix(p, "/"):
		return errors.New("the file path is absolute (want it relative to the root)")
	case strings.ContainsAny(p, "\x00"):
		return errors.New("the file path has a NUL byte")
	case path.Clean(p) != p:
		return fmt.Errorf("the file path is not clean (want %q)", path.Clean(p))
	case p == ".." || strings.HasPrefix(p, "../"):
		return errors.New("the file path leads out of the root")
	}
	return nil
}
