package offline

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/finding"
)

// fixCase is an offline fix and the exact text it must give once applied
// through apply.
type fixCase struct {
	rule, text, want string
}

// fixCases cover every code path of the offline rules that proposes a fix:
// replacements, insertions (written as a replacement that adds text) and
// deletions (written as a quote with its neighbouring text and a fix
// without the deleted part), in Japanese and English.
var fixCases = []fixCase{
	// en-stock-phrase: a deletion at the sentence start capitalises the next word; a replacement
	{"en-stock-phrase", "In conclusion, the cache helps.", "The cache helps."},
	{"en-stock-phrase", "It's worth noting that the cache helps.", "The cache helps."},
	{"en-stock-phrase", "Let's dive in. The cache helps.", "The cache helps."},
	{"en-stock-phrase", "We delve into the cache.", "We explore the cache."},
	{"en-stock-phrase", "Delve into the cache.", "Explore the cache."},
	{"en-stock-phrase", "It integrates seamlessly with Go.", "It integrates with Go."},
	// en-redundant: replacements, capitalised at the sentence start
	{"en-redundant", "We leverage the cache.", "We use the cache."},
	{"en-redundant", "Wait in order to drain.", "Wait to drain."},
	{"en-redundant", "Due to the fact that it is slow, we wait.", "Because it is slow, we wait."},
	{"en-redundant", "It supports a wide range of formats.", "It supports many formats."},
	{"en-redundant", "First and foremost, test it.", "First, test it."},
	{"en-redundant", "Check each and every file.", "Check every file."},
	// en-weasel: deletions of an intensifier, with the article made right
	{"en-weasel", "It is very fast.", "It is fast."},
	{"en-weasel", "It is an extremely fast tool.", "It is a fast tool."},
	{"en-weasel", "It is a very old tool.", "It is an old tool."},
	{"en-weasel", "Basically, the cache helps.", "The cache helps."},
	{"en-cliche", "At the end of the day, the cache helps.", "The cache helps."},
	// en-doubled-word
	{"en-doubled-word", "Then the the server stops.", "Then the server stops."},
	{"en-doubled-word", "Then the the the server stops.", "Then the server stops."},
	// no-zero-width-spaces in English text
	{"no-zero-width-spaces", "The cache\u200b helps.", "The cache helps."},

	// ja-stock-phrase: replacement and deletions
	{"ja-stock-phrase", "これが正解と言っても過言ではありません。", "これが正解です。"},
	{"ja-stock-phrase", "この方式は高速です。非常に便利です。", "この方式は高速です。便利です。"},
	{"ja-stock-filler", "結論から言うと、この方式は高速です。", "この方式は高速です。"},
	// ja-no-redundant-expression
	{"ja-no-redundant-expression", "設定を行います。", "設定します。"},
	{"ja-no-redundant-expression", "検証を行った。", "検証した。"},
	{"ja-no-redundant-expression", "ファイルを保存することができます。", "ファイルを保存できます。"},
	// no-exclamation-question-mark
	{"no-exclamation-question-mark", "とても便利です！", "とても便利です。"},
	// no-dropping-the-ra: insertions of ら written as replacements
	{"no-dropping-the-ra", "ここから富士山が見れる。", "ここから富士山が見られる。"},
	{"no-dropping-the-ra", "明日なら来れる。", "明日なら来られる。"},
	{"no-dropping-the-ra", "この魚は生で食べれる。", "この魚は生で食べられる。"},
	// ja-no-successive-word: deletions of a doubled particle
	{"ja-no-successive-word", "データをを送信します。", "データを送信します。"},
	{"ja-no-successive-word", "データををを送信します。", "データを送信します。"},
	// no-mix-dearu-desumasu
	{"no-mix-dearu-desumasu", "これはペンです。これは本です。あれは机である。", "これはペンです。これは本です。あれは机です。"},
	{"no-mix-dearu-desumasu", "これはペンです。これは本です。あれは机であろう。", "これはペンです。これは本です。あれは机でしょう。"},
	// ja-no-mixed-period
	{"ja-no-mixed-period", "これは文です．次の文です。", "これは文です。次の文です。"},
	// no-hankaku-kana, no-nfd, no-zero-width-spaces
	{"no-hankaku-kana", "ﾃﾞｰﾀを送ります。", "データを送ります。"},
	{"no-nfd", "ファイルか\u3099あります。", "ファイルがあります。"},
	{"no-zero-width-spaces", "データ\u200bを送ります。", "データを送ります。"},
	{"no-zero-width-spaces", "データを\ufeff送ります。", "データを送ります。"},
}

// fixVariant is one way a document may be stored.
type fixVariant struct {
	name    string
	wrap    bool // the case is a paragraph between a heading and another paragraph
	crlf    bool
	bom     bool
	finalNL bool
}

