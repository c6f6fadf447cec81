package offline

import (
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
)

// presetRules lists the rules of textlint-rule-preset-ja-technical-writing.
func presetRules() []string {
	return []string{"sentence-length", "max-comma", "max-ten", "max-kanji-continuous-len", "no-mix-dearu-desumasu",
		"ja-no-mixed-period", "arabic-kanji-numbers", "no-doubled-conjunction", "no-doubled-conjunctive-particle-ga",
		"no-double-negative-ja", "no-doubled-joshi", "no-dropping-the-ra", "no-nfd", "no-exclamation-question-mark",
		"no-hankaku-kana", "no-invalid-control-character", "ja-no-weak-phrase", "ja-no-successive-word", "ja-no-abusage",
		"ja-no-redundant-expression", "ja-unnatural-alphabet", "no-unmatched-pair", "no-zero-width-spaces"}
}

// TestPresetRulesExist proves that every rule of the preset has an offline
// counterpart of the same name, and that each finds something.
func TestPresetRulesExist(t *testing.T) {
	planted := map[string]string{
		"sentence-length":                    strings.Repeat("あ", 101) + "。\n",
		"max-comma":                          "値は a, b, c, d, e, f です。\n",
		"max-ten":                            "まず、次に、さらに、最後に、終わります。\n",
		"max-kanji-continuous-len":           "情報処理技術を学ぶ。\n",
		"no-mix-dearu-desumasu":              "便利です。\n必須である。\n",
		"ja-no-mixed-period":                 "文です．\n",
		"arabic-kanji-numbers":               "手順は三つあります。\n",
		"no-doubled-conjunction":             "しかし、雨です。しかし、行きます。\n",
		"no-doubled-conjunctive-particle-ga": "行きますが、雨ですが、行きます。\n",
		"no-double-negative-ja":              "使えなくはない。\n",
		"no-doubled-joshi":                   "この関数はエラーは返しません。\n",
		"no-dropping-the-ra":                 "ログから見れます。\n",
		"no-nfd":                             "テ\u3099ータです。\n",
		"no-exclamation-question-mark":       "便利です！\n",
		"no-hankaku-kana":                    "ﾃﾞｰﾀです。\n",
		"no-invalid-control-character":       "データ\x07です。\n",
		"ja-no-weak-phrase":                  "速いかもしれない。\n",
		"ja-no-successive-word":              "データをを送ります。\n",
		"ja-no-abusage":                      "例外を補足します。\n",
		"ja-no-redundant-expression":         "変更することができます。\n",
		"ja-unnatural-alphabet":              "リイrースします。\n",
		"no-unmatched-pair":                  "詳しくは（後述します。\n",
		"no-zero-width-spaces":               "データ\u200bです。\n",
	}
	for _, id := range presetRules() {
		info, ok := ruleByID(id)
		if !ok {
			t.Errorf("preset rule %q has no offline counterpart", id)
			continue
		}
		text, ok := planted[id]
		if !ok {
			t.Errorf("no planted text for %q", id)
			continue
		}
		if fs := ofRule(reviewAll(t, editorial(), agentTarget(text)), id); len(fs) == 0 {
			t.Errorf("%s (%s) found nothing in %q", id, info.Reviewer, text)
		}
	}
}

func TestArabicKanjiNumbers(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "arabic-kanji-numbers", text: "手順は三つあります。\n", want: 1, after: "手順は3つあります。\n"},
		{rule: "arabic-kanji-numbers", text: "五回試します。\n", want: 1, after: "5回試します。\n"},
		{rule: "arabic-kanji-numbers", text: "第二章で述べます。\n", want: 1, after: "第2章で述べます。\n"},
		{rule: "arabic-kanji-numbers", text: "利用者は三十万人です。\n", want: 1, after: "利用者は30万人です。\n"},
		{rule: "arabic-kanji-numbers", text: "二次元の配列です。\n", want: 1, after: "2次元の配列です。\n"},
		{rule: "arabic-kanji-numbers", text: "十六進法で書きます。\n", want: 1, after: "16進法で書きます。\n"},
		{rule: "arabic-kanji-numbers", text: "世界1の速さです。\n", want: 1, after: "世界一の速さです。\n"},
		{rule: "arabic-kanji-numbers", text: "第3者に渡しません。\n", want: 1, after: "第三者に渡しません。\n"},
		{rule: "arabic-kanji-numbers", text: "速度は数10倍です。\n", want: 1, after: "速度は数十倍です。\n"},
		{rule: "arabic-kanji-numbers", text: "1部分だけ直します。\n", want: 1, after: "一部分だけ直します。\n"},
		{rule: "arabic-kanji-numbers", text: "利用者は数十万人です。\n", want: 0},
		{rule: "arabic-kanji-numbers", text: "何百万回も呼ばれます。\n", want: 0},
		{rule: "arabic-kanji-numbers", text: "手順は3つあります。\n", want: 0},
		{rule: "arabic-kanji-numbers", text: "一つの表にまとめます。\n", want: 0},
		{rule: "arabic-kanji-numbers", text: "11種の値と1種類の型です。\n", want: 0},
		{rule: "arabic-kanji-numbers", text: "一時的に止めます。\n", want: 0},
	})
}

