package council

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/finding"
)

// Options tunes Aggregate. The zero value anchors quotes only and drops
// nothing.
type Options struct {
	// Reviewed reports that doc is byte-identical to the text the
	// reviewers saw. Together with ReplaceLines, and only then, a finding
	// with no quote may replace its whole line range (see apply.Options).
	Reviewed bool

	// ReplaceLines opts in to quote-less findings replacing their line
	// range (apply.Options.ReplaceLines); by default such a finding is
	// advice only.
	ReplaceLines bool

	// Protected lists line ranges no edit may touch (front matter, a
	// generated block), enforced where quotes are anchored: a finding
	// whose edit would touch one is PlacementUnanchored with a reason
	// wrapping apply.ErrProtected (see apply.Options.Protected).
	Protected []apply.Protected

	// Window is the number of lines apply.Resolve widens a finding's
	// hinted range by before searching the whole document; 0 means
	// apply's default.
	Window int

	// Rejected lists findings a human or policy rejected in earlier
	// rounds. A finding whose finding.Fingerprint equals a rejected one's
	// (the same category, quote and fix, normalised) is dropped: its
	// Row.State becomes finding.Rejected, By ByMemory, with a Reason
	// quoting the rejected fix.
	Rejected []finding.Finding

	// SameQuote also drops a finding whose finding.QuoteKey equals a
	// rejected one's: any new fix for text already ruled on.
	SameQuote bool

	// MaxFindings bounds the findings taken from one Review (one
	// reviewer's shot): past it, only the most severe (then the most
	// confident, then the earlier) are kept, and Table.Truncated says
	// how many were dropped. 0 means DefaultMaxFindings (200); a negative
	// value means no bound.
	MaxFindings int
}

// Placement is what the table can do with a row's edit: apply it (in
// Table.Changes), hand it to a human (in Table.Conflicts), or nothing,
// because there is no edit (advice) or it could not be placed. It is not
// where the finding stands: that is Row.State, in finding.Status words,
// the one vocabulary the loops and their artifacts use. Only
// PlacementReady rows may be applied without a human.
type Placement string

// The placements of a Row's edit.
const (
	// PlacementNone: the row was taken out before its edit was merged
	// (its State is finding.Duplicate or finding.Rejected), or the Table
	// was built by hand. Row.Anchor and Row.Skip still say whether the
	// edit could have been placed (a rejected row is never anchored).
	PlacementNone Placement = ""
	// PlacementReady: anchored, and no different edit overlaps it; its
	// Change may be applied.
	PlacementReady Placement = "ready"
	// PlacementConflict: anchored, but a different edit overlaps it; a
	// human chooses among the Conflict's alternatives.
	PlacementConflict Placement = "conflict"
	// PlacementAdvisory: the finding has no fix; it is advice only.
	PlacementAdvisory Placement = "advisory"
	// PlacementUnanchored: the finding's quote could not be placed in
	// the document; Row.Skip says why.
	PlacementUnanchored Placement = "unanchored"
)

// The finding.State.By values Aggregate writes.
const (
	// ByAuto marks a sibling shot's duplicate (finding.Duplicate), as
	// finding.State.By documents "auto".
	ByAuto = "auto"
	// ByMemory marks a finding that repeats one rejected in an earlier
	// round (Options.Rejected): the run's memory of its rejections, not a
	// new decision.
	ByMemory = "memory"
)

// Table is a round's findings aggregated: one Row per finding, the
// non-conflicting edits merged, the conflicts grouped, and usage summed.
type Table struct {
	// Rows holds every finding of every Review, in the round's order
	// (members, shots, then the report's order).
	Rows []Row

	// Changes holds the edit of every PlacementReady row, whatever its
	// severity or confidence: a high-severity finding the reviewer is
	// unsure of is here too. They are sorted and non-overlapping; identical edits
	// of several findings are one Change whose Keys list all of them.
	// Handing them all to apply.NewPatch applies every anchored,
	// non-conflicting fix unasked; to apply only what needs no human,
	// take Safe (or Policy.Select) instead.
	Changes []apply.Change

	// Conflicts are groups of overlapping, different edits; none is
	// applied automatically.
	Conflicts []apply.Conflict

	// Groups are findings without an edit (advice, or a quote that could
	// not be anchored) whose line ranges overlap and come from more than
	// one reviewer: the seed's "same lines flagged by several reviewers".
	Groups []Group

	// Usage sums token usage per reviewer name, skipped calls included.
	Usage map[string]agent.Usage

	// Total sums the usage of the whole round.
	Total agent.Usage

	// Truncated lists the Reviews that returned more findings than
	// Options.MaxFindings, in the round's order, with how many findings
	// were dropped; empty when none did. Truncation.String is the note
	// to show.
	Truncated []Truncation

	index map[string]int // key -> position in Rows
	next  map[string]int // key base -> the next "~n" suffix to try; only while Aggregate runs
}

