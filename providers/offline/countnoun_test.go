package offline

import "testing"

// TestCountNoun: "less" and "amount of" before a plural count noun are
// fixed to "fewer" and "number of"; mass nouns, adjectives in -ous,
// idioms and singulars are left alone.
func TestCountNoun(t *testing.T) {
	const rule = countNounRule
	runRuleCases(t, []ruleCase{
		{rule: rule, text: "The new build uses less files.\n", want: 1, after: "The new build uses fewer files.\n"},
		{rule: rule, text: "Less requests reach the server.\n", want: 1, after: "Fewer requests reach the server.\n"},
		{rule: rule, text: "Track the amount of requests per second.\n", want: 1, after: "Track the number of requests per second.\n"},
		{rule: rule, text: "It uses less memory and less time.\n\nIt is less obvious and less dangerous.\n", want: 0},
		{rule: rule, text: "It more or less works.\n\nThe amount of resources is fixed.\n\nLess is more.\n", want: 0},
		{rule: rule, text: "It needs less access and less awareness of the status.\n", want: 0},
		{rule: rule, text: "Large amounts of files move.\n\nRun `less files.txt` to read it.\n", want: 0},
	})
}
