package offline

import "testing"

// TestNoUnmatchedPairPerSentence: as textlint's no-unmatched-pair, pairs
// are matched within a sentence of a paragraph, the sentences split as
// textlint's sentence-splitter splits them: never inside "", (), （）,
// 「」, 『』, 【】 or 《》 (which therefore hold two sentences together),
// but between the sentences of any other pair ([], ［］, ｛｝, «», ...).
// Every mark left open is reported, one finding each.
func TestNoUnmatchedPairPerSentence(t *testing.T) {
	runRuleCases(t, []ruleCase{
		// a pair the splitter does not hold: matched per sentence
		{rule: "no-unmatched-pair", text: "See [the guide. It is here] now.\n", want: 1},
		{rule: "no-unmatched-pair", text: "括弧［一文目。二文目］です。\n", want: 1},
		{rule: "no-unmatched-pair", text: "See [the guide] now. It is [here].\n", want: 0},
		// a pair the splitter holds keeps its sentences together
		{rule: "no-unmatched-pair", text: "（一文目。二文目。）\n", want: 0},
		{rule: "no-unmatched-pair", text: "It has (one part. And a second) in all.\n", want: 0},
		{rule: "no-unmatched-pair", text: "「一文目です。二文目です。」と書きます。\n", want: 0},
		{rule: "no-unmatched-pair", text: "He said \"hi. Then he left.\n", want: 1},
		// each sentence is checked on its own: two unclosed marks, two findings
		{rule: "no-unmatched-pair", text: "詳しくは［後述。詳しくは［別記。\n", want: 2},
		{rule: "no-unmatched-pair", text: "詳しくは［後述［別記。\n", want: 2},
		// a wrapped paragraph is one text: a line break ends no sentence
		{rule: "no-unmatched-pair", text: "The value [is set\nhere] and used.\n", want: 0},
		// a closer never opened is reported too (textlint does not)
		{rule: "no-unmatched-pair", text: "これは秘密）です。\n", want: 1},
		{rule: "no-unmatched-pair", text: "Pick 1) the first or 2) the second.\n", want: 0},
		// a period needs white space after it to end a sentence: 1.5 does not
		{rule: "no-unmatched-pair", text: "Version [1.5 is out] now.\n", want: 0},
	})
}
