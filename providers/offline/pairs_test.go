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

// TestNoUnmatchedPairCodeInEnglish: English prose has no braces, so a
// brace of an English document is code or a placeholder (a quoted loop,
// a function literal, ${VAR}) and is not paired; a Japanese document's
// braces still are. A half-open interval ("[0,n)", "(a, b]") is a pair.
func TestNoUnmatchedPairCodeInEnglish(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "no-unmatched-pair", text: "Use 'for { ... }' for infinite loops.\n", want: 0},
		{rule: "no-unmatched-pair", text: "It checks 'if foo := ...; foo {' in the else branch.\n", want: 0},
		{rule: "no-unmatched-pair", text: "Replace ${OSK_VALUE?} with the value.\n", want: 0},
		{rule: "no-unmatched-pair", text: "括弧｛一文目です。\n", want: 1},
		{rule: "no-unmatched-pair", text: "コード{を閉じ忘れた文です。\n", want: 1},
		{rule: "no-unmatched-pair", text: "Intn returns a number in the half-open interval [0,n) as documented.\n", want: 0},
		{rule: "no-unmatched-pair", text: "The range (a, b] excludes a.\n", want: 0},
		{rule: "no-unmatched-pair", text: "See [the guide) for details.\n", want: 2},
	})
}

// TestNoUnmatchedPairPointer: » leading a line points to a link; it
// closes no «. A word between two closing marks (”word”) is one finding.
func TestNoUnmatchedPairPointer(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "no-unmatched-pair", text: "本書の構成です。\n\n» [本書について詳しく知る](./about.md)\n", want: 0},
		{rule: "no-unmatched-pair", text: "Read on.\n\n  » [More](./more.md)\n", want: 0},
		{rule: "no-unmatched-pair", text: "Il a dit bonjour » puis il est parti.\n", want: 1},
		// ”word”: one mistake, one finding
		{rule: "no-unmatched-pair", text: "各プロパティを”マップ”し、生成する。\n", want: 1},
	})
}

// TestQuotationOverParagraphs: a quotation may run over the paragraphs
// of a block quote, closed in a later one or opened again at each; what is
// still open where the block quote ends is reported, and a " closed by ”
// is one finding.
func TestQuotationOverParagraphs(t *testing.T) {
	const rule = "no-unmatched-pair"
	runRuleCases(t, []ruleCase{
		{rule: rule, text: "> “Hello Flux blog,\n>\n> We wrote a tool.\n>\n> We hope you find it useful.”\n", want: 0},
		{rule: rule, text: "> \"As Flux turns ten, I look back.\n>\n> I am grateful for the decade.\"\n", want: 0},
		{rule: rule, text: "> “The first paragraph.\n>\n> “The second paragraph.”\n", want: 0},
		{rule: rule, text: "> “Never closed.\n>\n> Still not.\n\nA paragraph after it.\n", want: 1, message: "never closed"},
		{rule: rule, text: "“Never closed.\n\nA closer in another paragraph.”\n", want: 2},
		{rule: rule, text: "Use the \"View Open Pull Requests” button.\n", want: 1, message: "use one kind of quotation marks"},
		{rule: rule, text: "Use the “View Open Pull Requests\" button.\n", want: 1, message: "use one kind of quotation marks"},
	})
}
