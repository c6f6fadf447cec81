package apply

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/finding"
)

// promptPieces are the bits of the documents the prompt property test
// writes: English and Japanese words, full-width letters, a combining
// accent, an emoji with a skin tone, and white space of every kind the
// normalised view treats apart (spaces, an ideographic space, a tab, line
// breaks, blank lines, a line holding only a space).
var promptPieces = []string{
	"the ", "cat", "sat", "Go", " on ", "mat.", "吾輩", "は", "猫", "である", "。", "名前", "まだ無い",
	"ＡＢＣ", "e\u0301", "👍🏽", " ", "  ", "\u3000", "\t", "\n", "\n", "\n\n", " \n", "\n \n",
}

// promptCase is one random case: the document as stored, the text the
// prompt shows (no '\r', no BOM), the span of it a reviewer quotes, and
// how the document is stored.
type promptCase struct {
	doc, shown string
	crlf       bool
	bom        string
}

func newPromptCase(rng *rand.Rand) promptCase {
	var b strings.Builder
	for range 3 + rng.IntN(40) {
		b.WriteString(promptPieces[rng.IntN(len(promptPieces))])
	}
	shown := b.String()
	if rng.IntN(3) == 0 {
		shown = strings.TrimRight(shown, "\n") // no final newline
	}
	c := promptCase{shown: shown, crlf: rng.IntN(2) == 0 && strings.Contains(shown, "\n")}
	if rng.IntN(4) == 0 {
		c.bom = bom
	}
	c.doc = c.bom + c.stored(shown)
	return c
}

// stored converts text the prompt shows to the document's line endings.
func (c promptCase) stored(s string) string {
	if c.crlf {
		return strings.ReplaceAll(s, "\n", "\r\n")
	}
	return s
}

// docOffset maps an offset of the shown text to the stored document.
func (c promptCase) docOffset(i int) int {
	if c.crlf {
		i += strings.Count(c.shown[:i], "\n")
	}
	return len(c.bom) + i
}

