package agent

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/finding"
)

// MaxRepairQuote bounds, in bytes, how much of a model's invalid answer a
// repair request quotes back to it. A longer answer is quoted up to the
// bound (cut at a character boundary) and followed by a note of how much
// was left out, so an oversized answer is never sent back whole.
const MaxRepairQuote = 64 << 10

// quoteAnswer returns answer as the repair request quotes it: whole up to
// MaxRepairQuote bytes, cut with a note beyond.
func quoteAnswer(answer string) string {
	if len(answer) <= MaxRepairQuote {
		return answer
	}
	cut := MaxRepairQuote
	for cut > 0 && !utf8.RuneStart(answer[cut]) {
		cut--
	}
	return answer[:cut] + fmt.Sprintf("\n\n[… %d more bytes of this answer are left out here]", len(answer)-cut)
}

// maxRepairViolations and maxViolationLine bound the violations a repair
// request lists: a violation may quote the model's own text.
const (
	maxRepairViolations = 50
	maxViolationLine    = 1 << 10
)

// clip cuts s to maxViolationLine bytes at a character boundary.
func clip(s string) string {
	if len(s) <= maxViolationLine {
		return s
	}
	cut := maxViolationLine
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// repairPrompt asks for a corrected answer, listing every violation the
// extractor reported with its JSON pointer.
func repairPrompt(err error) string {
	var b strings.Builder
	b.WriteString("Your answer does not match the JSON Schema of this request. The validator reported:\n\n")
	vs := violationsOf(err)
	for _, v := range vs[:min(len(vs), maxRepairViolations)] {
		b.WriteString("- " + clip(v.String()) + "\n")
	}
	if n := len(vs) - maxRepairViolations; n > 0 {
		fmt.Fprintf(&b, "- … and %d more\n", n)
	}
	b.WriteString("\nAnswer again with the corrected JSON only: no prose, no code fence. Keep everything else you had.\n")
	return b.String()
}

// violationsOf lists what an extractor's error says.
func violationsOf(err error) []finding.Violation {
	var ae *AnswerError
	var ve *finding.ValidationError
	switch {
	case errors.As(err, &ae) && len(ae.Violations) > 0:
		return ae.Violations
	case errors.As(err, &ve) && len(ve.Violations) > 0:
		return ve.Violations
	case errors.Is(err, ErrNoJSON):
		return []finding.Violation{{Message: "no JSON object in your answer"}}
	}
	return []finding.Violation{{Message: err.Error()}}
}
