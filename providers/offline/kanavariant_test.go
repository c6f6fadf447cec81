package offline

import "testing"

// TestKanaVariant: a word written in kana and in kanji in one document is
// fixed, at its rarer notation, to the one the document uses more often;
// a tie is advice, and 出来事 or one notation alone give nothing.
func TestKanaVariant(t *testing.T) {
	const rule = kanaVariantRule
	runRuleCases(t, []ruleCase{
		{rule: rule, text: "設定できます。\n変更できます。\n\n削除出来ます。\n", want: 1, after: "設定できます。\n変更できます。\n\n削除できます。\n"},
		{rule: rule, text: "すべてのファイルです。\n\nすべての行です。\n\n全ての列です。\n", want: 1, after: "すべてのファイルです。\n\nすべての行です。\n\nすべての列です。\n"},
		{rule: rule, text: "見てください。\n読んでください。\n\n押して下さい。\n", want: 1, after: "見てください。\n読んでください。\n\n押してください。\n", message: "「下さい」はこの文書のほかの箇所では「ください」と書かれています（2箇所）"},
		{rule: rule, text: "例えば、Aです。\n\nたとえば、Bです。\n", want: 1, advice: true},
		{rule: rule, text: "出来事を記録できます。\n\n変更できます。\n", want: 0},
		{rule: rule, text: "良い例です。\n\n使ってもよいです。\n", want: 0},
	})
}
