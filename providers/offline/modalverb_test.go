package offline

import "testing"

// TestModalVerb: a verb's -s form after a modal or a negated do is fixed
// to its bare form; a question's inverted subject, a noun after "the
// can" and a bare verb are left alone.
func TestModalVerb(t *testing.T) {
	const rule = modalVerbRule
	runRuleCases(t, []ruleCase{
		{rule: rule, text: "The chart will uses the claim template.\n", want: 1, after: "The chart will use the claim template.\n"},
		{rule: rule, text: "The socket can accepts a path.\n", want: 1, after: "The socket can accept a path.\n"},
		{rule: rule, text: "The cache does not works offline.\n", want: 1, after: "The cache does not work offline.\n"},
		{rule: rule, text: "It doesn't matches the key.\n", want: 1, after: "It doesn't match the key.\n"},
		{rule: rule, text: "The proxy should caches replies.\n", want: 1, after: "The proxy should cache replies.\n"},
		{rule: rule, text: "Can users sign in?\n\nWill changes apply?\n", want: 0},
		{rule: rule, text: "The can opens easily.\n\nIt will use the template.\n\nIt may always run.\n", want: 0},
	})
}
