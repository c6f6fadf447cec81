package rounds_test

import (
	"fmt"

	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// A -auto-apply flag's words as a Policy's Scope: the severities applied
// without asking. High findings go to the gate whatever the scope.
func ExampleParseScope() {
	allows := func(s rounds.Scope, sev finding.Severity) bool {
		return council.Policy(rounds.Policy{Scope: s}).Allows(finding.Finding{Severity: sev, Confidence: 90})
	}
	for _, flag := range []string{"low", " Widen ", "none", "all"} {
		s, err := rounds.ParseScope(flag)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(s, s == rounds.ScopeLow, allows(s, finding.Low), allows(s, finding.Medium), allows(s, finding.High))
	}
	// Output:
	// low true true false false
	// widen false true true false
	// none false false false false
	// council: unknown auto-apply scope "all" (want low, widen or none)
}
