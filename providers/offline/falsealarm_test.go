package offline

import (
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// noFindings fails when any finding of the rules named (every rule when
// none is) is reported on text.
func noFindings(t *testing.T, tg agent.Target, rules ...string) {
	t.Helper()
	fs := reviewAll(t, editorial(), tg)
	var bad []finding.Finding
	for _, f := range fs {
		if len(rules) == 0 {
			bad = append(bad, f)
			continue
		}
		for _, r := range rules {
			if strings.HasPrefix(f.Issue, r+": ") {
				bad = append(bad, f)
			}
		}
	}
	for _, f := range bad {
		t.Errorf("line %d: %s (quote %q)", f.LineRange.Start, f.Issue, f.Quote())
	}
}

// TestBlockQuoteCodeAndWrappedParagraphs: fenced code inside a block
// quote is code, and a quote paragraph wrapped over several "> " lines is
// one paragraph, so a bracket opened on one line and closed on the next is
// matched.
func TestBlockQuoteCodeAndWrappedParagraphs(t *testing.T) {
	en := "# Errors\n\n" +
		"> Note: the compiler stops here (it cannot tell which\n" +
		"> branch runs first) and prints the error below.\n" +
		">\n" +
		"> ```text\n" +
		"> error[E0382]: borrow of moved value: `s` (\n" +
		"> 「 unmatched in code\n" +
		"> ```\n\n" +
		"After the quote, the text goes on.\n"
	noFindings(t, agentTarget(en), "no-unmatched-pair", "en-sentence-length", "unsourced-figure")
	ja := "# エラー\n\n" +
		"> コンパイラはここで止まります（どちらの分岐が先に\n" +
		"> 動くか分からないため）。\n" +
		">\n" +
		"> ```\n" +
		"> 「閉じない括弧\n" +
		"> ```\n\n" +
		"引用のあとも本文が続きます。\n"
	noFindings(t, agentTarget(ja), "no-unmatched-pair", "ja-no-mixed-period")
	// the rule still works inside a quote
	fs := ofRule(reviewAll(t, editorial(), agentTarget("> A bracket (never closed.\n> Next line.\n")), "no-unmatched-pair")
	if len(fs) != 1 {
		t.Errorf("an unclosed bracket in a quote: %d findings, want 1", len(fs))
	}
}

// TestMultiLineInlineHTML: an HTML tag whose attributes run over several
// lines is markup, not prose.
func TestMultiLineInlineHTML(t *testing.T) {
	en := "The diagram shows the flow.\n<img src=\"flow.png\"\n     width=\"50%\" alt=\"flow\">\nIt has three steps.\n"
	noFindings(t, agentTarget(en), "unsourced-figure")
	ja := "図のとおりです。<img src=\"flow.png\"\n  width=\"50%\"\n  alt=\"流れ\"> 三つの段階があります。\n"
	noFindings(t, agentTarget(ja), "unsourced-figure")
	// a '<' that opens no tag leaves the text reviewed
	fs := ofRule(reviewAll(t, editorial(), agentTarget("When a < b\nthe cache grows by 50% each day.\n")), "unsourced-figure")
	if len(fs) != 1 {
		t.Errorf("a figure after a lone '<': %d findings, want 1", len(fs))
	}
}

// TestEnglishSentenceEndsAfterACapital: a capital letter before a period
// ends the sentence unless it is an initial of a name.
func TestEnglishSentenceEndsAfterACapital(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"Import module A. Notice the order.\n", []string{"Import module A.", "Notice the order."}},
		{"We chose plan B. Then we waited.\n", []string{"We chose plan B.", "Then we waited."}},
		{"The book by J. R. R. Tolkien sold well.\n", []string{"The book by J. R. R. Tolkien sold well."}},
		{"Ask George W. Bush about it.\n", []string{"Ask George W. Bush about it."}},
		{"引用 A. これは次の文です。\n", []string{"引用 A.", "これは次の文です。"}},
	} {
		d := parse([]byte(c.in))
		var got []string
		for s := range d.sentences() {
			got = append(got, s.text)
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("sentences(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestSameOpeningRuns: a run of same openings stays inside one paragraph
// (not across paragraphs, code blocks or a paragraph ending in a colon),
// and one run gives one finding, whichever rule reports it.
func TestSameOpeningRuns(t *testing.T) {
	quiet := []string{
		"You can start it.\n\nYou can stop it.\n\nYou can pause it.\n",
		"You can start it. You can stop it:\n\n```\nx\n```\n\nYou can pause it. You can resume it.\n",
		"まず起動します。\n\nまず停止します。\n\nまず再開します。\n",
		"まず起動します。まず次の設定をします：\n\n```\nx\n```\n\nまず再開します。まず終了します。\n",
	}
	for _, text := range quiet {
		noFindings(t, agentTarget(text), "same-opening", "no-doubled-conjunction")
	}
	for _, c := range []struct {
		text string
		want int
	}{
		{"You can start it. You can stop it. You can pause it.\n", 1},
		{"However, it works. However, it fails. However, it stops. However, it ends.\n", 1},
		{"しかし動きます。しかし止まります。しかし戻ります。しかし終わります。\n", 1},
		{"まず起動します。まず停止します。まず再開します。\n", 1},
		{"The server starts. The server stops. The server waits. The client reads. The client writes. The client ends.\n", 2},
		{"There is a cache. There is a queue. There is a pool. There are two locks.\n", 1},
		{"There is a cache.\n\nThere is a queue.\n", 2},
	} {
		fs := reviewAll(t, editorial(), agentTarget(c.text))
		if n := len(ofRule(fs, "same-opening")) + len(ofRule(fs, "no-doubled-conjunction")) + len(ofRule(fs, "en-there-is")); n != c.want {
			t.Errorf("%q: %d findings of same-opening, no-doubled-conjunction and en-there-is, want %d", c.text, n, c.want)
		}
	}
}

// TestWeakPhraseInsideAWarning: hedging is right inside a warning (a
// GitHub alert, a bold label, a ::: container); in body text it is still
// a weak phrase.
func TestWeakPhraseInsideAWarning(t *testing.T) {
	for _, text := range []string{
		"# 移行\n\n> [!WARNING]\n> 古い設定を残すと、データが失われるかもしれません。\n",
		"# 移行\n\n> **警告**\n>\n> 古い設定を残すと、データが失われるかもしれません。\n",
		"# 移行\n\n> **Warning**\n> 古い設定を残すと、データが失われるかもしれません。\n",
		"# 移行\n\n:::warning\n古い設定を残すと、データが失われるかもしれません。\n:::\n",
	} {
		noFindings(t, agentTarget(text), "ja-no-weak-phrase")
	}
	for _, text := range []string{
		"# 移行\n\n古い設定を残すと、データが失われるかもしれません。\n",
		"# 移行\n\n> [!TIP]\n> この設定で速くなるかもしれません。\n",
		"# 移行\n\n:::warning\n注意してください。\n:::\n\nこの設定で速くなるかもしれません。\n",
	} {
		if n := len(ofRule(reviewAll(t, editorial(), agentTarget(text)), "ja-no-weak-phrase")); n != 1 {
			t.Errorf("%q: %d weak phrases, want 1", text, n)
		}
	}
}

// TestJargonForSubjectNovices: engineers new to a subject know computing's
// general terms; only the subject's own jargon needs a definition. Readers
// new to computing still get every term.
func TestJargonForSubjectNovices(t *testing.T) {
	en := "Channels keep latency low and throughput high. Each goroutine runs on its own.\n"
	ja := "チャネルはレイテンシを抑え、スループットを上げます。ゴルーチンはそれぞれ動きます。\n"
	for _, c := range []struct {
		text, profile string
		want          []string
	}{
		{en, "Web engineers new to Go", []string{"goroutine"}},
		{ja, "Go初心者のWebエンジニア", []string{"ゴルーチン"}},
		{en, "Web engineers new to Rust", nil},
		{en, "beginners", []string{"latency", "throughput", "goroutine"}},
		{ja, "非エンジニアの読者（初心者）", []string{"レイテンシ", "スループット", "ゴルーチン"}},
	} {
		fs := ofRule(reviewAll(t, editorial(), agent.Target{Text: []byte(c.text), ReaderProfile: c.profile}), "undefined-jargon")
		var got []string
		for _, f := range fs {
			got = append(got, strings.Trim(f.Issue[strings.Index(f.Issue, "\""):], ""))
		}
		if len(fs) != len(c.want) {
			t.Errorf("%q for %q: %d jargon findings %q, want %q", c.text, c.profile, len(fs), got, c.want)
			continue
		}
		for i, w := range c.want {
			if !strings.Contains(fs[i].Quote(), w) {
				t.Errorf("%q for %q: finding %d quotes %q, want %q", c.text, c.profile, i, fs[i].Quote(), w)
			}
		}
	}
}

// TestTokenizerLoadsOnlyForJapanese: the dictionary loads only when a rule
// that reads parts of speech is on and a Japanese sentence reaches it.
func TestTokenizerLoadsOnlyForJapanese(t *testing.T) {
	real := editorial()[2].(*Reviewer).shared.ja
	for _, c := range []struct {
		name, text string
		disabled   []string
		want       int
	}{
		{"english", "# Title\n\nEnglish only. The server starts. Use `日本語` in code.\n\n```\nこれはコードです。\n```\n", nil, 0},
		{"kana-free", "# 标题\n\n这是一个测试。我们使用中文。\n", nil, 0},
		{"token rules off", "# 題\n\nこれは日本語の文です。データをを読みます。\n", tokenRules(), 0},
		{"japanese", "# 題\n\nこれは日本語の文です。\n", nil, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			loads := 0
			sh := newShared()
			sh.ja = &morph{load: func() (*tagger, error) {
				loads++
				return real.tokenizer()
			}}
			reviewAll(t, editorialWith(Config{Disabled: c.disabled}, sh), agentTarget(c.text))
			if loads != c.want {
				t.Errorf("%d loads, want %d", loads, c.want)
			}
		})
	}
}

// TestListCommasAreNotTen: a 、 between the items of a list of Latin
// names ("HTML 、CSS 、JavaScript") separates nouns, as a 、 between two
// kanji nouns does, spaces around it or not; it is not a 読点 that max-ten
// counts.
func TestListCommasAreNotTen(t *testing.T) {
	for _, text := range []string{
		"HTML 、CSS 、JavaScript 、TypeScript を学び、そのあと、フレームワークを使い、アプリを作ります。\n",
		"HTML、CSS、JavaScript、Go を順に学び、そのあと、アプリを作ります。\n",
	} {
		noFindings(t, agentTarget(text), "max-ten")
	}
	if n := len(ofRule(reviewAll(t, editorial(), agentTarget("まず、次に、そして、最後に、終わります。\n")), "max-ten")); n != 1 {
		t.Errorf("four 読点: %d max-ten findings, want 1", n)
	}
}
