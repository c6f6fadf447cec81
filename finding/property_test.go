package finding

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// pieces are awkward fragments random reports are built from: Japanese,
// CRLF, quotes, brackets, fences, escapes and a BOM.
var pieces = []string{
	"いかがでしたか？", "ＡＢＣ", "ｶﾀｶﾅ", "plain", "\r\n", "\n", "\t", `"`, `\`, "{", "}", "[", "]",
	"```json", "```", ",}", "\u3000", "\uFEFF", "<b>", "💡", "e\u0301", "/", "~",
}

func randText(r *rand.Rand, max int) string {
	var b strings.Builder
	for range r.IntN(max + 1) {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}

// randReport builds a valid Report at random.
func randReport(r *rand.Rand) Report {
	rep := Report{
		Reviewer: "r" + randText(r, 3), SchemaVersion: SchemaVersion,
		Summary: randText(r, 5), Memo: randText(r, 2), Findings: []Finding{},
	}
	for i := range r.IntN(6) {
		start := 1 + r.IntN(500)
		f := Finding{
			ID: fmt.Sprintf("F%d", i), Category: "c" + randText(r, 2), File: randText(r, 2),
			LineRange: LineRange{start, start + r.IntN(4)}, Issue: "i" + randText(r, 4),
			Fix: randText(r, 4), Confidence: r.IntN(101),
			Severity: [...]Severity{Low, Medium, High}[r.IntN(3)], Quotes: []string{},
		}
		for range r.IntN(3) {
			f.Quotes = append(f.Quotes, randText(r, 4))
		}
		rep.Findings = append(rep.Findings, f)
	}
	return rep
}

// TestPropertyRoundTrip: every valid Report encodes to JSON that
// validates, and Extract finds it again, unchanged, inside prose and a
// fence, with CRLF line endings or after another JSON value.
func TestPropertyRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 500 {
		want := randReport(r)
		data, err := json.MarshalIndent(want, "", "  ")
		if err != nil {
			t.Fatalf("case %d: Marshal: %v", i, err)
		}
		if err := Validate(data); err != nil {
			t.Fatalf("case %d: Validate(%s): %v", i, data, err)
		}
		wraps := []string{
			string(data),
			"Here is my review:\n```json\n" + string(data) + "\n```\nDone.",
			strings.ReplaceAll("前置き\n```\n"+string(data)+"\n```", "\n", "\r\n"),
			`{"note": "draft"} [1, 2] ` + string(data),
		}
		for j, text := range wraps {
			got, err := Extract(text)
			if err != nil {
				t.Fatalf("case %d/%d: Extract: %v\n%s", i, j, err, text)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("case %d/%d: Extract =\n%+v\nwant\n%+v", i, j, got, want)
			}
		}
	}
}

// TestPropertyFingerprint: rewriting a finding's issue, converting its
// line endings or widening its ASCII to full width never changes its
// Fingerprint or QuoteKey.
func TestPropertyFingerprint(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	toFullWidth := func(s string) string {
		return strings.Map(func(c rune) rune {
			if c > ' ' && c < 0x7f {
				return c - '!' + '！'
			}
			return c
		}, s)
	}
	for i := range 2000 {
		f := randReport(r).Findings
		if len(f) == 0 {
			continue
		}
		g := f[0]
		g.Quotes = append([]string{"q" + randText(r, 4)}, g.Quotes...)
		h := g
		h.Issue = "reworded " + randText(r, 3)
		h.Quotes = []string{toFullWidth(strings.ReplaceAll(g.Quotes[0], "\n", "\r\n"))}
		h.Fix = toFullWidth(strings.ReplaceAll(g.Fix, "\r\n", "\n"))
		if Fingerprint(g) != Fingerprint(h) || QuoteKey(g) != QuoteKey(h) {
			t.Fatalf("case %d: keys differ for\n%q / %q\n%q / %q", i, g.Quote(), g.Fix, h.Quote(), h.Fix)
		}
	}
}