// Row is one finding in the Table.
type Row struct {
	// Key identifies the finding within the round: the reviewer's name,
	// "#" and the shot number when the shot is not the first, "/" and the
	// finding's ID. Example: "anti-ai-slop/F001", "bug-hunter#2/F003". A
	// key that would repeat (a report with two F001) gets "~2", "~3", ...
	// appended.
	Key      string
	Reviewer string
	Shot     int // 1-based
	Finding  finding.Finding

	// State is where the finding stands after aggregation: Open (the
	// zero State) for every row the table kept, finding.Duplicate when a
	// sibling shot's better finding was kept (DuplicateOf is that row's
	// Key, By is ByAuto, Reason says which shot repeats which row), or
	// finding.Rejected when it repeats a finding rejected before (By is
	// ByMemory, Reason quotes the rejected fix). State.At is left zero:
	// Aggregate reads no clock; a loop stamps the time from its journal.
	// Every State Aggregate writes passes State.Validate.
	State finding.State

	// Placement is what the table can do with the finding's edit. In a
	// Table made by Aggregate it is PlacementNone exactly when State is
	// not Open.
	Placement Placement

	// Anchor is where the finding's edit lands; nil when it has no edit
	// (PlacementAdvisory, PlacementUnanchored) or was not anchored (a
	// Rejected State).
	Anchor *apply.Anchor

	// Skip says why the finding has no edit (it wraps one of apply's
	// sentinel errors, such as apply.ErrAdvisory); nil otherwise.
	Skip error

	// Change indexes Table.Changes for PlacementReady rows; -1
	// otherwise.
	Change int
	// Conflict indexes Table.Conflicts for PlacementConflict rows; -1
	// otherwise.
	Conflict int
	// Group indexes Table.Groups for rows in a group; -1 otherwise.
	Group int

	// SameLine lists, for a PlacementReady row, the keys of other
	// reviewers' ready rows whose different edit touches one of its
	// lines, in table order of discovery; nil when there are none. Such
	// edits do not overlap (they would be a Conflict), so each can be
	// applied, but the originals give different reviewers' fixes of one
	// line to a human: Select holds them unless Policy.OverlapOnly.
	SameLine []string
}

// Group is a set of findings without an edit whose line ranges overlap,
// from more than one reviewer.
type Group struct {
	Lines finding.LineRange // the union of the rows' line ranges
	Keys  []string          // the rows' keys, in table order
}

// Row returns the row with the given key. It is a map lookup on a Table
// made by Aggregate and a scan of Rows on one built by hand.
func (t *Table) Row(key string) (*Row, bool) {
	if t.index == nil {
		for i := range t.Rows {
			if t.Rows[i].Key == key {
				return &t.Rows[i], true
			}
		}
		return nil, false
	}
	i, ok := t.index[key]
	if !ok {
		return nil, false
	}
	return &t.Rows[i], true
}

// Aggregate turns a round's reviews into one Table against doc, the text
// the loop will edit. It takes at most opts.MaxFindings findings from each
// Review (Table.Truncated names the reviews cut short and how many
// findings were dropped), anchors every finding with apply.Resolve, drops
// findings that match opts.Rejected, marks findings a sibling shot already
// reported as finding.Duplicate (Row.State), and merges the rest with
// apply.Merge into Changes and Conflicts. Skipped calls contribute usage
// but no rows. doc is not modified.
//
// Sibling shots (the same reviewer, different shots) report the same
// problem when their line spans overlap (the anchored lines, or the hinted
// range for findings without an edit) and they make the identical edit or
// their issue texts share at least half their tokens (Jaccard index of the
// token sets >= 0.5; Japanese is compared by character bigrams). One of
// them is kept: a finding with an anchored edit over advice, advice over a
// finding whose quote was not found, and otherwise the earlier shot's; the
// other's State becomes finding.Duplicate. A finding without an edit
// never absorbs one that has an edit.
func Aggregate(doc []byte, round *Round, opts Options) *Table {
	t := &Table{Usage: make(map[string]agent.Usage)}
	if round == nil {
		return t
	}
	t.Total = round.Usage
	limit := opts.maxFindings()
	taken := make([][]finding.Finding, len(round.Results))
	n := 0
	for i, res := range round.Results {
		if res.Err != nil {
			continue
		}
		fs := res.Review.Report.Findings
		taken[i] = bound(fs, limit)
		if d := len(fs) - len(taken[i]); d > 0 {
			t.Truncated = append(t.Truncated, Truncation{Reviewer: res.Reviewer, Shot: res.Shot, Kept: len(taken[i]), Dropped: d})
		}
		n += len(taken[i])
	}
	t.Rows, t.index, t.next = make([]Row, 0, n), make(map[string]int, n), make(map[string]int)
	for i, res := range round.Results {
		t.Usage[res.Reviewer] = t.Usage[res.Reviewer].Add(res.Review.Usage)
		for _, f := range taken[i] {
			t.add(Row{Reviewer: res.Reviewer, Shot: res.Shot, Finding: f, Change: -1, Conflict: -1, Group: -1})
		}
	}
	t.next = nil

	props := t.dropRejected(opts.Rejected, opts.SameQuote)
	anchors, skips := apply.Resolve(doc, props, apply.Options{Window: opts.Window, Reviewed: opts.Reviewed, ReplaceLines: opts.ReplaceLines, Protected: opts.Protected})
	for i := range anchors {
		r, _ := t.Row(anchors[i].Key)
		r.Anchor = &anchors[i]
	}
	for _, s := range skips {
		r, _ := t.Row(s.Key)
		r.Skip = s.Err
		r.Placement = PlacementUnanchored
		if errors.Is(s.Err, apply.ErrAdvisory) {
			r.Placement = PlacementAdvisory
		}
	}
	t.markSiblings()

	live := make([]apply.Anchor, 0, len(anchors))
	for _, a := range anchors {
		if r, _ := t.Row(a.Key); r.State.Current() == finding.Open {
			live = append(live, a)
		}
	}
	t.Changes, t.Conflicts = apply.Merge(live)
	for i, c := range t.Changes {
		for _, k := range c.Keys {
			r, _ := t.Row(k)
			r.Placement, r.Change = PlacementReady, i
		}
	}
	for i, c := range t.Conflicts {
		for _, k := range c.Keys {
			r, _ := t.Row(k)
			r.Placement, r.Conflict = PlacementConflict, i
		}
	}
	t.markSameLine()
	t.group()
	return t
}

