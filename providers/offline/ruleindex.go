package offline

import "sync"

// ruleIndex returns the rules of ruleList by ID. It is built on first use
// and only read after: ruleByID runs for every rule a reviewer is created
// with and every token rule a review asks about, and ruleList builds its
// slice anew on each call (creating the four reviewers once spent 2.3 MB
// on those slices, 90% of a one-sentence review's allocations).
var ruleIndex = sync.OnceValue(func() map[string]RuleInfo {
	rules := ruleList()
	m := make(map[string]RuleInfo, len(rules))
	for _, r := range rules {
		if _, dup := m[r.ID]; !dup {
			m[r.ID] = r
		}
	}
	return m
})

// ruleByID returns the rule named id, and whether there is one.
func ruleByID(id string) (RuleInfo, bool) {
	r, ok := ruleIndex()[id]
	return r, ok
}
