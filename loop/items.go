package loop

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"slices"
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

// Aggregation says how ItemsOf makes a council round into items.
type Aggregation struct {
	// Round is the 1-based round number, the prefix of the items' keys.
	Round int
	// File is the reviewed file's name as the reviewers were shown it
	// (agent.Target.Path). A finding whose Finding.File names any other
	// file (another file, a name outside the root: absolute or through
	// "..") is dropped with the reason, never anchored in this text; one
	// that names no file concerns this one. Empty accepts every finding.
	File string
	// Rejected is the rejection memory: re-proposals are dropped.
	Rejected []Rejection
	// MaxFindings bounds the findings taken from one review
	// (council.Options.MaxFindings: 0 means council.DefaultMaxFindings,
	// negative no bound); Findings.Cut notes each review cut.
	MaxFindings int
}

// ItemsOf turns a council round, which reviewed text, into items:
// findings naming another file than a.File are dropped first; then
// council.Aggregate anchors, merges and groups the findings (Reviewed and
// SameQuote set: a human who rejected a change to some text has ruled on
// that text, so a new fix for the same quote is not offered again); then
// what must never be applied or offered (re-proposals of rejected
// findings, sibling-shot duplicates, findings inside the front matter) is
// dropped with a note saying why. Reviews and skips are listed in the
// council's order. round is not modified.
//
// Item keys are the council's row keys prefixed with the round,
// "r2/fact-checker/F001", so a decision made for one round never matches a
// finding of another.
func ItemsOf(text []byte, round *council.Round, a Aggregation) Findings {
	n := a.Round
	// SameQuote: a human who rejected a change to some text has ruled on
	// that text; a new fix for the same quote is not offered again.
	opts := council.Options{Reviewed: true, SameQuote: true, MaxFindings: a.MaxFindings}
	for _, rj := range a.Rejected {
		opts.Rejected = append(opts.Rejected, rj.Item.Finding)
	}
	fm, hasFront := document.FindFrontMatter(text)
	front := finding.LineRange{Start: fm.Lines.Start, End: fm.Lines.End}
	if hasFront { // enforced where quotes are anchored; findings hinted there are dropped below
		opts.Protected = []apply.Protected{{Lines: front, Why: strings.ToUpper(string(fm.Format)) + " front matter, which is never edited"}}
	}
	orig := round
	round, foreign := confine(round, a.File, n)
	t := council.Aggregate(text, round, opts)

	rec := Findings{Reviews: []Review{}, Items: []Item{}, Dropped: foreign}
	for _, tr := range t.Truncated {
		rec.Cut = append(rec.Cut, tr.String())
	}
	for _, res := range orig.Results { // the reviews as their reviewers wrote them
		if res.Err != nil {
			rec.Skips = append(rec.Skips, skipOf(res))
			continue
		}
		rec.Reviews = append(rec.Reviews, Review{Reviewer: res.Reviewer, Shot: res.Shot, Report: res.Review.Report, Usage: res.Review.Usage, Model: res.Review.Model})
	}
	for _, row := range t.Rows {
		it := Item{Key: itemKey(n, row.Key), Reviewer: row.Reviewer, Finding: row.Finding, Lines: row.Finding.LineRange, Note: row.State.Reason}
		if row.Anchor != nil {
			it.Lines, it.Far = row.Anchor.Lines, row.Anchor.Far
		}
		if hasFront && it.Lines.Valid() && overlaps(it.Lines, front) {
			it.Note = fmt.Sprintf("inside the front matter (lines %s, %s), which is never edited", front, strings.ToUpper(string(fm.Format)))
			rec.Dropped = append(rec.Dropped, it)
			continue
		}
		if row.State.Current() != finding.Open { // a sibling's duplicate, or a repeated rejection
			rec.Dropped = append(rec.Dropped, it)
			continue
		}
		switch row.Placement {
		case council.PlacementReady:
			e := row.Anchor.Edit
			it.Edit = &e
			for _, k := range row.SameLine {
				it.SameLine = append(it.SameLine, itemKey(n, k))
			}
			for _, k := range t.Changes[row.Change].Keys {
				if k != row.Key {
					it.Supporters = append(it.Supporters, itemKey(n, k))
				}
			}
		case council.PlacementConflict:
			e := row.Anchor.Edit
			it.Edit = &e
			it.Conflict = row.Conflict + 1
		case council.PlacementAdvisory, council.PlacementUnanchored:
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

// confine returns round without the findings that name another file than
// name, and those findings as dropped items saying why. A round with none
// is returned as it is.
func confine(round *council.Round, name string, n int) (*council.Round, []Item) {
	if name == "" {
		return round, nil
	}
	var dropped []Item
	out := *round
	out.Results = slices.Clone(round.Results)
	for i, res := range out.Results {
		if res.Err != nil {
			continue
		}
		var kept []finding.Finding
		for _, f := range res.Review.Report.Findings {
			why := foreignFile(f.File, name)
			if why == "" {
				kept = append(kept, f)
				continue
			}
			label := res.Reviewer
			if res.Shot > 1 {
				label += "#" + strconv.Itoa(res.Shot)
			}
			dropped = append(dropped, Item{Key: itemKey(n, label+"/"+f.ID), Reviewer: res.Reviewer, Finding: f, Lines: f.LineRange,
				Note: fmt.Sprintf("names the file %q, %s; its reviewer read %s", f.File, why, name)})
		}
		if len(kept) != len(res.Review.Report.Findings) {
			out.Results[i].Review.Report.Findings = kept
		}
	}
	if dropped == nil {
		return round, nil
	}
	return &out, dropped
}

// foreignFile says why a finding's file is not name, or "" when it is
// (or names none).
func foreignFile(file, name string) string {
	if file == "" {
		return ""
	}
	f := strings.ReplaceAll(file, "\\", "/")
	switch {
	case path.IsAbs(f) || filepath.IsAbs(file) || f == ".." || strings.HasPrefix(path.Clean(f), "../"):
		return apply.ErrOutsideRoot.Error()
	case path.Clean(f) == path.Clean(name):
		return ""
	}
	return apply.ErrNotTarget.Error()
}