// add appends r under a fresh unique key. The next suffix to try is kept
// per base, so a report repeating one ID n times costs O(n), not O(n²).
func (t *Table) add(r Row) {
	id := r.Finding.ID
	if id == "" {
		id = "#" + strconv.Itoa(len(t.Rows)+1)
	}
	base := r.Reviewer
	if r.Shot > 1 {
		base += "#" + strconv.Itoa(r.Shot)
	}
	base += "/" + id
	r.Key = base
	n := max(t.next[base], 1) // 1: the bare base; then "~2", "~3", ...
	for {
		if n > 1 {
			r.Key = base + "~" + strconv.Itoa(n)
		}
		if _, taken := t.index[r.Key]; !taken {
			break
		}
		n++
	}
	t.next[base] = n + 1
	t.index[r.Key] = len(t.Rows)
	t.Rows = append(t.Rows, r)
}

// dropRejected marks the rows that repeat a rejected finding and returns
// the proposals of the others.
func (t *Table) dropRejected(rejected []finding.Finding, sameQuote bool) []apply.Proposal {
	seen := make(map[string]int, len(rejected))
	for i, f := range rejected {
		keys := []string{finding.Fingerprint(f)}
		if sameQuote {
			keys = append(keys, finding.QuoteKey(f))
		}
		for _, k := range keys {
			if _, dup := seen[k]; !dup && k != "" {
				seen[k] = i
			}
		}
	}
	props := make([]apply.Proposal, 0, len(t.Rows))
	for i := range t.Rows {
		r := &t.Rows[i]
		if len(seen) > 0 {
			j, ok := seen[finding.Fingerprint(r.Finding)]
			if !ok && sameQuote {
				j, ok = seen[finding.QuoteKey(r.Finding)]
			}
			if ok {
				r.State = finding.State{
					Status: finding.Rejected,
					Reason: fmt.Sprintf("already rejected: %q -> %q (%s)", rejected[j].Quote(), rejected[j].Fix, rejected[j].Issue),
					By:     ByMemory,
				}
				continue
			}
		}
		props = append(props, apply.Proposal{Key: r.Key, Finding: r.Finding})
	}
	return props
}

// group collects rows without an edit whose line ranges overlap into
// Groups when more than one reviewer wrote them, with a sort and a sweep
// over the running maximum end line.
func (t *Table) group() {
	var idx []int
	for i := range t.Rows {
		r := &t.Rows[i]
		if (r.Placement == PlacementAdvisory || r.Placement == PlacementUnanchored) && r.Finding.LineRange.Valid() {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		return cmp.Compare(t.Rows[a].Finding.LineRange.Start, t.Rows[b].Finding.LineRange.Start)
	})
	flush := func(run []int, lines finding.LineRange) {
		reviewers := make(map[string]bool)
		for _, i := range run {
			reviewers[t.Rows[i].Reviewer] = true
		}
		if len(reviewers) < 2 {
			return
		}
		slices.Sort(run)
		g := Group{Lines: lines}
		for _, i := range run {
			t.Rows[i].Group = len(t.Groups)
			g.Keys = append(g.Keys, t.Rows[i].Key)
		}
		t.Groups = append(t.Groups, g)
	}
	var run []int
	var lines finding.LineRange
	for _, i := range idx {
		lr := t.Rows[i].Finding.LineRange
		if len(run) > 0 && lr.Start > lines.End {
			flush(run, lines)
			run = nil
		}
		if len(run) == 0 {
			lines = lr
		}
		lines.End = max(lines.End, lr.End)
		run = append(run, i)
	}
	if len(run) > 0 {
		flush(run, lines)
	}
}
