package offline

import (
	"strings"
	"testing"
)

// mdxPage is an MDX page (Astro, Starlight): ESM imports after the front
// matter, an MDX comment, and an Angular-style code element whose code
// has blank lines, which CommonMark alone would read as paragraphs.
const mdxPage = `---
title: 手順
---
import Button from '~/components/Button.astro'
import { Steps } from '@astrojs/starlight/components';
export const meta = { draft: true };

{/* TODO: link to the guide (frontend vs. backend) when it's made */}

以下のコードを書きます。

<docs-code language="typescript">

export class CustomCard {
  headerText = computed(() => this.header()?.text);

}
</docs-code>

<docs-code header="app.ts" path="app.ts"/>

コードの後の説明です。
`

// TestCodeElementsAndMDXAreNotProse: a code element (<docs-code>, an
// element with a language= attribute) is code to its closing tag even
// past a blank line, MDX imports and exports and {/* */} comments are
// code, and the prose after them is still read.
func TestCodeElementsAndMDXAreNotProse(t *testing.T) {
	d := parse([]byte(mdxPage))
	vis := strings.Join(visible(d), "\n")
	for _, code := range []string{"import", "export", "computed", "TODO", "{", "}", "("} {
		if strings.Contains(vis, code) {
			t.Errorf("code read as prose: %q in %q", code, vis)
		}
	}
	for _, prose := range []string{"以下のコードを書きます。", "コードの後の説明です。"} {
		if !strings.Contains(vis, prose) {
			t.Errorf("prose %q not read: %q", prose, vis)
		}
	}
	runRuleCases(t, []ruleCase{
		{rule: "no-unmatched-pair", text: mdxPage, want: 0},
		{rule: "overlong-sentence", text: mdxPage, want: 0},
		// a code element never closed hides nothing: CommonMark's end holds
		{rule: "no-unmatched-pair", text: "<docs-code language=\"ts\">\nx(\n\n本文です（閉じていません。\n", want: 1},
		// an element that is no code element ends where CommonMark ends it
		{rule: "no-unmatched-pair", text: "<docs-callout>\n\n本文です（閉じていません。\n\n</docs-callout>\n", want: 1},
		// lowercase "import" opening prose is not ESM unless it reads as a statement
		{rule: "en-doubled-word", text: "import the the module first.\n", want: 1},
	})
}

// TestEmoticonIsNoBracket: the mouth of an emoticon opens or closes no
// pair; a real stray parenthesis still counts.
func TestEmoticonIsNoBracket(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "no-unmatched-pair", text: "Very cool and simple, right :-)\n", want: 0},
		{rule: "no-unmatched-pair", text: "That was sad :( but it works ;)\n", want: 0},
		{rule: "no-unmatched-pair", text: "It is valid (mostly.\n", want: 1},
		{rule: "no-unmatched-pair", text: "It is valid:) here.\n", want: 1},
	})
}

// TestUnitIsNoAbbreviation: "100ms." ends a sentence (the title "Ms."
// does not).
func TestUnitIsNoAbbreviation(t *testing.T) {
	var got []string
	for s := range parse([]byte("The spike moved to 450ms. The percentile is 442.5ms. Ask Ms. Smith.\n")).sentences() {
		got = append(got, strings.TrimSpace(s.text))
	}
	want := []string{"The spike moved to 450ms.", "The percentile is 442.5ms.", "Ask Ms. Smith."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("sentences %q, want %q", got, want)
	}
}

// TestOverlongSentence: a sentence over half again the limit is on by
// default (one finding, not also sentence-length's), in words for
// English and in characters for Japanese; one just over the limit is
// sentence-length's alone.
func TestOverlongSentence(t *testing.T) {
	en := func(n int) string { return "Then" + strings.Repeat(" word", n-1) + ".\n" }
	ja := func(n int) string { return strings.Repeat("あ", n-1) + "。\n" }
	runRuleCases(t, []ruleCase{
		{rule: "overlong-sentence", text: en(53), want: 1, advice: true, message: "53 words"},
		{rule: "en-sentence-length", text: en(53), want: 0},
		{rule: "overlong-sentence", text: en(52), want: 0},
		{rule: "en-sentence-length", text: en(52), want: 1},
		{rule: "overlong-sentence", text: en(38), want: 1, profile: "Developers new to PostgreSQL"},
		{rule: "overlong-sentence", text: ja(151), want: 1, advice: true, message: "151文字"},
		{rule: "sentence-length", text: ja(151), want: 0},
		{rule: "overlong-sentence", text: ja(150), want: 0},
		{rule: "sentence-length", text: ja(150), want: 1},
	})
}

