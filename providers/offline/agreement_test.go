package offline

import (
	"strings"
	"testing"
)

// TestAgreement: en-agreement fixes the verb after "there is" and a
// plural count, after a sentence-opening vague count and plural noun, and
// after a sentence-opening "each" or "every" and a noun; counts in other
// places, amounts, compounds, code and Japanese text are left alone.
func TestAgreement(t *testing.T) {
	const rule = "en-agreement"
	runRuleCases(t, []ruleCase{
		{rule: rule, text: "There is several ways to restore the data.\n", want: 1, after: "There are several ways to restore the data.\n"},
		{rule: rule, text: "When there was two replicas, the lag grew.\n", want: 1, after: "When there were two replicas, the lag grew.\n"},
		{rule: rule, text: "Is there many files left in the archive?\n", want: 1, after: "Are there many files left in the archive?\n"},
		{rule: rule, text: "There’s multiple copies of the log.\r\n", want: 1, after: "There are multiple copies of the log.\r\n"},
		{rule: rule, text: "Several options is available for the restore.\n", want: 1, after: "Several options are available for the restore.\n"},
		{rule: rule, text: "Many users has asked for this setting.\n", want: 1, after: "Many users have asked for this setting.\n"},
		{rule: rule, text: "Each file are copied to the bucket.\n", want: 1, after: "Each file is copied to the bucket.\n"},
		{rule: rule, text: "- Every replica have its own slot.\n", want: 1, after: "- Every replica has its own slot.\n"},
		{rule: rule, text: "\ufeffThere is three steps.", want: 1, after: "\ufeffThere are three steps."},
		// right as written, or not settled by the neighbours
		{rule: rule, text: "There are several ways to restore the data.\n", want: 0},
		{rule: rule, text: "There is two-factor authentication on the console.\n", want: 0},
		{rule: rule, text: "There is a lot of data. There is one file left.\n", want: 0},
		{rule: rule, text: "Several hours is a long time to wait.\n", want: 0},
		{rule: rule, text: "Two weeks is enough for the test.\n", want: 0},
		{rule: rule, text: "A reader that reads from multiple inputs was waiting.\n", want: 0},
		{rule: rule, text: "Sending multiple buffers is faster.\n", want: 0},
		{rule: rule, text: "Releases appearing each October have long support.\n", want: 0},
		{rule: rule, text: "They each have a key. Each of the files are small.\n", want: 0},
		{rule: rule, text: "Several status is a word no one writes.\n", want: 0},
		{rule: rule, text: "Run `there is several` in the shell.\n", want: 0},
		{rule: rule, text: "Set several_options is true in the file.\n", want: 0},
		{rule: rule, text: "この関数は There is several と出力します。\n", want: 0},
	})
	if got := findingsOf(t, rule, "There is several ways. Then there was two replicas. "+strings.Repeat("It is fine. ", 2)+"\n"); len(got) != 2 {
		t.Errorf("two errors on one line: got %q, want 2 findings", got)
	}
}

// TestAgreementNames: a name that ends in "s" (GitOps, Kubernetes) is no
// plural noun, and a doubled name in quotes ("Late Late") is meant.
func TestAgreementNames(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: agreementRule, text: "Without Git there is no GitOps, so we support Git.\n\nThere is no Kubernetes here.\n", want: 0},
		{rule: agreementRule, text: "There is no files left.\n", want: 1},
		{rule: "en-doubled-word", text: "We plan a \"Late Late\" bug scrub.\n", want: 0},
		{rule: "en-doubled-word", text: "We plan a Late Late bug scrub.\n", want: 1},
	})
}
