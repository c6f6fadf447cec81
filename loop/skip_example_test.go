package loop_test

import (
	"fmt"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

// A skipped reviewer call as the artifacts print it: the reason, the first
// violations of an answer that did not validate with how many more there
// were, and what to do about an answer cut off at the token limit.
func ExampleSkipText() {
	for _, s := range []loop.Skip{
		{Reviewer: "fact-checker", Reason: "openai: 401 Unauthorized"},
		{Reviewer: "style", Reason: "invalid report", SchemaViolation: true, ViolationCount: 3, Violations: []finding.Violation{
			{Pointer: "/findings/0/confidence", Message: "must be <= 100, got 150"},
			{Message: "missing summary"},
		}},
		{Reviewer: "style", Reason: "answer truncated", Truncated: true},
	} {
		fmt.Println(s.Reviewer + ": " + loop.SkipText(s))
	}
	// Output:
	// fact-checker: openai: 401 Unauthorized
	// style: invalid report; first violations: /findings/0/confidence: must be <= 100, got 150; (root): missing summary (and 1 more)
	// style: answer truncated; the answer was cut off at the token limit before it formed a valid report, and a repair would be cut off too: raise the reviewer's token limit and run again
}
