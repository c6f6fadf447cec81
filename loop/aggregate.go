package loop

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/kaigi-dev/kaigi/apply"

	"github.com/kaigi-dev/kaigi/council"
)

// aggregate turns a council round into the loop's items: council.Aggregate
// anchors, merges and groups the findings; the loop then drops what it must
// never apply or offer (re-proposals of rejected findings, sibling-shot
// duplicates, findings inside the front matter) with a note saying why.
//
// Item keys are the council's row keys prefixed with the round, "r2/fact-checker/F001",
// so a decision made for one round never matches a finding of another.
func aggregate(text []byte, round *council.Round, rejected []rejection, n, maxFindings int) itemsRecord {
	// SameQuote: a human who rejected a change to some text has ruled on
	// that text; a new fix for the same quote is not offered again.
	opts := council.Options{Reviewed: true, SameQuote: true, MaxFindings: maxFindings}
	for _, rj := range rejected {
		opts.Rejected = append(opts.Rejected, rj.item.Finding)
	}
	t := council.Aggregate(text, round, opts)
	front, hasFront := FrontMatter(text)

	rec := itemsRecord{Text: hashHex(text), Items: []Item{}}
	for _, tr := range t.Truncated {
		rec.Cut = append(rec.Cut, tr.String())
	}
	for _, row := range t.Rows {
		it := Item{Key: itemKey(n, row.Key), Reviewer: row.Reviewer, Finding: row.Finding, Lines: row.Finding.LineRange, Note: row.Note}
		if row.Anchor != nil {
			it.Lines = row.Anchor.Lines
		}
		if hasFront && it.Lines.Valid() && overlaps(it.Lines, front) {
			it.Note = fmt.Sprintf("inside the front matter (lines %s), which is never edited", front)
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
