package offline

import (
	"os"
	"strings"
	"testing"
)

// Regression tests of the fixes TestTextlintSuiteScore led to, one per
// difference from textlint's suites, with texts of our own.

// TestExclamationThenQuestion: in an English document "?" is left alone,
// but the "?" of "!?" is part of an exclamation and is reported, as
// textlint reports both marks.
func TestExclamationThenQuestion(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "no-exclamation-question-mark", text: "Really!?\n", want: 2},
		{rule: "no-exclamation-question-mark", text: "Is it ready?\n", want: 0},
	})
	runOptionCases(t, Config{Options: RuleOptions{AllowHalfWidthExclamation: true}}, []ruleCase{
		{rule: "no-exclamation-question-mark", text: "Really!?\n", want: 1},
	})
}

// TestUnnaturalAlphabetAllowPattern: an AlphabetAllow entry "/…/" is a
// regular expression, as textlint's allow takes one.
func TestUnnaturalAlphabetAllowPattern(t *testing.T) {
	runOptionCases(t, Config{Options: RuleOptions{AlphabetAllow: []string{"/ロボット[a-zA-Z]/"}}}, []ruleCase{
		{rule: "ja-unnatural-alphabet", text: "ロボットKは良い。\n", want: 0},
		{rule: "ja-unnatural-alphabet", text: "サーbバーです。\n", want: 1},
	})
	if err := (RuleOptions{AlphabetAllow: []string{"/[/"}}).validate(); err == nil {
		t.Error("an invalid pattern in AlphabetAllow is accepted")
	}
}

// TestMixedPeriodEmojiAndAllowedMarks: a paragraph ending in an emoji is
// reported unless AllowEmojiAtEnd; an AllowPeriodMarks entry may be a
// word ("OK"), matched at the end.
func TestMixedPeriodEmojiAndAllowedMarks(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "ja-no-mixed-period", text: "設定が終わりました。🎉\n", want: 1, advice: true},
		{rule: "ja-no-mixed-period", text: "設定が終わりました🎉\n", want: 1, advice: true},
		{rule: "ja-no-mixed-period", text: "設定が終わりました。\n", want: 0},
	})
	runOptionCases(t, Config{Options: RuleOptions{AllowEmojiAtEnd: true}}, []ruleCase{
		{rule: "ja-no-mixed-period", text: "設定が終わりました。🎉\n", want: 0},
	})
	runOptionCases(t, Config{Options: RuleOptions{AllowPeriodMarks: []string{"OK"}, ForceAppendPeriod: true}}, []ruleCase{
		{rule: "ja-no-mixed-period", text: "これでOK\n", want: 0},
		{rule: "ja-no-mixed-period", text: "これで完了\n", want: 1, after: "これで完了。\n"},
	})
}

// TestDoubledJoshiSuiteDetails: the conjunctive と after a verb is not
// the quoting と (しようとすると, 「make」**と**入力すると); strict counts no
// distance for a 読点; the separator and comma options of textlint.
func TestDoubledJoshiSuiteDetails(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "no-doubled-joshi", text: "起動しようとすると警告が出る。\n", want: 0},
		{rule: "no-doubled-joshi", text: "端末で「go」**と**入力する**と**、結果が出ます。\n", want: 0},
		{rule: "no-doubled-joshi", text: "僕は君は好きだ。\n", want: 1},
	})
	runOptionCases(t, Config{Options: RuleOptions{DoubledJoshiStrict: true}}, []ruleCase{
		{rule: "no-doubled-joshi", text: "彼は急いだ様子で、小声で話した。\n", want: 1},
	})
	runOptionCases(t, Config{Options: RuleOptions{DoubledJoshiSeparators: []string{"♪"}}}, []ruleCase{
		{rule: "no-doubled-joshi", text: "これは歌です♪これは曲です♪\n", want: 0},
	})
	runOptionCases(t, Config{Options: RuleOptions{DoubledJoshiSeparators: []string{"。"}}}, []ruleCase{
		{rule: "no-doubled-joshi", text: "これは歌です．これは曲です．\n", want: 1},
		{rule: "no-doubled-joshi", text: "これは歌です。これは曲です。\n", want: 0},
	})
	runOptionCases(t, Config{Options: RuleOptions{DoubledJoshiCommas: []string{}}}, []ruleCase{
		{rule: "no-doubled-joshi", text: "これがGo、これがRustです。\n", want: 1},
	})
	runOptionCases(t, Config{Options: RuleOptions{DoubledJoshiCommas: []string{","}}}, []ruleCase{
		{rule: "no-doubled-joshi", text: "これがGo,これがRustです。\n", want: 0},
	})
}

