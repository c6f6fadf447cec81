package offline

import "testing"

// TestMisspelling: en-misspelling fixes the common misspellings of the
// misspell list as whole words, keeping a capital, and leaves code,
// identifiers, paths, names with inner capitals and correct words alone.
func TestMisspelling(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "en-misspelling", text: "The client will recieve the data once.\n", want: 1, after: "The client will receive the data once.\n"},
		{rule: "en-misspelling", text: "Seperate the two lists before you start.\n", want: 1, after: "Separate the two lists before you start.\n"},
		{rule: "en-misspelling", text: "An error occured when the server started.\n", want: 1, after: "An error occurred when the server started.\n"},
		{rule: "en-misspelling", text: "Wait untill the job ends, then definately stop.\n", want: 2},
		{rule: "en-misspelling", text: "この関数は値をrecieveします。\n", want: 0}, // English rules read English sentences
		{rule: "en-misspelling", text: "Call `recieve` to read the data.\n", want: 0},
		{rule: "en-misspelling", text: "Open recieve.go and edit it.\n", want: 0},
		{rule: "en-misspelling", text: "The recieve_data function reads the data.\n", want: 0},
		{rule: "en-misspelling", text: "Use the RecieveData method to read it.\n", want: 0},
		{rule: "en-misspelling", text: "See https://example.com/recieve for the details.\n", want: 0},
		{rule: "en-misspelling", text: "The package foo/recieve is deprecated.\n", want: 0},
		{rule: "en-misspelling", text: "The client will receive the data separately.\n", want: 0},
		{rule: "en-misspelling", text: "RECIEVE is written in capitals here.\n", want: 0},
	})
}

// TestDoubledPhrase: ja-doubled-phrase finds a phrase of several tokens
// written twice (hiragana only, which ja-no-successive-word exempts), and
// ja-no-successive-word now also removes a doubled auxiliary.
func TestDoubledPhrase(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "ja-doubled-phrase", text: "これは重要であるである。\n", want: 1, after: "これは重要である。\n"},
		{rule: "ja-doubled-phrase", text: "値を変更していますています。\n", want: 1, after: "値を変更しています。\n"},
		{rule: "ja-doubled-phrase", text: "さあ行こう行こう。\n", want: 1, advice: true},
		{rule: "ja-doubled-phrase", text: "結果はまあまあです。\n", want: 0},
		{rule: "ja-doubled-phrase", text: "これは重要である。次も重要である。\n", want: 0},
		{rule: "ja-doubled-phrase", text: "ますます便利になりました。\n", want: 0},
		{rule: "ja-doubled-phrase", text: "`ab``ab` を確認します。\n", want: 0},
		{rule: "ja-no-successive-word", text: "これで完了ですです。\n", want: 1, after: "これで完了です。\n"},
		{rule: "ja-no-successive-word", text: "しばしば起こります。\n", want: 0},
	})
}

// TestRepeatedSentence: a sentence written twice in one paragraph is
// reported once (removed by doubled-sentence when the copy
// follows at once, advice of repeated-sentence otherwise); boilerplate
// repeated in other paragraphs, short sentences and sentences whose code
// differs are not.
func TestRepeatedSentence(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "doubled-sentence", text: "The cache keeps the last value. The cache keeps the last value. Then it stops.\n", want: 1,
			after: "The cache keeps the last value. Then it stops.\n"},
		{rule: "doubled-sentence", text: "キャッシュは最後の値を保持します。キャッシュは最後の値を保持します。\n", want: 1, after: "キャッシュは最後の値を保持します。\n"},
		{rule: "repeated-sentence", text: "The cache keeps the last value. Then it stops. The cache keeps the last value.\n", want: 1, advice: true, message: "line 1"},
		{rule: "repeated-sentence", text: "The setting will be removed later.\n\nAnother setting exists.\nThe setting will be removed later.\n", want: 0},
		{rule: "repeated-sentence", text: "Yes. Yes. It works.\n", want: 0},
		{rule: "repeated-sentence", text: "Check that `./a` exists here. Check that `./b` exists here.\n", want: 0},
	})
}