func TestNoInvalidControlCharacter(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "no-invalid-control-character", text: "データ\x07です。\n", want: 1, after: "データです。\n"},
		{rule: "no-invalid-control-character", text: "text\x1bhere.\n", want: 1, after: "texthere.\n"},
		{rule: "no-invalid-control-character", text: "data\x1fhere.\n", want: 1, after: "datahere.\n"},
		{rule: "no-invalid-control-character", text: "tab\tand\r\nbreaks.\r\n", want: 0},
		{rule: "no-invalid-control-character", text: "code `a\x07b` only.\n", want: 0},
	})
}

func TestJaNoAbusage(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "ja-no-abusage", text: "例外を補足します。\n", want: 1, after: "例外を捕捉します。\n"},
		{rule: "ja-no-abusage", text: "関数の返却値を使います。\n", want: 1, after: "関数の返り値を使います。\n"},
		{rule: "ja-no-abusage", text: "規則を適応する。\n", want: 1, after: "規則を適用する。\n"},
		{rule: "ja-no-abusage", text: "この文は読みずらい。\n", want: 1, after: "この文は読みづらい。\n"},
		{rule: "ja-no-abusage", text: "長さを可変する。\n", want: 1, advice: true},
		{rule: "ja-no-abusage", text: "環境に適応する。\n", want: 0},
		{rule: "ja-no-abusage", text: "例外を捕捉します。\n", want: 0},
		{rule: "ja-no-abusage", text: "この文は読みづらい。\n", want: 0},
	})
}

func TestJaUnnaturalAlphabet(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "ja-unnatural-alphabet", text: "リイrースします。\n", want: 1, advice: true},
		{rule: "ja-unnatural-alphabet", text: "対応sる。\n", want: 1},
		{rule: "ja-unnatural-alphabet", text: "日本ｇ語です。\n", want: 1},
		// a letter the document's code names is a variable, not a slip
		{rule: "ja-unnatural-alphabet", text: "宣言されたxに値を代入します。\n\n```js\nconst x = 1;\n```\n", want: 0},
		{rule: "ja-unnatural-alphabet", text: "宣言されたxに値を代入します。\n\n```js\nconst xs = [1];\n```\n", want: 1},
		{rule: "ja-unnatural-alphabet", text: "こんにちわaです。\n", want: 0}, // a vowel left by romaji input
		{rule: "ja-unnatural-alphabet", text: "C言語とx軸とEメールです。\n", want: 0},
		{rule: "ja-unnatural-alphabet", text: "Go言語とRustを使う。\n", want: 0},
		{rule: "ja-unnatural-alphabet", text: "値Aを使う。\n", want: 1},
	})
}

func TestMaxComma(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "max-comma", text: "Use a, b, c, d, and e here.\n", want: 0},
		{rule: "max-comma", text: "Use a, b, c, d, e, and f here.\n", want: 1},
		{rule: "max-comma", text: "値は a, b, c, d, e, f です。\n", want: 1},
		{rule: "max-comma", text: "Call `f(a, b, c, d, e, f)` now.\n", want: 0}, // code is not counted
		{rule: "max-comma", text: "# a, b, c, d, e, f\n", want: 0},              // headings are not paragraphs
	})
	runOptionCases(t, Config{Limits: Limits{MaxComma: 3}}, []ruleCase{
		{rule: "max-comma", text: "Use a, b, c, d, and e here.\n", want: 1},
	})
}

