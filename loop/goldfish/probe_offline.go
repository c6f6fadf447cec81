package goldfish

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply/document"
)

// OfflineProbe is the comprehension probe without a model: it restates
// every sentence of the section's prose (headings, code and front matter
// left out) as a decision, verbatim, in the section's order. It stands for
// a literal reader: what the text says, not what it means, so a mismatch
// with the intent is a mismatch with the words.
type OfflineProbe struct{}

// Name returns ProbeName.
func (OfflineProbe) Name() string { return ProbeName }

// Review restates t.Text.
func (OfflineProbe) Review(ctx context.Context, t agent.Target) (agent.Review, error) {
	if err := ctx.Err(); err != nil {
		return agent.Review{}, fmt.Errorf("goldfish %s: %w", ProbeName, err)
	}
	r := Restatement{Decisions: []Decision{}, Assumptions: []string{}, OpenQuestions: []string{}}
	for _, s := range sentences(t.Text) {
		r.Decisions = append(r.Decisions, Decision{Statement: s})
	}
	return restatementReview(ProbeName, r, agent.Usage{}, ""), nil
}

// sentences returns the sentences of text's prose blocks, verbatim (line
// breaks kept, so each is a quote of text), split after '.', '!', '?' or
// '。' followed by white space or the block's end; a sentence never spans
// blocks, and a list item's marker is left out.
func sentences(text []byte) []string {
	o := document.Parse(text)
	var out []string
	for _, b := range o.Blocks {
		if !b.Kind.Prose() || b.Kind == document.Heading {
			continue
		}
		start := max(b.Span.Start, b.Marker.End)
		block := string(text[start:b.Span.End])
		from := 0
		for i, c := range block {
			if c != '.' && c != '!' && c != '?' && c != '。' {
				continue
			}
			next := i + len(string(c))
			if next == len(block) || c == '。' || unicode.IsSpace(rune(block[next])) {
				if s := strings.TrimSpace(block[from:next]); s != "" {
					out = append(out, s)
				}
				from = next
			}
		}
		if s := strings.TrimSpace(block[from:]); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// MinIntentOverlap is the word overlap (Jaccard of lower-case word sets)
// below which the offline resolver finds no restated decision for an
// intended one.
const MinIntentOverlap = 0.3

// Compare compares b's restatement with r.Intent, the decisions the author
// meant, one sentence each: each intended decision is matched with the
// restated one sharing most words; none sharing MinIntentOverlap of them is
// a missing decision, and one whose numbers differ ("5 times" for "3
// times") is a decision restated otherwise, whose fix is the intended
// sentence in place of the restated one (the offline probe restates
// verbatim, so the restated sentence is a quote of the section). With no Intent there is
// nothing to compare against and no mismatch.
func (r OfflineResolver) Compare(ctx context.Context, b ProbeBrief) (Comparison, error) {
	if err := ctx.Err(); err != nil {
		return Comparison{}, fmt.Errorf("goldfish: offline resolver: %w", err)
	}
	c := Comparison{Mismatches: []Mismatch{}}
	for _, intent := range r.Intent {
		best, score := -1, 0.0
		for i, d := range b.Restatement.Decisions {
			if s := overlap(words(intent), words(d.Statement)); s > score {
				best, score = i, s
			}
		}
		switch {
		case best < 0 || score < MinIntentOverlap:
			c.Mismatches = append(c.Mismatches, Mismatch{Intent: intent})
		case !slices.Equal(numbers(intent), numbers(b.Restatement.Decisions[best].Statement)):
			st := b.Restatement.Decisions[best].Statement
			c.Mismatches = append(c.Mismatches, Mismatch{Statement: st, Intent: intent, Quote: st, Fix: intent})
		}
	}
	return c, nil
}

func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// numbers returns the runs of digits of s, in order.
func numbers(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsDigit(r) })
}

// overlap is the Jaccard similarity of two word sets.
func overlap(a, b []string) float64 {
	sa := map[string]bool{}
	for _, w := range a {
		sa[w] = true
	}
	sb := map[string]bool{}
	common := 0
	for _, w := range b {
		if !sb[w] && sa[w] {
			common++
		}
		sb[w] = true
	}
	if u := len(sa) + len(sb) - common; u > 0 {
		return float64(common) / float64(u)
	}
	return 0
}
