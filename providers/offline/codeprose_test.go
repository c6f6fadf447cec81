package offline

import (
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
)

// goSitePage is an English page in the Go website's format: template
// actions ({{raw `...`}}, {{play ...}}) hold code, a raw block opens on a
// paragraph's line so the Markdown scanner alone reads it as text, and the
// code holds Japanese strings and the rune literal '世'.
const goSitePage = `---
title: Strings
---

# Strings

Go source code is always UTF-8, and a string holds arbitrary bytes.
Here is a loop over a string that holds Japanese text:
{{raw ` + "`" + `
	const nihongo = "日本語の文字列です。これは、とても、長い、文で、読点が、多く、ありますね！"
	for i, w := 0, 0; i < len(nihongo); i += w {
		if r != '世' && (x[i] != 0 {
			fmt.Printf("%#U starts at byte position %d\n", runeValue, i)
		}
	}
` + "`" + `}}
The loop prints each code point with its position.
For example, the {{raw ` + "`" + `<code>'世' != x</code>` + "`" + `}} test is true here.

{{play "strings/range.go" ` + "`" + `/START/` + "`" + ` ` + "`" + `/END/` + "`" + `}}

    // indented code: こんにちは、世界！
    x := [3]int{1, 2

<div>
日本語の(説明です
</div>
`

// TestGoSiteTemplatesAreNotProse: template actions, front matter,
// indented code and HTML blocks are never read as prose, and an English
// page whose code holds Japanese gets no Japanese rule and no Japanese
// message.
func TestGoSiteTemplatesAreNotProse(t *testing.T) {
	d := parse([]byte(goSitePage))
	for _, v := range visible(d) {
		if strings.ContainsAny(v, "!=[(世日") {
			t.Errorf("code read as prose: %q", v)
		}
	}
	if d.kana {
		t.Errorf("an English page whose code holds Japanese is Japanese")
	}
	fs := reviewAll(t, Editorial(Config{MaxPerRule: Unlimited, Enabled: []string{SetAll}}), agent.Target{Path: "strings.md", Text: []byte(goSitePage)})
	jaRules := map[string]bool{}
	for _, r := range Rules() {
		if r.Lang == "ja" {
			jaRules[r.ID] = true
		}
	}
	for _, f := range fs {
		if jaRules[ruleOf(f.Issue)] || isJapanese(f.Issue) {
			t.Errorf("Japanese rule or message on an English page: %+v", f)
		}
		if f.LineRange.Start > 9 && f.LineRange.Start != 17 {
			t.Errorf("finding in code (line %d): %+v", f.LineRange.Start, f)
		}
	}
}

// TestDocumentLanguageIsTheProse'sLanguage: an English document with one
// Japanese word or sentence in its prose stays English (no Japanese
// rule); a Japanese document with English names in it stays Japanese.
func TestDocumentLanguageIsTheProsesLanguage(t *testing.T) {
	en := "The greeting 「こんにちは、世界。これは、とても、長い、文で、読点が、多い、文ですね」 is what the program prints first, and it is a long and winding sentence that runs on for quite a while before it finally stops. " +
		strings.Repeat("The program then reads its input, checks each record against the schema that the user gave it, and writes what it finds to the standard output. ", 10) + "\n"
	if d := parse([]byte(en)); d.kana {
		t.Errorf("English document read as Japanese")
	}
	for _, f := range reviewAll(t, Editorial(Config{MaxPerRule: Unlimited, Enabled: []string{SetAll}}), agent.Target{Text: []byte(en)}) {
		if isJapanese(f.Issue) || ruleOf(f.Issue) == "max-ten" || ruleOf(f.Issue) == "sentence-length" {
			t.Errorf("Japanese rule on an English document: %+v", f)
		}
	}
	ja := "ReactのuseStateとuseEffectを使います。\n"
	if d := parse([]byte(ja)); !d.kana {
		t.Errorf("Japanese document with English names read as English")
	}
}

// TestNoFindingReportedTwice: a bracket closed by its other-width twin is
// one finding (textlint reports one), in the document's language; a
// sentence written twice gets its findings once, at the first copy.
func TestNoFindingReportedTwice(t *testing.T) {
	for _, c := range []struct {
		text  string
		rule  string
		want  int
		inMsg string
	}{
		{"これは（テスト)です。\n", "no-unmatched-pair", 1, "「（」"},
		{"This is (a test）here.\n", "no-unmatched-pair", 1, "'('"},
		{"The function returns ( a value.\n", "no-unmatched-pair", 1, "never closed"},
		{"この機能は非常に便利であると言えます。この機能は非常に便利であると言えます。\n", "ja-no-redundant-expression", 1, "であると言えます"},
		{"The tool is very very useful. The tool is very very useful.\n", "en-doubled-word", 1, `"very"`},
	} {
		fs := ofRule(reviewAll(t, Editorial(Config{MaxPerRule: Unlimited, Enabled: []string{SetAll}}), agent.Target{Text: []byte(c.text)}), c.rule)
		if len(fs) != c.want || !strings.Contains(fs[0].Issue, c.inMsg) {
			t.Errorf("%q: %d %s findings, want %d naming %s: %+v", c.text, len(fs), c.rule, c.want, c.inMsg, fs)
		}
	}
}
