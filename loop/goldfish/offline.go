package goldfish

import (
	"context"
	"encoding/json"
	"fmt"
)

// OfflineResolver is the deterministic resolver of the offline demo and of
// tests: it needs no model and answers the same brief the same way.
//
//   - A finding whose fix anchors in the section (Case.Applicable) has a
//     mechanical fix: PROPOSE_FIX, with the reviewer's own fix.
//   - A finding that quotes nothing cites no concrete problem: CONTEST,
//     saying so.
//   - A finding whose quote is not in the section cites nothing there:
//     CONTEST, saying so.
//   - Advice (a quote, no fix) names no concrete change the author could
//     make: CONTEST, saying that the text stands until a reviewer shows
//     what to write or brings new evidence (which reopens it).
//   - A comprehension mismatch (category ProbeName) is the resolver's own
//     finding, never contested: with a fix that anchors it is proposed,
//     otherwise it is left unresolved for a person to rewrite.
//
// For the comprehension probe it compares restatements with Intent (see
// Compare).
type OfflineResolver struct {
	// Intent lists the decisions the author meant, one sentence each,
	// for the comprehension probe.
	Intent []string
}

// Resolve sorts b's cases by the rules above.
func (OfflineResolver) Resolve(ctx context.Context, b Brief) (Ruling, error) {
	if err := ctx.Err(); err != nil {
		return Ruling{}, fmt.Errorf("goldfish: offline resolver: %w", err)
	}
	var rs Resolutions
	rs.Resolutions = []Resolution{}
	for _, c := range b.Cases {
		f := c.Finding
		r := Resolution{Key: c.Key, Kind: Contest}
		switch {
		case c.Applicable:
			r.Kind, r.Reason = ProposeFix, fmt.Sprintf("mechanical fix: %q becomes %q", f.Quote(), f.Fix)
		case f.Category == ProbeName:
			continue
		case f.Quote() == "":
			r.Reason = fmt.Sprintf("%q quotes no text of the section, so it cites no concrete problem to change", f.Issue)
		case f.Fix != "":
			r.Reason = fmt.Sprintf("the quoted text %q is not in the section as it stands, so the fix has nothing to replace", f.Quote())
		default:
			r.Reason = fmt.Sprintf("advice with no replacement text (%q): it names no concrete change, so the text stands as written until a reviewer shows what to write or brings new evidence", f.Issue)
		}
		rs.Resolutions = append(rs.Resolutions, r)
	}
	reply, err := json.Marshal(rs)
	if err != nil {
		return Ruling{}, fmt.Errorf("goldfish: offline resolver: %w", err)
	}
	return Ruling{Resolutions: rs.Resolutions, Reply: string(reply)}, nil
}
