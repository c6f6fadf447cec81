package discussion

import (
	"encoding/json"
	"fmt"

	"github.com/kaigi-dev/kaigi/finding"
)

// CriticalCategory is the category of the findings Outcome.Critical
// returns.
const CriticalCategory = "discussion"

// Critical returns the verdict's critical items as Council JSON v1
// findings, so that what survived the debate can go where findings go (a
// gate, an issue, another loop): one per cited point that carries a
// finding (a claim from a structured analysis), with the point id as ID,
// the lead's issue, the point's file, lines and quotes, severity high and
// confidence 100 (the debate settled it). After a fallback the cited ids
// are the fan-out's item keys and the findings are those items'. Cited
// points without a finding (a model's claim without a quote) are left
// out: there is nothing to anchor. Without a verdict there are none.
func (o *Outcome) Critical() ([]finding.Finding, error) {
	if o.Verdict == nil {
		return nil, nil
	}
	var v struct {
		Critical []Critical `json:"critical"`
	}
	if err := json.Unmarshal(o.Verdict, &v); err != nil {
		return nil, fmt.Errorf("discussion: verdict: %w", err)
	}
	byKey := map[string]finding.Finding{}
	for _, f := range o.FanOut {
		for _, it := range f.Items {
			g := it.Finding
			if it.File != "" {
				g.File = it.File
			}
			byKey[it.Key] = g
		}
	}
	var out []finding.Finding
	for _, c := range v.Critical {
		for _, id := range c.Points {
			f, ok := byKey[id]
			if p, on := o.Board.Get(id); on && p.Finding != nil {
				f, ok = *p.Finding, true
			}
			if !ok {
				continue
			}
			out = append(out, finding.Finding{ID: id, Category: CriticalCategory, File: f.File, LineRange: f.LineRange,
				Issue: c.Issue, Severity: finding.High, Confidence: 100, Quotes: f.Quotes})
		}
	}
	return out, nil
}