// TestLongVowelVariant: a katakana word spelt with and without ー in one
// document gets the spelling used more often as its fix; a tie is
// advice; short words and different words never pair.
func TestLongVowelVariant(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "ja-long-vowel-variant", text: "サーバーを起動します。\nサーバーに接続します。\n\nサーバの設定です。\n", want: 1, after: "サーバーを起動します。\nサーバーに接続します。\n\nサーバーの設定です。\n"},
		{rule: "ja-long-vowel-variant", text: "インターフェースです。\nインタフェースです。\n", want: 1, advice: true},
		{rule: "ja-long-vowel-variant", text: "ルールです。\nルルです。\nメールとメルです。\n", want: 0},
		{rule: "ja-long-vowel-variant", text: "ユーザーインターフェースとユーザです。\n", want: 0},
		{rule: "ja-long-vowel-variant", text: "`サーバ` と書き、サーバーと読みます。\n", want: 0},
		// a mark inside the word: the commoner spelling is fixed to only when the dictionary knows its words
		{rule: "ja-long-vowel-variant", text: "サーバーサイドです。\nサーバーサイドで動きます。\n\nサーバサイドの設定です。\n", want: 1, after: "サーバーサイドです。\nサーバーサイドで動きます。\n\nサーバーサイドの設定です。\n"},
		{rule: "ja-long-vowel-variant", text: "アプリケーションは一つです。\n\nアプリーケーションを配ります。\nアプリーケーションが動きます。\n", want: 2, advice: true, message: "「アプリーケーション」は辞書にない表記です"},
	})
}

// TestTermVariant: a compound written hyphenated and open before the same
// word gets the form used more often; a compound adjective and a phrase
// before different words never pair, and a capital is kept.
func TestTermVariant(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "en-term-variant", text: "The write-ahead log grows.\nArchive the write-ahead log.\n\nWe write ahead of time.\n", want: 0},
		{rule: "en-term-variant", text: "The write-ahead log grows.\nArchive the write-ahead log daily.\n\nThe write ahead log is archived.\n", want: 1, after: "The write-ahead log grows.\nArchive the write-ahead log daily.\n\nThe write-ahead log is archived.\n"},
		{rule: "en-term-variant", text: "Name it with chart-specific names.\nName it with chart specific names.\n", want: 1, advice: true},
		{rule: "en-term-variant", text: "It runs ahead of time.\nA write-ahead log.\n", want: 0},
		{rule: "en-term-variant", text: "A built-in function.\nIt is built in Go.\n", want: 0},
	})
}

// TestNameVariant: a name with an inner capital, written three times,
// fixes its case-only variant, advises on a near spelling, and leaves
// plurals, lower-case words and other names alone.
func TestNameVariant(t *testing.T) {
	gh := "GitHub hosts it. GitHub Actions run. Read GitHub docs.\n\n"
	pg := "PostgreSQL keeps WAL. PostgreSQL restores. Tune PostgreSQL.\n\n"
	runRuleCases(t, []ruleCase{
		{rule: "en-name-variant", text: gh + "Push to Github now.\n", want: 1, after: gh + "Push to GitHub now.\n"},
		{rule: "en-name-variant", text: pg + "Start Postgress again.\n", want: 1, advice: true},
		{rule: "en-name-variant", text: pg + "Start Postgres again.\n", want: 1, advice: true},
		{rule: "en-name-variant", text: gh + "Two GitHubs exist.\n", want: 0},
		{rule: "en-name-variant", text: "***IMPORTANT***: tag it.\n\n***IMPORTANT***: push it.\n\n***IMPORTANT***: sign it.\n\nImportantly, bump the versions.\n", want: 0}, // a word made from the name
		{rule: "en-name-variant", text: gh + "Github is here; github is a word here.\n", want: 0},
		{rule: "en-name-variant", text: gh + "Push to Github now. Github again. Github thrice.\n", want: 0},
		{rule: "en-name-variant", text: pg + "Postman is a tool.\n", want: 0},
		// a Japanese document gets the finding in Japanese, and no term-variant question
		{rule: "en-name-variant", text: "GitHub を使います。GitHub で公開します。GitHub の設定です。\n\nGithub に置きます。\n", want: 1, message: "「Github」はこの文書のほかの箇所では「GitHub」と書かれています（3箇所）"},
		{rule: "en-term-variant", text: "write-ahead log を読みます。write-ahead log です。\n\nwrite ahead log です。\n", want: 0},
	})
}
