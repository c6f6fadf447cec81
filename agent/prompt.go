package agent

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// CouncilSystemPrompt is the system prompt of every review request. It is
// the same for every reviewer, so that a provider's prompt cache can share
// it; what makes a reviewer different comes last, in the user message.
const CouncilSystemPrompt = `You are one reviewer on a review council. Several reviewers read the same document in parallel, each through its own lens; their findings are merged, safe fixes are applied automatically, and a human decides the rest.

The user message first gives the shared material (reference standards, the reader profile, the document with line numbers, the part to review, and findings already rejected), then your own role and the output contract. Follow the output contract exactly: answer with one JSON object and nothing else.`

// FixConvention is how a finding's fix edits the document, as every
// reviewer prompt states it: the rule apply follows, and the one the
// offline reviewers keep.
const FixConvention = "`fix` always replaces `quotes[0]` exactly. To insert text, quote the neighbouring text and give as fix that quote with the insertion added; to delete text, quote it together with some neighbouring text and give as fix the quote without the deleted part. An empty fix is advice only and is never applied."

// BuildReviewRequest returns the request an LLM reviewer sends for persona
// p on target t. It is exported so tests and users can inspect the prompt.
//
// Request.System is CouncilSystemPrompt. The one user message has the
// shared parts first, byte-identical for every persona reviewing t: the
// reference material sorted by name (it changes least from round to round,
// so it comes first), the reader profile, the document with line numbers,
// the line window and focus, and the findings already rejected. The
// references part and the last shared part have CacheBreak set: the first
// mark lets a provider with explicit caching (Anthropic) reuse the
// references across rounds, when the document has changed, the second
// shares the whole prefix among the reviewers of one round. With the
// provider's own mark on a long system prompt that is at most three of
// the four break points the API allows. The final part is the persona's own:
// its lens, instructions and standards, and the Council JSON v1 output
// contract, with the JSON Schema spelled out when schemaInPrompt is true
// (for providers without structured output).
//
// Request.Schema is finding.Schema() and Request.SchemaName
// "council_report". Model, MaxTokens and Temperature are left zero.
func BuildReviewRequest(t Target, p Persona, schemaInPrompt bool) Request {
	parts := sharedParts(t)
	parts[len(parts)-1].CacheBreak = true // references (if any) are marked by sharedParts
	parts = append(parts, Part{Text: reviewerPart(p, schemaInPrompt)})
	return Request{
		System:     CouncilSystemPrompt,
		Messages:   []Message{{Role: User, Parts: parts}},
		Schema:     finding.Schema(),
		SchemaName: "council_report",
	}
}

// sharedParts renders the material every reviewer of t receives; it never
// returns an empty slice, since the document part is always there.
func sharedParts(t Target) []Part {
	var parts []Part
	if len(t.References) > 0 {
		refs := slices.Clone(t.References)
		slices.SortFunc(refs, func(a, b Reference) int {
			return cmp.Or(strings.Compare(a.Name, b.Name), strings.Compare(a.Text, b.Text))
		})
		var b strings.Builder
		b.WriteString("# Reference material\n")
		for _, r := range refs {
			fmt.Fprintf(&b, "\n## %s\n\n%s\n", r.Name, strings.TrimRight(r.Text, "\n"))
		}
		// The prefix that changes least between rounds: a cache break
		// point of its own.
		parts = append(parts, Part{Text: b.String() + "\n", CacheBreak: true})
	}
	if t.ReaderProfile != "" {
		parts = append(parts, Part{Text: "# Reader profile\n\n" + strings.TrimSpace(t.ReaderProfile) + "\n\n"})
	}
	parts = append(parts, Part{Text: documentPart(t)})

	var scope strings.Builder
	if !t.Lines.IsZero() {
		fmt.Fprintf(&scope, "Review only lines %s of the document; the rest is context.\n", t.Lines)
	}
	if t.Focus != "" {
		fmt.Fprintf(&scope, "Focus: %s\n", strings.TrimSpace(t.Focus))
	}
	if scope.Len() > 0 {
		parts = append(parts, Part{Text: "# Scope\n\n" + scope.String() + "\n"})
	}
	if len(t.Rejected) > 0 {
		var b strings.Builder
		b.WriteString("# Already rejected: do not propose these again\n\n")
		for _, r := range t.Rejected {
			fmt.Fprintf(&b, "- quote: %s\n  fix: %s\n", strconv.Quote(r.Finding.Quote()), strconv.Quote(r.Finding.Fix))
			if r.Reason != "" {
				fmt.Fprintf(&b, "  reason: %s\n", oneLine(r.Reason))
			}
		}
		parts = append(parts, Part{Text: b.String() + "\n"})
	}
	return parts
}