// TestDoubledGaSeparators: a 。 inside brackets ends the count of が, and
// GaSeparators replaces the marks that end a sentence.
func TestDoubledGaSeparators(t *testing.T) {
	const text = "朝は早く出たが，電車には遅れた．遅れたが，会議には間に合った．\n"
	runRuleCases(t, []ruleCase{
		{rule: "no-doubled-conjunctive-particle-ga", text: "「朝は早く出たが、電車には遅れた。遅れたが、会議には間に合った」\n", want: 0},
		{rule: "no-doubled-conjunctive-particle-ga", text: "朝は早く出たが、電車には遅れたが、会議には間に合った。\n", want: 1},
	})
	runOptionCases(t, Config{Options: RuleOptions{GaSeparators: []string{"。"}}}, []ruleCase{
		{rule: "no-doubled-conjunctive-particle-ga", text: text, want: 1},
	})
	runOptionCases(t, Config{Options: RuleOptions{GaSeparators: []string{"。", "．"}}}, []ruleCase{
		{rule: "no-doubled-conjunctive-particle-ga", text: text, want: 0},
	})
}

// TestSuccessiveAllow: a word of SuccessiveAllow is never reported
// doubled (textlint's allow).
func TestSuccessiveAllow(t *testing.T) {
	runOptionCases(t, Config{Options: RuleOptions{SuccessiveAllow: []string{"人人"}}}, []ruleCase{
		{rule: "ja-no-successive-word", text: "＿人人人人＿\n", want: 0},
		{rule: "ja-no-successive-word", text: "それはは問題です。\n", want: 1},
	})
	runRuleCases(t, []ruleCase{{rule: "ja-no-successive-word", text: "＿人人人人＿\n", want: 1}})
}

// TestDoubleNegativeMonoDemo: 〜ないものでもない is a double negative, as
// textlint's 〜ないものでもない.
func TestDoubleNegativeMonoDemo(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "no-double-negative-ja", text: "この計画は成功しないものでもない。\n", want: 1},
		{rule: "no-double-negative-ja", text: "この計画は成功しないものでも無い。\n", want: 1},
		{rule: "no-double-negative-ja", text: "この計画は成功するものでもない。\n", want: 0},
	})
}

// TestConjunctionDeInsideSentence: a で after a space inside a sentence
// ("Go で書かれています") is no conjunction.
func TestConjunctionDeInsideSentence(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "no-doubled-conjunction", text: "XはGo で書かれています。XはGo で書かれていますが、Yです。\n", want: 0},
		{rule: "no-doubled-conjunction", text: "そして朝に走った。そして夜に泳いだ。\n", want: 1},
	})
}

// TestRedundantSuiteDetails: block quotes are not read; a 読点 after
// することが goes with the fix; a comma between を and 行う still matches.
func TestRedundantSuiteDetails(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "ja-no-redundant-expression", text: "> これは変更することが可能です。\n", want: 0},
		{rule: "ja-no-redundant-expression", text: "必要なら保存することが、できます。\n", want: 1, after: "必要なら保存できます。\n"},
		{rule: "ja-no-redundant-expression", text: "必要なら保存することが,できます。\n", want: 1, after: "必要なら保存できます。\n"},
		{rule: "ja-no-redundant-expression", text: "確認を,行えば分かります。\n", want: 1, advice: true},
	})
}

