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
