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
