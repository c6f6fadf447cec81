package offline

import "testing"

// TestPhrasalVerb: a phrasal verb's noun after a modal, "not", "please" or
// an infinitive's "to" is fixed to the verb, with a pronoun object before
// the particle; the noun, a preposition's "to", code and a sentence's
// first word are left alone.
func TestPhrasalVerb(t *testing.T) {
	const rule = phrasalVerbRule
	runRuleCases(t, []ruleCase{
		{rule: rule, text: "You can setup the server in a minute.\n", want: 1, after: "You can set up the server in a minute.\n"},
		{rule: rule, text: "Read how to backup a cluster.\n", want: 1, after: "Read how to back up a cluster.\n"},
		{rule: rule, text: "The proxy is not setup yet.\n", want: 1, after: "The proxy is not set up yet.\n"},
		{rule: rule, text: "You can checkout it with git.\n", want: 1, after: "You can check it out with git.\n"},
		{rule: rule, text: "We need to rollback the change.\n", want: 1, after: "We need to roll back the change.\n"},
		{rule: rule, text: "Please login first.\n", want: 1, after: "Please log in first.\n"},
		{rule: rule, text: "The setup takes a minute.\n\nSetup is quick.\n", want: 0},
		{rule: rule, text: "Go to setup and pick a plan.\n\nIn addition to cleanup, it logs.\n", want: 0},
		{rule: rule, text: "Run `python setup.py` and you can `setup` it.\n", want: 0},
		{rule: rule, text: "You can set up this server.\n", want: 0},
		{rule: rule, text: "セットアップは can setup ではありません。\n", want: 0},
	})
}
