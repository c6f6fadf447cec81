package offline

import "testing"

// The cases of issue 23 item 7 where the offline rules differed from
// textlint's own test suites (textlint-rule-no-invalid-control-character,
// textlint-rule-preset-JTF-style 2.2.2, textlint-rule-no-mix-dearu-desumasu,
// textlint-rule-sentence-length, textlint-rule-no-unmatched-pair), with
// test texts of our own written from what those suites check.

// TestControlCharactersC1AndBidi: C1 controls and bidirectional
// embedding, override and isolate controls are reported and removed;
// beside right-to-left text a bidi control is advice.
func TestControlCharactersC1AndBidi(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "no-invalid-control-character", text: "制御\u0085文字です。\n", want: 1, after: "制御文字です。\n"},
		{rule: "no-invalid-control-character", text: "The \u009bvalue is set.\n", want: 1, after: "The value is set.\n", message: "U+009B"},
		{rule: "no-invalid-control-character", text: "ファイル\u202Etxt.exeを開きます。\n", want: 1, after: "ファイルtxt.exeを開きます。\n"},
		{rule: "no-invalid-control-character", text: "Run \u2066admin\u2069 first.\n", want: 2},
		{rule: "no-invalid-control-character", text: "The word \u202Bשלום\u202C means peace.\n", want: 2, advice: true},
		{rule: "no-invalid-control-character", text: "Ich ♥ Bücher, ½ and © stay.\n", want: 0},
	})
	runOptionCases(t, Config{Options: RuleOptions{ControlAllow: "\u0085"}}, []ruleCase{
		{rule: "no-invalid-control-character", text: "制御\u0085文字です。\n", want: 0},
	})
}

// TestArabicKanjiNumbersIdioms: the idioms textlint's ignore patterns
// leave alone are left alone; a numeral after 第 or after another kanji
// is a count (第三回 → 第3回, 合計二十回 → 合計20回, as in textlint's
// サンフランシスコマラソン第三回大会).
func TestArabicKanjiNumbersIdioms(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "arabic-kanji-numbers", text: "二つ返事で引き受けました。\n", want: 0},
		{rule: "arabic-kanji-numbers", text: "三つ子の魂百まで。\n", want: 0},
		{rule: "arabic-kanji-numbers", text: "瓜二つの兄弟です。\n", want: 0},
		{rule: "arabic-kanji-numbers", text: "これは唯一回の機会です。\n", want: 0},
		{rule: "arabic-kanji-numbers", text: "本書の第三章を読みます。\n", want: 1, after: "本書の第3章を読みます。\n"},
		{rule: "arabic-kanji-numbers", text: "合計二十回試しました。\n", want: 1, after: "合計20回試しました。\n"},
		{rule: "arabic-kanji-numbers", text: "サンフランシスコマラソン第三回大会です。\n", want: 1, after: "サンフランシスコマラソン第3回大会です。\n"},
		{rule: "arabic-kanji-numbers", text: "百八つのボタンがあります。\n", want: 1, after: "108つのボタンがあります。\n"},
		{rule: "arabic-kanji-numbers", text: "四つのボタンがあります。\n", want: 1, after: "4つのボタンがあります。\n"},
	})
}

// TestPreferredStyleOnUniformText: with a PreferIn* option, a group
// written wholly in the other style is reported (textlint, which reports
// mixed groups only, would say nothing); without one, or in the preferred
// style, it is not.
func TestPreferredStyleOnUniformText(t *testing.T) {
	dearu := "この設定は必須である。\n値は整数である。\n"
	runOptionCases(t, Config{Options: RuleOptions{PreferInBody: StyleDesumasu}}, []ruleCase{
		{rule: "no-mix-dearu-desumasu", text: dearu, want: 2},
		{rule: "no-mix-dearu-desumasu", text: "この設定は必須です。\n値は整数です。\n", want: 0},
	})
	runOptionCases(t, Config{Options: RuleOptions{PreferInBody: StyleDearu}}, []ruleCase{
		{rule: "no-mix-dearu-desumasu", text: "この設定は必須です。\n値は整数です。\n", want: 2},
		{rule: "no-mix-dearu-desumasu", text: dearu, want: 0},
	})
	runOptionCases(t, Config{Options: RuleOptions{PreferInList: StyleDesumasu}}, []ruleCase{
		{rule: "no-mix-dearu-desumasu", text: "- 設定は必須である\n- 値は整数である\n", want: 2},
		{rule: "no-mix-dearu-desumasu", text: dearu, want: 0}, // the body is not the list
	})
	runRuleCases(t, []ruleCase{{rule: "no-mix-dearu-desumasu", text: dearu, want: 0}})
}

