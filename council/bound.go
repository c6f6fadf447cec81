package council

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/kaigi-dev/kaigi/finding"
)

// DefaultMaxFindings is the number of findings Aggregate takes from one
// Review (one reviewer's shot) when Options.MaxFindings is zero. A careful
// reviewer reports a few dozen findings on a long article; a model that
// returns thousands is looping, and every finding costs an anchor search
// of the document and a line in the artifacts.
const DefaultMaxFindings = 200

// Truncation records that Aggregate took only part of one Review's
// findings because they exceeded the bound (Options.MaxFindings). The
// dropped findings are in no Row.
type Truncation struct {
	Reviewer string // the reviewer's Name
	Shot     int    // 1-based
	Kept     int    // the bound: how many findings were taken
	Dropped  int    // how many were left out
}

// String is the note a loop shows for t. Example: "reviewer fact-checker
// (shot 2) returned 60000 findings: 59800 dropped, the 200 most severe
// kept (the bound on findings per review)".
func (t Truncation) String() string {
	return fmt.Sprintf("reviewer %s (shot %d) returned %d findings: %d dropped, the %d most severe kept (the bound on findings per review)",
		t.Reviewer, t.Shot, t.Kept+t.Dropped, t.Dropped, t.Kept)
}

// maxFindings returns the bound opts set: MaxFindings, DefaultMaxFindings
// for zero, and no bound (-1) for a negative value.
func (o Options) maxFindings() int {
	switch {
	case o.MaxFindings == 0:
		return DefaultMaxFindings
	case o.MaxFindings < 0:
		return -1
	}
	return o.MaxFindings
}

// bound returns at most limit of fs (all of them when limit < 0): the most
// severe, then the most confident, the earlier among equals, in report
// order. It returns fs itself when nothing is dropped and never modifies
// it. One sort, O(n log n).
func bound(fs []finding.Finding, limit int) []finding.Finding {
	if limit < 0 || len(fs) <= limit {
		return fs
	}
	idx := make([]int, len(fs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		return cmp.Or(
			cmp.Compare(fs[b].Severity.Rank(), fs[a].Severity.Rank()),
			cmp.Compare(fs[b].Confidence, fs[a].Confidence))
	})
	idx = idx[:limit]
	slices.Sort(idx)
	out := make([]finding.Finding, len(idx))
	for i, j := range idx {
		out[i] = fs[j]
	}
	return out
}
