package apply

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// farDoc is a CRLF document of n Japanese lines, line i reading
// "第i項：設定は既定のままでよい。", with the given lines replaced.
func farDoc(n int, eol string, lines map[int]string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		l, ok := lines[i]
		if !ok {
			l = fmt.Sprintf("第%d項：設定は既定のままでよい。", i)
		}
		b.WriteString(l + eol)
	}
	return b.String()
}

// TestResolveFarQuote is issue 22 item 8: the reviewer quoted line 5, the
// line has changed since (the hint's text no longer matches), and the
// quote stands once elsewhere. The quote is located there, but the anchor
// says it was found only outside the hinted lines and their window, so no
// loop applies it without a person.
func TestResolveFarQuote(t *testing.T) {
	const quote = "再起動が必要です"
	moved := map[int]string{
		5:  "第5項：変更後は再読み込みで足ります。", // the reviewed line, edited since
		50: "第50項：変更後は再起動が必要です。",  // the only occurrence left
	}
	tests := []struct {
		name     string
		doc      string
		lines    string
		quote    string
		far      bool
		method   Method
		wantLine int
	}{
		{name: "CRLF, far below the hint", doc: farDoc(60, "\r\n", moved), lines: "5", quote: quote, far: true, method: Document, wantLine: 50},
		{name: "LF, far below the hint", doc: farDoc(60, "\n", moved), lines: "5", quote: quote, far: true, method: Document, wantLine: 50},
		{name: "CRLF, quote over a line break, far", doc: farDoc(60, "\r\n", moved), lines: "4-5", quote: "必要です。\n第51項", far: true, method: Document, wantLine: 50},
		{name: "normalised (full-width), far", doc: farDoc(60, "\r\n", map[int]string{50: "第50項：ＡＰＩキーは再起動後に有効です。"}), lines: "5", quote: "APIキーは再起動後", far: true, method: Normalized, wantLine: 50},
		{name: "hint beyond the end, quote far from the end", doc: farDoc(60, "\r\n", map[int]string{10: "第10項：変更後は再起動が必要です。"}), lines: "90", quote: quote, far: true, method: Document, wantLine: 10},
		{name: "within the window", doc: farDoc(60, "\r\n", map[int]string{20: "第20項：変更後は再起動が必要です。"}), lines: "5", quote: quote, method: Window, wantLine: 20},
		{name: "normalised, within the window", doc: farDoc(60, "\r\n", map[int]string{20: "第20項：ＡＰＩキーは再起動後に有効です。"}), lines: "5", quote: "APIキーは再起動後", method: Normalized, wantLine: 20},
		{name: "on the hinted line", doc: farDoc(60, "\r\n", moved), lines: "50", quote: quote, method: ExactRange, wantLine: 50},
		{name: "no hint", doc: farDoc(60, "\r\n", moved), quote: quote, method: Document, wantLine: 50},
		{name: "the hint is the whole document", doc: farDoc(60, "\r\n", moved), lines: "1-60", quote: quote, method: ExactRange, wantLine: 50},
		{name: "hint beyond the end, quote near the end", doc: farDoc(60, "\r\n", map[int]string{58: "第58項：変更後は再起動が必要です。"}), lines: "90", quote: quote, method: Window, wantLine: 58},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, a, err := resolveOne(t, tt.doc, prop("k", tt.lines, tt.quote, "再起動は不要です"), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if a.Far != tt.far || a.Method != tt.method || a.Lines.Start != tt.wantLine {
				t.Errorf("anchored at lines %s by %s, Far %v; want line %d by %s, Far %v", a.Lines, a.Method, a.Far, tt.wantLine, tt.method, tt.far)
			}
		})
	}
}

// TestPropertyFarQuote: in random LF and CRLF documents of Japanese and
// ASCII lines, a finding hinted at line h whose quote occurs once, at
// line q, anchors at q, and is Far exactly when q is more than
// Options.Window lines away from h (exactly and in the normalised view).
func TestPropertyFarQuote(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 8))
	for i := range 400 {
		n := 1 + rng.IntN(80)
		eol := []string{"\n", "\r\n"}[rng.IntN(2)]
		window := []int{0, 1, 3, 20}[rng.IntN(4)]
		w := window
		if w == 0 {
			w = DefaultWindow
		}
		q, h := 1+rng.IntN(n), 1+rng.IntN(n)
		var b strings.Builder
		for l := 1; l <= n; l++ {
			text := randLine(rng)
			if l == q {
				text += "目印ABC" + randLine(rng) // the one occurrence
			}
			b.WriteString(text + eol)
		}
		doc := b.String()
		quote := "目印ABC"
		if rng.IntN(2) == 0 {
			quote = "目印ＡＢＣ" // found in the normalised view only
		}
		_, a, err := resolveOne(t, doc, prop("k", fmt.Sprint(h), quote, "目印XYZ"), Options{Window: window})
		if err != nil {
			t.Fatalf("case %d: %v\n%q", i, err, doc)
		}
		far := q < h-w || q > h+w
		if a.Lines.Start != q || a.Far != far {
			t.Fatalf("case %d (%d lines, hint %d, window %d): anchored at %s by %s, Far %v; want line %d, Far %v", i, n, h, w, a.Lines, a.Method, a.Far, q, far)
		}
	}
}

// randLine returns a short line without line breaks, of pieces that
// cannot make up the property's marker.
func randLine(rng *rand.Rand) string {
	parts := []string{"設定", "は", "a", "Go ", "猫", "である。", "ｶﾞ", "e\u0301", "x"}
	var b strings.Builder
	for range rng.IntN(6) {
		b.WriteString(parts[rng.IntN(len(parts))])
	}
	return b.String()
}