// cuts returns the offsets of the shown text a quote may start or end at:
// character boundaries of the stored document (see boundary), and not
// before a half-width voiced mark, which folds into the letter before it.
func (c promptCase) cuts() []int {
	var cuts []int
	for i := 0; i <= len(c.shown); i++ {
		if i < len(c.shown) && !utf8.RuneStart(c.shown[i]) {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(c.shown[i:]); r == '\uff9e' || r == '\uff9f' {
			continue
		}
		if boundary([]byte(c.doc), c.docOffset(i)) {
			cuts = append(cuts, i)
		}
	}
	return cuts
}

// line returns the 1-based line of offset i of the shown text.
func (c promptCase) line(i int) int { return strings.Count(c.shown[:i], "\n") + 1 }

// randFix returns a fix for quote q: a replacement, an insertion, a
// deletion, or a change of the white space at an edge.
func randFix(rng *rand.Rand, q string) string {
	runes := []int{}
	for i := range q {
		runes = append(runes, i)
	}
	runes = append(runes, len(q))
	ins := func() string {
		var b strings.Builder
		for range 1 + rng.IntN(3) {
			b.WriteString(promptPieces[rng.IntN(len(promptPieces))])
		}
		return b.String()
	}
	switch rng.IntN(5) {
	case 0: // replace everything
		return ins()
	case 1, 2: // insert
		k := runes[rng.IntN(len(runes))]
		return q[:k] + ins() + q[k:]
	case 3: // delete a part, keeping some neighbouring text
		i, j := rng.IntN(len(runes)), rng.IntN(len(runes))
		i, j = min(i, j), max(i, j)
		if i == 0 && j == len(runes)-1 {
			j--
		}
		return q[:runes[i]] + q[runes[j]:]
	}
	// Change the white space at one edge.
	edges := []string{"", " ", "\n", "\n\n", " \n"}
	e := edges[rng.IntN(len(edges))]
	if rng.IntN(2) == 0 {
		return strings.TrimLeft(q, " \t\n\u3000") + e
	}
	return e + strings.TrimRight(q, " \t\n\u3000")
}

// perturb writes q the way a model might retype it: full-width letters as
// ASCII, a decomposed accent composed, a run of spaces inside it as one.
func perturb(rng *rand.Rand, q string) string {
	core := strings.TrimSpace(q)
	if core == "" {
		return q
	}
	i := strings.Index(q, core)
	out := core
	switch rng.IntN(3) {
	case 0:
		out = strings.ReplaceAll(out, "ＡＢＣ", "ABC")
	case 1:
		out = strings.ReplaceAll(out, "e\u0301", "\u00e9")
	case 2:
		out = strings.ReplaceAll(out, "  ", " ")
	}
	return q[:i] + out + q[i+len(core):]
}

// TestPropertyPromptQuotes is the acceptance property of issue 9: findings
// quoted the way the prompt shows the document (no '\r', no BOM), over
// CRLF and LF documents in Japanese and English, with random spans (often
// over several lines) and random fixes (insertions and deletions among
// them), either produce exactly the intended document or are refused;
// never another document.
func TestPropertyPromptQuotes(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 1))
	stats := map[string]int{}
	for iter := range 4000 {
		c := newPromptCase(rng)
		cuts := c.cuts()
		if len(cuts) < 2 {
			continue
		}
		i := rng.IntN(len(cuts) - 1)
		j := min(i+1+rng.IntN(12), len(cuts)-1)
		a, b := cuts[i], cuts[j]
		q := c.shown[a:b]
		if rng.IntN(4) == 0 {
			if p := perturb(rng, q); p != q && !strings.Contains(c.shown, p) {
				q = p // only the normalised stage can find it
				stats["perturbed"]++
			}
		}
		fix := randFix(rng, q)
		want := c.bom + c.stored(c.shown[:a]+fix+c.shown[b:])

		f := finding.Finding{ID: "F1", Quotes: []string{q}, Fix: fix}
		switch first, last := c.line(a), c.line(max(a, b-1)); rng.IntN(3) {
		case 0:
			f.LineRange = finding.LineRange{Start: first, End: last}
		case 1:
			f.LineRange = finding.LineRange{Start: max(1, first-rng.IntN(3)), End: last + rng.IntN(3)}
		}
		anchors, skips := Resolve([]byte(c.doc), []Proposal{{Key: "k", Finding: f}}, Options{Window: 1 + rng.IntN(4)})
		if len(skips) == 1 {
			stats["refused"]++
			continue
		}
		e := anchors[0].Edit
		got := c.doc[:e.Start] + e.New + c.doc[e.End:]
		if got != want {
			t.Fatalf("iteration %d: document %q (CRLF %v, BOM %v), quote %q, fix %q, lines %s:\nanchored %+v by %s\ngot  %q\nwant %q",
				iter, c.doc, c.crlf, c.bom != "", q, fix, f.LineRange, e, anchors[0].Method, got, want)
		}
		stats[string(anchors[0].Method)]++
		if c.crlf && strings.Contains(q, "\n") {
			stats["CRLF, multi-line"]++
		}
	}
	t.Logf("%v", stats)
	anchored := stats[string(ExactRange)] + stats[string(Window)] + stats[string(Document)] + stats[string(Normalized)]
	if anchored < 2000 || stats[string(Normalized)] < 50 || stats["CRLF, multi-line"] < 300 {
		t.Errorf("too few cases anchored to mean anything: %v", stats)
	}
}

// FuzzPromptQuotes is the fuzzing form of TestPropertyPromptQuotes: the
// fuzzer picks the seed of one random case.
func FuzzPromptQuotes(f *testing.F) {
	for _, s := range []uint64{1, 2, 3, 42} {
		f.Add(s, s*7)
	}
	f.Fuzz(func(t *testing.T, s1, s2 uint64) {
		rng := rand.New(rand.NewPCG(s1, s2))
		c := newPromptCase(rng)
		cuts := c.cuts()
		if len(cuts) < 2 {
			return
		}
		i := rng.IntN(len(cuts) - 1)
		j := min(i+1+rng.IntN(12), len(cuts)-1)
		a, b := cuts[i], cuts[j]
		q := c.shown[a:b]
		if p := perturb(rng, q); rng.IntN(2) == 0 && !strings.Contains(c.shown, p) {
			q = p
		}
		fix := randFix(rng, q)
		f := finding.Finding{ID: "F1", Quotes: []string{q}, Fix: fix, LineRange: finding.LineRange{Start: c.line(a), End: c.line(max(a, b-1))}}
		anchors, _ := Resolve([]byte(c.doc), []Proposal{{Key: "k", Finding: f}}, Options{})
		if len(anchors) == 1 {
			e := anchors[0].Edit
			if got, want := c.doc[:e.Start]+e.New+c.doc[e.End:], c.bom+c.stored(c.shown[:a]+fix+c.shown[b:]); got != want {
				t.Fatalf("document %q, quote %q, fix %q: got %q, want %q", c.doc, q, fix, got, want)
			}
		}
	})
}