// TestJapaneseDocumentsGetJapaneseMessages reviews the Japanese sample
// with English sentences planted in it: every finding speaks Japanese.
func TestJapaneseDocumentsGetJapaneseMessages(t *testing.T) {
	text, err := Sample("sample-ja.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(text) + "\nIt works! It works! It works the the way it should.\n\nThere is a CSP library, very fast — really — truly — fast — here.\n\n" +
		strings.Repeat("長い段落の文です。", 80) + "\n\n短い段落です。\n\n短い段落です。\n\n短い段落です。\n"
	ja := func(s string) bool {
		for _, c := range s {
			if isKana(c) || isKanji(c) {
				return true
			}
		}
		return false
	}
	seen := map[string]bool{}
	for _, f := range reviewAll(t, editorial(), agent.Target{Path: "doc.md", Text: []byte(doc), ReaderProfile: "初心者"}) {
		rule, msg, _ := strings.Cut(f.Issue, ": ")
		seen[rule] = true
		if rule == "broken-link" { // its messages come with the link-resolution work
			continue
		}
		if !ja(msg) {
			t.Errorf("%s speaks English in a Japanese document: %q", rule, f.Issue)
		}
	}
	if len(seen) < 20 {
		t.Errorf("only %d rules fired; the test plants more: %v", len(seen), seen)
	}
}

// TestSentencesHoldTogetherInsideBrackets: a 。 inside 「」 or 【】 does
// not end the sentence, as textlint's sentence-splitter reads it.
func TestSentencesHoldTogetherInsideBrackets(t *testing.T) {
	for text, want := range map[string]int{
		"彼は「はい。わかりました。」と答えた。次の文です。": 2,
		"見出し【注意。重要。】を読む。":           1,
		"書名は《上巻。下巻。》です。":            1,
		"一文目。二文目。":                  2,
	} {
		n := 0
		for range parse([]byte(text)).sentences() {
			n++
		}
		if n != want {
			t.Errorf("%q: %d sentences, want %d", text, n, want)
		}
	}
}

func TestNoHankakuKanaPunctuation(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "no-hankaku-kana", text: "｢ﾃﾞｰﾀ｣を送る｡\n", want: 2},
		{rule: "no-hankaku-kana", text: "送る｡\n", want: 1, after: "送る。\n"},
		{rule: "no-hankaku-kana", text: "｢データ｣を送る。\n", want: 2, fix: "「データ"},
	})
}

func TestNoDoubledConjunctiveParticleGa(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "no-doubled-conjunctive-particle-ga", text: "行きますが、雨ですが、行きます。\n", want: 1},
		{rule: "no-doubled-conjunctive-particle-ga", text: "- 行きますが、雨ですが、行きます。\n", want: 1},
		{rule: "no-doubled-conjunctive-particle-ga", text: "> 行きますが、雨ですが、行きます。\n", want: 0},
		{rule: "no-doubled-conjunctive-particle-ga", text: "行きますが、雨です。晴れですが、寒い。\n", want: 0},
		{rule: "no-doubled-conjunctive-particle-ga", text: "雨が降るが、行く。\n", want: 0}, // the first が is a case particle
	})
}

func TestJaNoMixedPeriodOptions(t *testing.T) {
	runOptionCases(t, Config{Options: RuleOptions{ForceAppendPeriod: true}}, []ruleCase{
		{rule: "ja-no-mixed-period", text: "これは文です\n", want: 1},
	})
	runOptionCases(t, Config{Options: RuleOptions{PeriodMark: "．"}}, []ruleCase{
		{rule: "ja-no-mixed-period", text: "これは文です。\n", want: 1},
		{rule: "ja-no-mixed-period", text: "これは文です．\n", want: 0},
	})
	runOptionCases(t, Config{Options: RuleOptions{AllowPeriodMarks: []string{"."}}}, []ruleCase{
		{rule: "ja-no-mixed-period", text: "これは文です.\n", want: 0},
		{rule: "ja-no-mixed-period", text: "これは文です．\n", want: 1},
	})
	runRuleCases(t, []ruleCase{
		{rule: "ja-no-mixed-period", text: "これは文です\n", want: 1, advice: true},
	})
}
