package offline

import "testing"

// TestPleonasms: the pleonasms of en-redundant's list get the one word
// that says the same, keeping the sentence's capital.
func TestPleonasms(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "en-redundant", text: "The end result is a smaller image.\n", want: 1, after: "The result is a smaller image.\n"},
		{rule: "en-redundant", text: "Revert back the change.\n", want: 1, after: "Revert the change.\n"},
		{rule: "en-redundant", text: "We merge together both branches.\n", want: 1, after: "We merge both branches.\n"},
		{rule: "en-redundant", text: "The back end returns results.\n", want: 0},
	})
}