func fixVariants() []fixVariant {
	var vs []fixVariant
	for _, wrap := range []bool{false, true} {
		for _, crlf := range []bool{false, true} {
			for _, bom := range []bool{false, true} {
				for _, nl := range []bool{false, true} {
					name := map[bool]string{false: "alone", true: "wrapped"}[wrap] + "/" + map[bool]string{false: "LF", true: "CRLF"}[crlf]
					if bom {
						name += "/BOM"
					}
					if !nl {
						name += "/no-final-newline"
					}
					vs = append(vs, fixVariant{name: name, wrap: wrap, crlf: crlf, bom: bom, finalNL: nl})
				}
			}
		}
	}
	return vs
}

// store lays out the paragraph p (one line, no line ending) as v says.
func (v fixVariant) store(p string, ja bool) string {
	s := p
	if v.wrap {
		head, tail := "# Notes", "The end comes here."
		if ja {
			head, tail = "# メモ", "ここで終わります。"
		}
		s = head + "\n\n" + p + "\n\n" + tail
	}
	if v.finalNL {
		s += "\n"
	}
	if v.crlf {
		s = strings.ReplaceAll(s, "\n", "\r\n")
	}
	if v.bom {
		s = "\uFEFF" + s
	}
	return s
}

// TestOfflineFixesApplyExactly applies each offline fix through apply
// (Resolve, Merge, NewPatch) on every way a document may be stored: LF and
// CRLF, with and without a BOM and a final newline, on the first line and
// inside a document. Each must be anchored on its hinted line (never by a
// search of the whole document or the normalised view) and give exactly
// the intended text. Every fix follows the convention apply documents:
// Fix replaces Quotes[0] exactly, a deletion or insertion quotes its
// neighbouring text, the fix is never empty and the quote is unique on its
// line.
func TestOfflineFixesApplyExactly(t *testing.T) {
	for _, c := range fixCases {
		ja := utf8.RuneCountInString(c.text) != len(c.text) && isJapanese(c.text)
		for _, v := range fixVariants() {
			t.Run(c.rule+"/"+c.text+"/"+v.name, func(t *testing.T) {
				text, want := v.store(c.text, ja), v.store(c.want, ja)
				all := reviewAll(t, editorial(), agent.Target{Path: "doc.md", Text: []byte(text)})
				var fixes []finding.Finding
				for _, f := range ofRule(all, c.rule) {
					if !f.Advisory() {
						fixes = append(fixes, f)
					}
				}
				if len(fixes) != 1 {
					t.Fatalf("%d fixes of %s, want 1: %+v", len(fixes), c.rule, ofRule(all, c.rule))
				}
				f := fixes[0]
				checkConvention(t, text, f)
				props := []apply.Proposal{{Key: "k", Finding: f}}
				anchors, skips := apply.Resolve([]byte(text), props, apply.Options{})
				if len(skips) > 0 {
					t.Fatalf("refused: %v", skips[0].Err)
				}
				if m := anchors[0].Method; m != apply.ExactRange {
					t.Errorf("anchored by %s, want %s", m, apply.ExactRange)
				}
				changes, conflicts := apply.Merge(anchors)
				if len(conflicts) > 0 {
					t.Fatalf("conflicts: %+v", conflicts)
				}
				p, err := apply.NewPatch([]byte(text), changes)
				if err != nil {
					t.Fatal(err)
				}
				out, err := p.Apply([]byte(text))
				if err != nil {
					t.Fatal(err)
				}
				if string(out) != want {
					t.Errorf("quote %q fix %q gives\n%q, want\n%q", f.Quote(), f.Fix, out, want)
				}
			})
		}
	}
}

// checkConvention checks that f follows the project's fix convention.
func checkConvention(t *testing.T, text string, f finding.Finding) {
	t.Helper()
	q := f.Quote()
	switch {
	case q == "":
		t.Fatalf("a fix with no quote: %+v", f)
	case f.Fix == "":
		t.Fatalf("an edit written as an empty fix: %+v", f)
	case strings.ContainsAny(q, "\r\n") || strings.ContainsAny(f.Fix, "\r\n"):
		t.Errorf("quote %q or fix %q holds a line break", q, f.Fix)
	case strings.HasPrefix(q, "\uFEFF"):
		t.Errorf("quote %q holds the BOM", q)
	}
	lines := strings.Split(text, "\n")
	if f.LineRange.Start < 1 || f.LineRange.Start > len(lines) {
		t.Fatalf("line %d outside the document", f.LineRange.Start)
	}
	if n := overlapping(lines[f.LineRange.Start-1], q); n != 1 {
		t.Errorf("quote %q occurs %d times on line %d", q, n, f.LineRange.Start)
	}
}

// TestFixQuotesKeepCharactersWhole: apply refuses a quote whose edge splits
// a character (an emoji sequence, a base and its combining mark), so the
// offline quotes widen by whole characters. "ータをを👩\u200d" used to be
// proposed and refused as not found.
func TestFixQuotesKeepCharactersWhole(t *testing.T) {
	runFixCases(t, []fixCase{
		{"ja-no-successive-word", "データをを👩\u200d💻です。", "データを👩\u200d💻です。"},
		{"ja-no-successive-word", "データをを👍\U0001F3FDです。", "データを👍\U0001F3FDです。"},
		{"ja-no-successive-word", "データをを❤\ufe0fです。", "データを❤\ufe0fです。"},
		{"ja-no-successive-word", "データををか\u3099す。", "データをか\u3099す。"},
		{"en-doubled-word", "Go👩\u200d💻 the the 👩\u200d💻 way.", "Go👩\u200d💻 the 👩\u200d💻 way."},
		{"no-hankaku-kana", "ﾃﾞｰﾀ\u3099を送ります。", "データ\u3099を送ります。"},
	})
}

