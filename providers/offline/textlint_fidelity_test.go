package offline

import "testing"

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
