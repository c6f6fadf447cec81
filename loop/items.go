package loop

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
)

// Review is one reviewer call's answer as a round keeps it.
type Review struct {
	Reviewer string         `json:"reviewer"`
	Shot     int            `json:"shot"`
	Report   finding.Report `json:"report"`
	Usage    agent.Usage    `json:"usage"`
	Model    string         `json:"model,omitempty"`
}

// Findings is a reviewed round made into items for the policy and the
// gate: the council-round -> items bridge's result.
type Findings struct {
	// Reviews are the calls that answered, in the council's order.
	Reviews []Review `json:"reviews"`
	// Items are the findings offered for a decision, in table order.
	Items []Item `json:"items"`
	// Dropped are the findings never offered, each with a Note saying
	// why: re-proposals of rejected findings, duplicates of a sibling
	// shot, findings inside the front matter.
	Dropped []Item `json:"dropped,omitempty"`
	// Skips are the calls that failed, in the council's order.
	Skips []Skip `json:"skips,omitempty"`
	// Cut notes each review whose findings exceeded the bound on findings
	// per review (council.Options.MaxFindings): only the most severe were
	// taken.
	Cut []string `json:"cut,omitempty"`
}

// Rejection is a finding a decision rejected, and why: the memory a loop
// hands the next rounds' reviewers (agent.Target.Rejected) and the
// aggregation (so that a re-proposal is dropped).
type Rejection struct {
	Round  int    `json:"round"`
	Item   Item   `json:"item"`
	Reason string `json:"reason,omitempty"`
}

// Targets turns rejections into what agent.Target.Rejected holds.
func Targets(rejected []Rejection) []agent.Rejection {
	var out []agent.Rejection
	for _, rj := range rejected {
		out = append(out, agent.Rejection{Finding: rj.Item.Finding, Reason: rj.Reason})
	}
	return out
}

// ItemsOf turns round n's council round, which reviewed text, into items:
// council.Aggregate anchors, merges and groups the findings (Reviewed and
// SameQuote set: a human who rejected a change to some text has ruled on
// that text, so a new fix for the same quote is not offered again); then
// what must never be applied or offered (re-proposals of rejected
// findings, sibling-shot duplicates, findings inside the front matter) is
// dropped with a note saying why. Reviews and skips are listed in the
// council's order. maxFindings bounds the findings taken from one review
// (council.Options.MaxFindings: 0 means council.DefaultMaxFindings,
// negative no bound); Findings.Cut notes each review cut.
//
// Item keys are the council's row keys prefixed with the round,
// "r2/fact-checker/F001", so a decision made for one round never matches a
// finding of another.
func ItemsOf(text []byte, round *council.Round, rejected []Rejection, n, maxFindings int) Findings {
	// SameQuote: a human who rejected a change to some text has ruled on
	// that text; a new fix for the same quote is not offered again.
	opts := council.Options{Reviewed: true, SameQuote: true, MaxFindings: maxFindings}
	for _, rj := range rejected {
		opts.Rejected = append(opts.Rejected, rj.Item.Finding)
	}
	t := council.Aggregate(text, round, opts)
	fm, hasFront := document.FindFrontMatter(text)
	front := finding.LineRange{Start: fm.Lines.Start, End: fm.Lines.End}

	rec := Findings{Reviews: []Review{}, Items: []Item{}}
	for _, tr := range t.Truncated {
		rec.Cut = append(rec.Cut, tr.String())
	}
	for _, res := range round.Results {
		if res.Err != nil {
			rec.Skips = append(rec.Skips, skipOf(res))
			continue
		}
		rec.Reviews = append(rec.Reviews, Review{Reviewer: res.Reviewer, Shot: res.Shot, Report: res.Review.Report, Usage: res.Review.Usage, Model: res.Review.Model})
	}
	for _, row := range t.Rows {
		it := Item{Key: itemKey(n, row.Key), Reviewer: row.Reviewer, Finding: row.Finding, Lines: row.Finding.LineRange, Note: row.Note}
		if row.Anchor != nil {
			it.Lines = row.Anchor.Lines
		}
		if hasFront && it.Lines.Valid() && overlaps(it.Lines, front) {
			it.Note = fmt.Sprintf("inside the front matter (lines %s, %s), which is never edited", front, strings.ToUpper(string(fm.Format)))
			rec.Dropped = append(rec.Dropped, it)
			continue
		}
		switch row.Status {
		case council.Rejected, council.Duplicate:
			rec.Dropped = append(rec.Dropped, it)
			continue
		case council.Ready:
			e := row.Anchor.Edit
			it.Edit = &e
			for _, k := range t.Changes[row.Change].Keys {
				if k != row.Key {
					it.Supporters = append(it.Supporters, itemKey(n, k))
				}
			}
		case council.Conflicting:
			e := row.Anchor.Edit
			it.Edit = &e
			it.Conflict = row.Conflict + 1
		case council.Advisory, council.Unanchored:
			it.Note = skipCause(row.Skip)
		}
		rec.Items = append(rec.Items, it)
	}
	return rec
}

// itemKey is the run-wide key of council row key k in round n.
func itemKey(n int, k string) string { return "r" + strconv.Itoa(n) + "/" + k }

// skipCause says in a few words why a finding has no edit: the cause
// apply reported, without the key and lines the artifacts show anyway.
func skipCause(err error) string {
	for _, cause := range []error{apply.ErrAdvisory, apply.ErrQuoteNotFound, apply.ErrAmbiguous, apply.ErrOutOfRange, apply.ErrNoQuote} {
		if errors.Is(err, cause) {
			return cause.Error()
		}
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

// overlaps reports whether two line ranges share a line.
func overlaps(a, b finding.LineRange) bool {
	return a.Start <= b.End && b.Start <= a.End
}

// InFile marks f's items as findings about the document name (Item.File)
// and puts name into their keys after the round, "r1/slop/F001" ->
// "r1/docs/intro.md/slop/F001", so that the keys of a run over several
// documents stay unique. A driver of one document need not call it.
func (f *Findings) InFile(name string) {
	rekey := func(k string) string {
		head, rest, ok := strings.Cut(k, "/")
		if !ok {
			return name + "/" + k
		}
		return head + "/" + name + "/" + rest
	}
	for _, list := range [][]Item{f.Items, f.Dropped} {
		for i := range list {
			it := &list[i]
			it.File, it.Key = name, rekey(it.Key)
			for k, s := range it.Supporters {
				it.Supporters[k] = rekey(s)
			}
		}
	}
}