// TestSentenceLengthLatinAndDigits: textlint's sentence-length counts
// characters in any text; ours does so in a document with no words
// (digits only), and in every document once Limits.SentenceLength is set.
func TestSentenceLengthLatinAndDigits(t *testing.T) {
	runOptionCases(t, Config{Limits: Limits{SentenceLength: 5}}, []ruleCase{
		{rule: "sentence-length", text: "123456\n", want: 1},
		{rule: "sentence-length", text: "123\n45\n", want: 1},
		{rule: "sentence-length", text: "text\n\nline3\nline4\n", want: 1, message: "11 characters"},
		{rule: "sentence-length", text: "abcde\n", want: 0},
		{rule: "sentence-length", text: "- abcde\n- abcde\n", want: 0},
	})
	long := "1234567890 1234567890 1234567890 1234567890 1234567890 1234567890 1234567890 1234567890 1234567890 1234567890\n"
	runRuleCases(t, []ruleCase{
		{rule: "sentence-length", text: long, want: 1},
		{rule: "sentence-length", text: "This sentence is written in English only and it runs on for more than one hundred characters in all, which is long.\n", want: 0},
	})
}

// TestUnmatchedPairMixedWidth: （…) is one finding, as textlint reports
// one.
func TestUnmatchedPairMixedWidth(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "no-unmatched-pair", text: "これは（テスト)です。\n", want: 1},
		{rule: "no-unmatched-pair", text: "これは(テスト）です。\n", want: 1},
		{rule: "no-unmatched-pair", text: "これは（テスト）です。\n", want: 0},
	})
}

// TestNoUnmatchedPairSuite follows what textlint-rule-no-unmatched-pair's
// own suite checks, with texts of our own: nested braces and quotes,
// brackets in code, a quotation holding "!", enumerators, GitHub alerts
// and French guillemets are fine; each unmatched opener is one finding,
// a bracket closed by its other-width twin included.
func TestNoUnmatchedPairSuite(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "no-unmatched-pair", text: `The value {"{key}"} is nested.` + "\n", want: 0},
		{rule: "no-unmatched-pair", text: "The `(` token opens a group.\n", want: 0},
		{rule: "no-unmatched-pair", text: "これは(内緒)の話です。\n", want: 0},
		{rule: "no-unmatched-pair", text: `She said "Good morning!".` + "\n", want: 0},
		{rule: "no-unmatched-pair", text: "1) first step\n2) second step\n", want: 0},
		{rule: "no-unmatched-pair", text: "> [!NOTE]\n> A short note.\n", want: 0},
		{rule: "no-unmatched-pair", text: "Il a dit : « Je pars demain » .\n", want: 0},
		{rule: "no-unmatched-pair", text: "Elle a lu « le livre ‹ Demain › » hier.\n", want: 0},
		{rule: "no-unmatched-pair", text: "これは（内緒)の話です。\n", want: 1},
		{rule: "no-unmatched-pair", text: `She said "Good morning!'.` + "\n", want: 1},
		{rule: "no-unmatched-pair", text: "モジュールは値を外部に公開(`export`）します。\n", want: 1},
		{rule: "no-unmatched-pair", text: "関数は外側の（`count`）変数を参照します。この性質をクロージャー(関数閉包）と呼びます。\n", want: 1},
		{rule: "no-unmatched-pair", text: "Il a dit : « Je pars demain.\n", want: 1},
		{rule: "no-unmatched-pair", text: "Elle a lu « le livre ‹ Demain » hier.\n", want: 1},
	})
}

// TestJaNoSuccessiveWordSuite follows textlint-rule-ja-no-successive-word's
// suite with texts of our own: a doubled particle and a doubled
// hiragana verb are reported (the verb as advice), alternating tokens
// (すもももももも) and numbers are not.
func TestJaNoSuccessiveWordSuite(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "ja-no-successive-word", text: "この文には問題がありません。\n", want: 0},
		{rule: "ja-no-successive-word", text: "すもももももももものうち。\n", want: 0},
		{rule: "ja-no-successive-word", text: "222回目の試行です。\n", want: 0},
		{rule: "ja-no-successive-word", text: "22,22回目の試行です。\n", want: 0},
		{rule: "ja-no-successive-word", text: "これはは問題のある文です。\n", want: 1, after: "これは問題のある文です。\n"},
		{rule: "ja-no-successive-word", text: "これは問題あるある文です。\n", want: 1, advice: true},
	})
}

// TestKanjiOnlyDocumentIsJapanese: prose of kanji only (第五章, 三十回)
// is Japanese, as textlint reads any text; Chinese prose, which holds
// its function characters (的, 了, 这), gets no Japanese rule.
func TestKanjiOnlyDocumentIsJapanese(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "arabic-kanji-numbers", text: "第五章", want: 1, after: "第5章"},
		{rule: "arabic-kanji-numbers", text: "三十回\n", want: 1, after: "30回\n"},
		{rule: "arabic-kanji-numbers", text: "这是第五章的内容。\n", want: 0},
		{rule: "arabic-kanji-numbers", text: "這是第五章的內容。\n", want: 0},
	})
}
