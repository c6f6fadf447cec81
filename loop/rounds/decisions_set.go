package rounds

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// Decisions is a round's Decisions by item key, in the order they were
// made. The zero value is empty and ready to use.
type Decisions struct {
	byKey map[string]Decision
	order []string
}

// Add records ds; a later decision for a key replaces the earlier one but
// keeps its place in the order.
func (s *Decisions) Add(ds ...Decision) {
	if s.byKey == nil {
		s.byKey = map[string]Decision{}
	}
	for _, d := range ds {
		if _, dup := s.byKey[d.Key]; !dup {
			s.order = append(s.order, d.Key)
		}
		s.byKey[d.Key] = d
	}
}

// Get returns the decision for key and whether there is one.
func (s *Decisions) Get(key string) (Decision, bool) {
	d, ok := s.byKey[key]
	return d, ok
}

// Map returns the decisions by key (shared, not a copy: do not modify it).
func (s *Decisions) Map() map[string]Decision { return s.byKey }

// Rejected returns round's rejected items, in the order they were decided:
// the round's part of the rejection memory (see Rejection).
func (s *Decisions) Rejected(round int, items []loop.Item) []loop.Rejection {
	byKey := make(map[string]loop.Item, len(items))
	for _, it := range items {
		byKey[it.Key] = it
	}
	var out []loop.Rejection
	for _, k := range s.order {
		if d := s.byKey[k]; d.Action == Reject {
			if it, ok := byKey[k]; ok {
				out = append(out, loop.Rejection{Round: round, Item: it, Reason: d.Reason})
			}
		}
	}
	return out
}

// summarize is what the stop rules see of a round whose reviews answered
// answered calls and skipped skipped, that decided ds about items, and
// whose patches changed the document when changed is set: an item is open
// when it is undecided or deferred, and a rejection counts as a change
// (the next round's reviewers are told of it).
func summarize(round, answered, skipped int, items []loop.Item, ds *Decisions, changed bool) loop.RoundSummary {
	s := loop.RoundSummary{Round: round, Answered: answered, Skipped: skipped, Open: map[finding.Severity]int{}, Changed: changed}
	for _, it := range items {
		d, ok := ds.Get(it.Key)
		if ok && d.Action == Reject {
			s.Changed = true
		}
		if !ok || d.Action == Defer {
			s.Open[it.Finding.Severity]++
		}
	}
	return s
}

// roundOf returns the round a kernel key names ("r2/items",
// "r2/review/fact-checker#1", "r2/policy"), 0 for any other key.
func roundOf(key string) int {
	head, _, _ := strings.Cut(key, "/")
	if !strings.HasPrefix(head, "r") {
		return 0
	}
	n, err := strconv.Atoi(head[1:])
	if err != nil || n < 1 {
		return 0
	}
	return n
}

// undoPlan lists the side effects of j to revert to undo round (every
// round when round is 0), last first, with their rounds (roundOf their
// keys), last first: those that changed a file and are not undone yet. A
// round other than the last one still applied is refused: the rounds after
// it must be undone first.
func undoPlan(j *journal.Journal, round int) (keys []string, rounds []int, err error) {
	effects := j.Effects()
	for i := len(effects) - 1; i >= 0; i-- {
		e := effects[i]
		if e.Undone || !changesFiles(e) {
			continue
		}
		n := roundOf(e.Key)
		if round != 0 && n != round {
			if len(keys) == 0 && n > round {
				return nil, nil, fmt.Errorf("undo round %d: round %d, applied after it, must be undone first", round, n)
			}
			continue
		}
		keys = append(keys, e.Key)
		if k := len(rounds); k == 0 || rounds[k-1] != n {
			rounds = append(rounds, n)
		}
	}
	return keys, rounds, nil
}

// changesFiles reports whether a side effect changes a file.
func changesFiles(e journal.Effect) bool {
	for _, f := range e.Files {
		if len(f.Patch.Changes) > 0 {
			return true
		}
	}
	return false
}