// runFixCases checks each case's single fix of its rule through apply, on
// an LF document.
func runFixCases(t *testing.T, cases []fixCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.rule+"/"+c.text, func(t *testing.T) {
			var fixes []finding.Finding
			for _, f := range ofRule(reviewAll(t, editorial(), agentTarget(c.text)), c.rule) {
				if !f.Advisory() {
					fixes = append(fixes, f)
				}
			}
			if len(fixes) != 1 {
				t.Fatalf("%d fixes of %s, want 1: %+v", len(fixes), c.rule, fixes)
			}
			checkConvention(t, c.text, fixes[0])
			if got := string(applyFixes(t, []byte(c.text), fixes)); got != c.want {
				t.Errorf("quote %q fix %q gives %q, want %q", fixes[0].Quote(), fixes[0].Fix, got, c.want)
			}
		})
	}
}

// TestWholeLineDeletions: a deletion that is all its line holds
// ("いかがでしたか？" alone) used to be advice, for want of text on the line
// to quote around it. It deletes the line with its line break (and, for a
// paragraph of its own, the blank line before it), quoting the end of the
// line before or the start of the line after; an empty want means advice.
func TestWholeLineDeletions(t *testing.T) {
	cases := []struct{ rule, text, want string }{
		{"ja-stock-filler", "まとめです。\n\nいかがでしたか？\n", "まとめです。\n"},
		{"ja-stock-filler", "本文です。\nいかがでしたか？\n", "本文です。\n"},
		{"ja-stock-filler", "いかがでしたか？\n\n本文です。\n", "本文です。\n"},
		{"ja-stock-filler", "# まとめ\n\nいかがでしたか？\n\n次の段落です。\n", "# まとめ\n\n次の段落です。\n"},
		{"ja-stock-filler", "前の段落です。\n\nいかがでしたか？\n続きの行です。\n", "前の段落です。\n\n続きの行です。\n"},
		{"ja-stock-filler", "---\ntitle: x\n---\n\nいかがでしたか？\n\n本文です。\n", "---\ntitle: x\n---\n\n本文です。\n"},
		{"ja-stock-filler", "本文です。\n\n  いかがでしたか？  \n\n次です。\n", "本文です。\n\n次です。\n"},
		{"en-stock-phrase", "Text here.\n\nLet's dive in.\n\nMore text.\n", "Text here.\n\nMore text.\n"},
		{"no-zero-width-spaces", "本文です。\n\u200b\n次です。\n", "本文です。\n次です。\n"},
		{"ja-stock-filler", "いかがでしたか？\n", ""},                 // nothing else to keep
		{"ja-stock-filler", "いかがでしたか？\n\n---\n\n本文です。\n", ""}, // "---" would open front matter
	}
	for _, c := range cases {
		for _, v := range fixVariants() {
			if v.wrap {
				continue
			}
			t.Run(c.rule+"/"+c.text+"/"+v.name, func(t *testing.T) {
				text := v.restore(c.text)
				fs := ofRule(reviewAll(t, editorial(), agentTarget(text)), c.rule)
				if len(fs) != 1 {
					t.Fatalf("%d findings of %s, want 1: %+v", len(fs), c.rule, fs)
				}
				f := fs[0]
				if c.want == "" {
					if !f.Advisory() {
						t.Errorf("want advice, got %q -> %q", f.Quote(), f.Fix)
					}
					return
				}
				if f.Advisory() || strings.HasPrefix(f.Quote(), "\uFEFF") {
					t.Fatalf("want a fix without the BOM, got %q -> %q", f.Quote(), f.Fix)
				}
				anchors, _ := apply.Resolve([]byte(text), []apply.Proposal{{Key: "k", Finding: f}}, apply.Options{})
				if len(anchors) == 1 && anchors[0].Method != apply.ExactRange {
					t.Errorf("anchored by %s, want %s", anchors[0].Method, apply.ExactRange)
				}
				if got, want := string(applyFixes(t, []byte(text), fs)), v.restore(c.want); got != want {
					t.Errorf("quote %q fix %q gives %q, want %q", f.Quote(), f.Fix, got, want)
				}
			})
		}
	}
}

// restore lays out an LF document with a final newline as v says.
func (v fixVariant) restore(s string) string {
	if !v.finalNL {
		s = strings.TrimSuffix(s, "\n")
	}
	if v.crlf {
		s = strings.ReplaceAll(s, "\n", "\r\n")
	}
	if v.bom {
		s = "\uFEFF" + s
	}
	return s
}
