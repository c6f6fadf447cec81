package goldfish

import (
	"fmt"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

// Status is what became of a finding the contest memory keeps: the
// findings' one vocabulary, finding.Status.
type Status = finding.Status

// The statuses the contest memory keeps.
const (
	// Contested: the resolver argued back and the finding was not applied.
	Contested = finding.Contested
	// Rejected: the gate rejected the finding.
	Rejected = finding.Rejected
	// Applied: the finding's fix was applied; one raised again came back.
	Applied = finding.Applied
)

// Entry is one finding the contest memory keeps.
type Entry struct {
	// Round is the round that decided it; Key and Reviewer name the
	// finding there (loop.Item.Key), Finding is it as raised.
	Round    int             `json:"round"`
	Key      string          `json:"key"`
	Reviewer string          `json:"reviewer"`
	Finding  finding.Finding `json:"finding"`
	// Status is what became of it.
	Status Status `json:"status"`
	// Reason is the resolver's argument or the gate's reason.
	Reason string `json:"reason,omitempty"`
}

// Memory is the contest memory, kept in code because the goldfish never
// hear of earlier rounds: the findings that were contested, rejected or
// applied, oldest first. The zero value is empty and ready to use.
type Memory struct {
	Entries []Entry
}

// Add records e.
func (m *Memory) Add(e Entry) { m.Entries = append(m.Entries, e) }

// Recall returns the latest entry f re-raises, and the evidence f brings
// that the entry did not: its quotes that none of the entry's quotes
// equals (after finding.Normalize). f re-raises an entry when their
// fingerprints (finding.Fingerprint) are equal or their first quotes are
// the same text (after finding.Normalize; a finding that quotes nothing
// matches by fingerprint only). It returns nil when f re-raises nothing.
func (m *Memory) Recall(f finding.Finding) (*Entry, []string) {
	fp, q := finding.Fingerprint(f), finding.Normalize(f.Quote())
	for i := len(m.Entries) - 1; i >= 0; i-- {
		e := &m.Entries[i]
		if finding.Fingerprint(e.Finding) != fp && (q == "" || finding.Normalize(e.Finding.Quote()) != q) {
			continue
		}
		old := map[string]bool{}
		for _, o := range e.Finding.Quotes {
			old[finding.Normalize(o)] = true
		}
		var fresh []string
		for _, n := range f.Quotes {
			if k := finding.Normalize(n); k != "" && !old[k] {
				fresh = append(fresh, n)
				old[k] = true
			}
		}
		return e, fresh
	}
	return nil, nil
}

// Sift applies the memory to a round's items. An item that re-raises a
// contested or rejected finding without new evidence is dropped, with a
// Note naming the entry, its round and reason; one that brings new
// evidence is kept and reopens it (reopened maps its key to the entry, so
// both are shown). An item that re-raises an applied finding came back: it
// is kept, open again, and listed in reopened too. Items are not modified;
// kept and dropped keep their order.
func (m *Memory) Sift(items []loop.Item) (kept, dropped []loop.Item, reopened map[string]*Entry) {
	reopened = map[string]*Entry{}
	for _, it := range items {
		e, fresh := m.Recall(it.Finding)
		switch {
		case e == nil:
			kept = append(kept, it)
		case e.Status == Applied || len(fresh) > 0:
			kept = append(kept, it)
			reopened[it.Key] = e
		default:
			it.Note = fmt.Sprintf("re-raises %s, %s in round %d (%s), with no new evidence", e.Key, e.Status, e.Round, e.Reason)
			dropped = append(dropped, it)
		}
	}
	return kept, dropped, reopened
}