// TestMixStyleSkipsLinkText: the text of a link is not counted, as
// textlint skips links.
func TestMixStyleSkipsLinkText(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "no-mix-dearu-desumasu", text: "[設定は便利です。](https://example.com)\n[値は整数である。](https://example.com)\n", want: 0},
		{rule: "no-mix-dearu-desumasu", text: "設定は便利です。\n値は整数である。\n", want: 1},
	})
}

// TestControlCharactersInImages: the alt text and title of an image are
// read, as textlint's checkImage (on by default) reads them; code is not.
func TestControlCharactersInImages(t *testing.T) {
	img := "![chart\u0008](img/chart.png \"title\u0019\")\n"
	runRuleCases(t, []ruleCase{
		{rule: "no-invalid-control-character", text: img, want: 2, fix: "![chart](img/chart.png"},
		{rule: "no-invalid-control-character", text: "`a\u0008b` is code.\n", want: 0},
	})
	runOptionCases(t, Config{Options: RuleOptions{ControlAllow: "\u0019"}}, []ruleCase{
		{rule: "no-invalid-control-character", text: img, want: 1},
	})
}

// TestMaxTenKutenAndQuestions: with Kuten "．" a 。 does not end the
// sentence, so its 読点 count on; a ？ inside brackets ends the count.
func TestMaxTenKutenAndQuestions(t *testing.T) {
	runOptionCases(t, Config{Options: RuleOptions{Touten: "，", Kuten: "．"}}, []ruleCase{
		{rule: "max-ten", text: "あれは，あれは，あれは。あれは，あれは，あれは，なぜですか?\n", want: 1},
		{rule: "max-ten", text: "あれは，あれは．あれは，あれは，あれは．\n", want: 0},
	})
	runRuleCases(t, []ruleCase{
		{rule: "max-ten", text: "「君は、走れなくても、いいって、思う？ もっと大事なことが、あったら、いいって、思う？」\n", want: 0},
		{rule: "max-ten", text: "あれは、あれは、あれは。あれは、あれは、あれは。\n", want: 0},
	})
}

// TestAbusageDictionary: every phrase of ja-no-abusage's list
// (data/phrases-ja.tsv, the pairs of textlint's dict/prh.yml among them)
// is reported in a sentence and fixed to its correction.
func TestAbusageDictionary(t *testing.T) {
	b, err := os.ReadFile("data/phrases-ja.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var cases []ruleCase
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 3 || f[0] != "ja-no-abusage" || f[2] == "?" || f[2] == "-" {
			continue
		}
		text := "彼は「" + f[1] + "」と書いた。\n"
		if len(f) > 6 && strings.Contains(f[6], "noun") {
			text = "彼は「ラベル" + f[1] + "」と書いた。\n" // the fix is given after a noun only
		}
		cases = append(cases, ruleCase{rule: "ja-no-abusage", text: text, want: 1, after: strings.Replace(text, f[1], f[2], 1)})
	}
	if len(cases) < 100 {
		t.Fatalf("%d ja-no-abusage phrases, want the ported dictionary", len(cases))
	}
	runRuleCases(t, cases)
}

