package goldfish

import (
	"github.com/kaigi-dev/kaigi/finding"
)

// DefaultMinAgreement is the self-agreement below which a reviewer's clean
// answer is weak evidence: it is marked so in the report and its round
// does not count toward the clean rounds the loop stops after.
const DefaultMinAgreement = 0.5

// Agreement is one reviewer's self-agreement: the Jaccard similarity of
// the finding sets of two calls on byte-identical text, by fingerprint.
type Agreement struct {
	Reviewer string `json:"reviewer"`
	// Jaccard is |A ∩ B| / |A ∪ B| of the two fingerprint sets, from 0 to
	// 1; two empty sets agree fully (1).
	Jaccard float64 `json:"jaccard"`
	// First and Second count the distinct fingerprints of each call;
	// Common those in both.
	First, Second, Common int
}

// Jaccard returns the Jaccard similarity of two finding sets by
// fingerprint (finding.Fingerprint): the fingerprints both hold over those
// either holds. Two empty sets give 1: a reviewer that finds nothing twice
// agrees with itself. Duplicates within a set count once.
func Jaccard(a, b []finding.Finding) Agreement {
	sa, sb := fingerprints(a), fingerprints(b)
	common := 0
	for k := range sa {
		if sb[k] {
			common++
		}
	}
	union := len(sa) + len(sb) - common
	ag := Agreement{First: len(sa), Second: len(sb), Common: common, Jaccard: 1}
	if union > 0 {
		ag.Jaccard = float64(common) / float64(union)
	}
	return ag
}

func fingerprints(fs []finding.Finding) map[string]bool {
	out := make(map[string]bool, len(fs))
	for _, f := range fs {
		out[finding.Fingerprint(f)] = true
	}
	return out
}

// Weak reports whether the agreement is below min (0 means
// DefaultMinAgreement).
func (a Agreement) Weak(min float64) bool {
	if min == 0 {
		min = DefaultMinAgreement
	}
	return a.Jaccard < min
}