// documentPart renders the document with line numbers.
func documentPart(t Target) string {
	name := t.Path
	if name == "" {
		name = "(unnamed)"
	}
	const intro = "Each line is shown as \"<number>| <text>\". The numbers and \"| \" are not part of the document: use them for line_range, and copy quotes from the text after \"| \" only.\n\n"
	b := make([]byte, 0, len(name)+len(intro)+numberedSize(t.Text)+16)
	b = append(b, "# Document: "...)
	b = append(b, name...)
	b = append(b, "\n\n"...)
	b = append(b, intro...)
	b = appendNumbered(b, t.Text)
	b = append(b, '\n')
	return string(b)
}

// NumberLines returns text with every line prefixed by its 1-based number,
// right-aligned to the width of the last number, and "| ":
//
//	 9| text
//	10| more text
//
// Lines are split on "\n"; a "\r" before it is dropped from the view but
// does not change the numbering, so line numbers are the document's own. A
// leading BOM is not shown. A final newline does not start another line,
// and every numbered line ends in "\n", with or without one.
func NumberLines(text []byte) []byte {
	if numberedSize(text) == 0 {
		return nil
	}
	return appendNumbered(make([]byte, 0, numberedSize(text)), text)
}

// lineCount returns the number of lines of text after its BOM, and the
// width of the largest line number.
func lineCount(text []byte) (n, width int) {
	text = bytes.TrimPrefix(text, []byte("\uFEFF"))
	if len(text) == 0 {
		return 0, 0
	}
	n = bytes.Count(text, []byte("\n"))
	if text[len(text)-1] != '\n' {
		n++
	}
	return n, len(strconv.Itoa(n))
}

// numberedSize bounds the length of the numbered view of text.
func numberedSize(text []byte) int {
	n, width := lineCount(text)
	if n == 0 {
		return 0
	}
	return len(text) + n*(width+3)
}

// appendNumbered appends the numbered view of text to dst.
func appendNumbered(dst, text []byte) []byte {
	n, width := lineCount(text)
	text = bytes.TrimPrefix(text, []byte("\uFEFF"))
	var num [20]byte
	for i := 1; i <= n; i++ {
		line, rest, _ := bytes.Cut(text, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		d := strconv.AppendInt(num[:0], int64(i), 10)
		for range width - len(d) {
			dst = append(dst, ' ')
		}
		dst = append(dst, d...)
		dst = append(dst, "| "...)
		dst = append(dst, line...)
		dst = append(dst, '\n')
		text = rest
	}
	return dst
}

// reviewerPart renders what only persona p receives: its role and the
// output contract.
func reviewerPart(p Persona, schemaInPrompt bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Your role: %s\n\n", p.Name)
	if p.Lens != "" {
		fmt.Fprintf(&b, "Lens: %s\n\n", strings.TrimSpace(p.Lens))
	}
	if p.Instructions != "" {
		b.WriteString(strings.TrimSpace(p.Instructions) + "\n\n")
	}
	if len(p.Standards) > 0 {
		fmt.Fprintf(&b, "Audit against these standards from the reference material: %s.\n\n", strings.Join(p.Standards, ", "))
	}
	b.WriteString("# Output contract\n\n")
	fmt.Fprintf(&b, `Answer with exactly one JSON object in Council JSON v1 and nothing else:
- "reviewer": %[1]s; "schema_version": "1"; "summary": your overall judgement in one or two sentences; "findings": an array (empty if you find nothing); "strengths": what works and should be kept, a sentence each (optional); "memo": optional notes.
- Report every finding you have. Apply no threshold of your own: low-severity and low-confidence findings belong in the list too.
- Each finding has: "id" ("F001", "F002", ...); "category": %[2]s; "line_range": the line numbers shown, "12" or "12-15"; "issue": what is wrong; "fix"; "confidence": an integer from 0 to 100; "severity": "low", "medium" or "high"; "quotes".
- "quotes"[0] is copied verbatim from the document text, not from the numbered view (no line number, no "| "): about 30 characters that occur in the lines of line_range. Further quotes may support the finding.
- %[3]s Use an empty fix when the remedy is not a local replacement.
`, strconv.Quote(p.Name), strconv.Quote(p.FindingCategory()), FixConvention)
	if p.SeverityScale != "" {
		fmt.Fprintf(&b, "- Judge severity on your own scale, %s, and write it as low, medium or high (most severe = high).\n", p.SeverityScale)
	}
	if schemaInPrompt {
		fmt.Fprintf(&b, "\nThe JSON Schema your answer must match:\n\n```json\n%s\n```\n", bytes.TrimSpace(finding.Schema()))
	}
	return b.String()
}

// oneLine folds text onto one line for a list item.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