// TestControlAndLengthOptions: textlint's checkCode, checkImage: false
// and countBy: "codepoints".
func TestControlAndLengthOptions(t *testing.T) {
	img := "![chart\u0008](img/chart.png)\n"
	runOptionCases(t, Config{Options: RuleOptions{ControlCheckCode: true}}, []ruleCase{
		{rule: "no-invalid-control-character", text: "`a\u0008b` is code.\n", want: 1},
		{rule: "no-invalid-control-character", text: "```\nx\u0008y\n```\n", want: 1},
		{rule: "no-invalid-control-character", text: img, want: 1},
	})
	runOptionCases(t, Config{Options: RuleOptions{ControlSkipImages: true}}, []ruleCase{
		{rule: "no-invalid-control-character", text: img, want: 0},
	})
	runOptionCases(t, Config{Limits: Limits{SentenceLength: 5}, Options: RuleOptions{SentenceCountCodePoints: true}}, []ruleCase{
		{rule: "sentence-length", text: "𠮷野と吉野\n", want: 0},
		{rule: "sentence-length", text: "𠮷野と吉野家\n", want: 1},
	})
	runOptionCases(t, Config{Limits: Limits{SentenceLength: 5}}, []ruleCase{
		{rule: "sentence-length", text: "𠮷野と吉野\n", want: 1},
	})
}

// TestRedundantOptions: textlint's dictOptions (a dictionary off, the
// nouns allowed before を行う) and allowNodeTypes (block quotes read).
func TestRedundantOptions(t *testing.T) {
	runOptionCases(t, Config{Options: RuleOptions{RedundantDisable: []string{"dict1"}}}, []ruleCase{
		{rule: "ja-no-redundant-expression", text: "これは変更することが可能です。\n", want: 0},
		{rule: "ja-no-redundant-expression", text: "これは変更することができます。\n", want: 1},
	})
	runOptionCases(t, Config{Options: RuleOptions{RedundantAllow: []string{}}}, []ruleCase{
		{rule: "ja-no-redundant-expression", text: "テストを行います。\n", want: 1},
	})
	runOptionCases(t, Config{Options: RuleOptions{RedundantAllow: []string{"検証"}}}, []ruleCase{
		{rule: "ja-no-redundant-expression", text: "検証を行います。\n", want: 0},
		{rule: "ja-no-redundant-expression", text: "テストを行います。\n", want: 1},
	})
	runOptionCases(t, Config{Options: RuleOptions{RedundantReadQuotes: true}}, []ruleCase{
		{rule: "ja-no-redundant-expression", text: "> これは変更することが可能です。\n", want: 1},
	})
	if err := (RuleOptions{RedundantDisable: []string{"dict7"}}).validate(); err == nil {
		t.Error("an unknown dictionary in RedundantDisable is accepted")
	}
}

// TestSentenceLengthURLLinks: the text of a link that is its own URL is
// skipped unless SentenceCountURLLinks (textlint's skipUrlStringLink).
func TestSentenceLengthURLLinks(t *testing.T) {
	const text = "READ [https://example.net](https://example.net)\n"
	runOptionCases(t, Config{Limits: Limits{SentenceLength: 5}}, []ruleCase{{rule: "sentence-length", text: text, want: 0}})
	runOptionCases(t, Config{Limits: Limits{SentenceLength: 5}, Options: RuleOptions{SentenceCountURLLinks: true}}, []ruleCase{
		{rule: "sentence-length", text: text, want: 1, message: "24 characters"},
		{rule: "sentence-length", text: "READ [home](https://example.net)\n", want: 1},
	})
}

// TestSentenceInsideQuotes: a '.' inside an ASCII "…" pair does not end
// the sentence, as textlint's sentence-splitter keeps the pair whole;
// a quotation that ends with its sentence still ends it.
func TestSentenceInsideQuotes(t *testing.T) {
	runOptionCases(t, Config{Limits: Limits{SentenceLength: 10}, Options: RuleOptions{SentenceSkipPatterns: []string{`/".*"/`}}}, []ruleCase{
		{rule: "sentence-length", text: "He said \"A dog. I like it\".\n", want: 0},
	})
	runOptionCases(t, Config{Limits: Limits{SentenceLength: 30}}, []ruleCase{
		{rule: "sentence-length", text: "He said \"stop.\" Then he left the room at once.\n", want: 0},
		{rule: "sentence-length", text: "He said \"A dog. I like it a lot, really\".\n", want: 1},
	})
}
