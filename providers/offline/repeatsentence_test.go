package offline

import (
	"strings"
	"testing"
)

// TestRepeatedProseSentence: repeated-prose-sentence reports a long
// declarative sentence of body prose written again with no heading
// between the copies, and doubled-sentence removes the copy that follows
// its original at once;
// repeats across a heading, in list items, admonitions or paragraphs that
// lead into code, questions, sentences ending in a colon, short ones and
// a sentence written three times are left to repeated-sentence.
func TestRepeatedProseSentence(t *testing.T) {
	const rule = "repeated-prose-sentence"
	long := "The archive command copies each finished segment to the bucket before the server reuses it."
	other := "The restore reads the segments back in order.\n\nIt stops at the target time you give it.\n\n"
	ja := "アーカイブコマンドは、完了した各セグメントをサーバーが再利用する前にバケットへコピーします。"
	runRuleCases(t, []ruleCase{
		{rule: rule, text: long + "\n\n" + other + long + "\n", want: 1, advice: true, message: "line 1"},
		{rule: rule, text: "# Setup\n\n" + long + "\n\n" + other + "More text here for the reader.\n" + long + "\n", want: 1, advice: true, message: "line 3"},
		{rule: rule, text: strings.ReplaceAll(long+"\n\n"+other+long+"\n", "\n", "\r\n"), want: 1, advice: true},
		{rule: rule, text: "\ufeff" + long + "\n\n" + other + long, want: 1, advice: true},
		{rule: rule, text: ja + "\n\n復元はセグメントを順に読みます。\n\n" + ja + "\n", want: 1, advice: true, message: "1行目"},
		{rule: rule, text: "**" + long + "**\n\n" + other + "**" + long + "**\n", want: 1},
		{rule: "doubled-sentence", text: long + " " + long + "\n", want: 1, after: long + "\n"},
		{rule: "doubled-sentence", text: "- " + ja + ja + "\r\n", want: 1, after: "- " + ja + "\r\n"},
		{rule: rule, text: long + " " + long + "\n", want: 0},
		// across a heading: parallel sections repeat on purpose
		{rule: rule, text: long + "\n\n## Restore\n\n" + other + long + "\n", want: 0},
		{rule: rule, text: ja + "\n\n## 復元\n\n" + ja + "\n", want: 0},
		{rule: rule, text: long + "\n\n#### `restore`\n\n" + other + long + "\n", want: 0}, // a heading of code only
		// list items, admonitions, questions, colons, short sentences, three copies
		{rule: rule, text: "- " + long + "\n\n" + other + "- " + long + "\n", want: 0},
		{rule: rule, text: "> [!NOTE]\n> " + long + "\n\n" + other + "> [!NOTE]\n> " + long + "\n", want: 0},
		{rule: rule, text: "Does the archive command copy each finished segment before the server reuses it?\n\n" + other + "Does the archive command copy each finished segment before the server reuses it?\n", want: 0},
		{rule: rule, text: "Now wrap the original code of the example in the strict mode component:\n\n```js\nx()\n```\n\n" + other + "Now wrap the original code of the example in the strict mode component:\n\n```js\ny()\n```\n", want: 0},
		{rule: rule, text: "Run the tests again now.\n\n" + other + "Run the tests again now.\n", want: 0},
		{rule: rule, text: long + "\n\n" + other + long + "\n\nThen it checks the timeline.\n\n" + long + "\n", want: 0},
	})
}

// TestRepeatedSentenceLeavesProseRepeats: with both rules on, a repeat
// is reported by one of them only, and repeated-sentence still reports a
// long repeat across a heading.
func TestRepeatedSentenceLeavesProseRepeats(t *testing.T) {
	long := "The archive command copies each finished segment to the bucket before the server reuses it."
	same := long + "\n\nThe restore reads the segments back in order.\n\n" + long + "\n"
	if got := findingsOf(t, "repeated-sentence", same); len(got) != 0 {
		t.Errorf("repeated-sentence gave %q on a repeat repeated-prose-sentence reports", got)
	}
	across := long + "\n\n## Restore\n\nThe restore reads the segments back in order.\n\n" + long + "\n"
	if got := findingsOf(t, "repeated-sentence", across); len(got) != 1 {
		t.Errorf("repeated-sentence gave %q on a repeat across a heading, want 1 finding", got)
	}
	if got := findingsOf(t, "repeated-prose-sentence", across); len(got) != 0 {
		t.Errorf("repeated-prose-sentence gave %q on a repeat across a heading", got)
	}
}
