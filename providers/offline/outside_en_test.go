package offline

import "testing"

// TestUnmatchedPairAcrossSentences: a quotation or a parenthesis holds
// its sentences together, nested ones too, and a period after a title is
// no sentence end, so pairs that close later in the paragraph are
// matched; one never closed is still reported.
func TestUnmatchedPairAcrossSentences(t *testing.T) {
	for _, text := range []string{
		"To quote one reader, “Thanks for all the work on this!” – it keeps us going.\n",
		"The new page puts the “why this tool?” question first.\n",
		"It is ready to ship (the maintainer asked \"Do you want the runtime (libc, libm) in the output? I can drop it\", but nobody answered).\n",
		"We thank [Dr. Ada Smith] for her help with the survey.\n\n[Dr. Ada Smith]: https://example.com/ada\n",
		"Late with the update again :') but the work goes on.\n",
	} {
		noFindings(t, agentTarget(text), "no-unmatched-pair")
	}
	runRuleCases(t, []ruleCase{
		{rule: "no-unmatched-pair", text: "* \"Faster builds. Release builds can be slow (and debug ones too.\"\n", want: 1, message: "'('"},
		{rule: "no-unmatched-pair", text: "The change lands in the next release (with a small fix to the parser.\n", want: 1},
	})
}

// TestAgreementClausesAndModifiers: an infinitive after "of ... to", a
// partitive "a few of", a noun with a clause and no "that" ("the reason
// employers ... invested in it was"), an -ing modifier ("The traits
// working group"), a hyphenated compound ("The all-hands") and a clause
// after a preposition's object agree as written; the shapes that
// disagree are still fixed.
func TestAgreementClausesAndModifiers(t *testing.T) {
	for _, text := range []string{
		"Specifically, the ability of crates to have cross-edition dependencies imposes limits.\n",
		"A few of those changes are highlighted in this post.\n",
		"Once again, the top reason employers of our respondents invested in it was the safety it gives.\n",
		"The traits working group is polishing the solver.\n",
		"The all-hands has happened!\n",
		"I will also cover editor support, a key workflow for many users which is now much better supported.\n",
	} {
		noFindings(t, agentTarget(text), "en-agreement")
	}
	runRuleCases(t, []ruleCase{
		{rule: "en-agreement", text: "The pods running on the node is ready.\n", want: 1, fix: "are ready"},
		{rule: "en-agreement", text: "The list of supported platforms are short.\n", want: 1, fix: "is short"},
		{rule: "en-agreement", text: "It copies the files that is older than a day.\n", want: 1, fix: "that are older"},
	})
}

// TestDoubledWordEmphasis: the emphasis of speech ("Many many", "really
// really"), a cry ("Choo choo!") and "to to" after a verb that takes "to"
// are meant; a slip is still fixed.
func TestDoubledWordEmphasis(t *testing.T) {
	noFindings(t, agentTarget("It makes it really really easy to start.\n\nMany many issues were unblocked.\n\nChoo choo! The release train keeps rolling.\n\nThe parent style is something one thread may write to to create the tree.\n"), "en-doubled-word")
	runRuleCases(t, []ruleCase{
		{rule: "en-doubled-word", text: "You can reach out the the team on chat.\n", want: 1, after: "You can reach out the team on chat.\n"},
		{rule: "en-doubled-word", text: "It adds support to to the parser.\n", want: 1},
	})
}

// TestTermVariantCoordination: a compound before "and" modifies a noun
// further on, so its hyphen is no variant of the open noun before "and".
func TestTermVariantCoordination(t *testing.T) {
	noFindings(t, agentTarget("The causes were the decision-making and communication processes.\n\nWe will improve decision making and review.\n"), "en-term-variant")
	runRuleCases(t, []ruleCase{
		{rule: "en-term-variant", text: "It handles top-level governance.\n\nThe top level governance group meets weekly.\n", want: 1},
	})
}

// TestMissingWordFrontedObject: the object of "allow" may stand before
// its subject and a contracted or modal auxiliary ("that we'd allow to
// occur"); "allows to" with no object is still advised on.
func TestMissingWordFrontedObject(t *testing.T) {
	noFindings(t, agentTarget("It is a small inference that we'd allow to occur everywhere.\n\nThese are the hosts that you can allow to connect.\n"), "en-missing-word")
	runRuleCases(t, []ruleCase{
		{rule: "en-missing-word", text: "The attribute allows to customize the module name.\n", want: 1, advice: true},
	})
}

// TestNFDMessageInEnglish: an English document hears of a decomposed
// character in English.
func TestNFDMessageInEnglish(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "no-nfd", text: "Thanks to Le\u0301o for the patch.\n", want: 1, fix: "Léo", message: "combining mark"},
	})
}

// TestOverlongSentenceCredits: a sentence made long by a list of names
// is no run-on; one made long by its clauses still is.
func TestOverlongSentenceCredits(t *testing.T) {
	credits := "And thanks to all the contributors: Alex Crichton, Brian Anderson, Corey Farwell, David Salter, Diggory Blake, Jacob Shaffer, Jeremiah Peschka, Joe Wilm, Jorge Aparicio, Kai Noda, Kamal Marhubi, Kevin K, Mika Attila, Paul Padier, Severen Redwood, Taylor Cramer, Tim Neumann and Vadim Petrochenkov.\n"
	noFindings(t, agentTarget(credits), "overlong-sentence")
	thanks := "We also thank the members of the project who helped us disclose the problem: Ann Lo for developing the fix; Eric Hu for reviewing the fix; Pia Alb for writing this advisory; Pia Alb, Manu Gor and Josh Sto for coordinating this disclosure; Josh Tri, Arlo Sie and Scott Sch for advising during the disclosure.\n"
	noFindings(t, agentTarget(thanks), "overlong-sentence")
	runOn := "If you really want to get a feel for how many projects have been blocked on this feature being stable, go and scroll through the tracking issue where you will see that many of them have been waiting for years while the design went back and forth between several teams who each had their own view of how it should work.\n"
	runRuleCases(t, []ruleCase{{rule: "overlong-sentence", text: runOn, want: 1}})
}
