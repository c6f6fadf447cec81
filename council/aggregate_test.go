package council_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
)

// aggDoc is a CRLF document with Japanese text and no final newline.
const aggDoc = "# タイトル\r\n" + // 1
	"これは非常に重要な点です。\r\n" + // 2
	"In today's fast-paced world, we ship code.\r\n" + // 3
	"Leverage synergies to move the needle.\r\n" + // 4
	"Plain line five.\r\n" + // 5
	"Plain line six.\r\n" + // 6
	"Plain line seven.\r\n" + // 7
	"The figure grew by 300% last year." // 8

// fnd builds a finding: quote and fix on the hinted lines.
func fnd(id string, lines finding.LineRange, quote, fix, issue string) finding.Finding {
	f := finding.Finding{ID: id, Category: "test", LineRange: lines, Issue: issue, Fix: fix,
		Confidence: 80, Severity: finding.Low, Quotes: []string{}}
	if quote != "" {
		f.Quotes = []string{quote}
	}
	return f
}

func line(n int) finding.LineRange { return finding.LineRange{Start: n, End: n} }

// result is a successful call of a reviewer.
func result(name string, shot int, fs ...finding.Finding) council.Result {
	return council.Result{Reviewer: name, Shot: shot, Review: agent.Review{
		Report: finding.Report{Reviewer: name, SchemaVersion: finding.SchemaVersion, Findings: fs},
		Usage:  agent.Usage{InputTokens: 100, OutputTokens: 10, Calls: 1},
	}}
}

func TestAggregate(t *testing.T) {
	doc := []byte(aggDoc)
	round := &council.Round{Results: []council.Result{
		result("slop", 1,
			fnd("F001", line(2), "非常に重要な", "重要な", "冗長な強調"),
			fnd("F002", line(3), "In today's fast-paced world, ", "", "Stock opener"),
			fnd("F003", line(4), "Leverage synergies", "Combine efforts", "Jargon"),
			// The hint says line 2; the quote stands on line 8.
			fnd("F004", line(2), "grew by 300%", "grew by a third", "Unsourced figure"),
		),
		result("fact", 1,
			fnd("F001", line(2), "非常に重要な", "とても大事な", "強調が過剰"),
			fnd("F002", line(4), "Leverage synergies", "Combine efforts", "Buzzword"),
			fnd("F003", line(3), "", "", "Opening sentence is generic"),
			fnd("F003", line(5), "not in the document", "x", "Quote that does not exist"),
			fnd("F004", line(6), "Plain line six.", "Line six.", "Rejected before"),
		),
		// Two shots of one reviewer: shot 2 repeats shot 1 on line 7 in
		// other words and with another fix; its finding on line 5 is new.
		result("hunter", 1, fnd("F001", line(7), "line seven", "row seven", "Plain wording in line seven")),
		result("hunter", 2,
			fnd("F001", line(7), "Plain line", "Simple line", "Plain wording on line seven"),
			fnd("F002", line(5), "line five", "row five", "Numbers spelled out"),
		),
		{Reviewer: "broken", Shot: 1, Err: errors.New("schema violation"), Review: agent.Review{Usage: agent.Usage{InputTokens: 7, Calls: 2}}},
	}}
	round.Usage = agent.Usage{InputTokens: 507, OutputTokens: 40, Calls: 6}

	rejected := []finding.Finding{fnd("F009", line(6), " plain LINE six. ", "line six.", "Rejected earlier")}
	table := council.Aggregate(doc, round, council.Options{Rejected: rejected})

	want := []struct {
		key   string
		state finding.Status
		place council.Placement
		lines string // anchored lines, "" when not anchored
	}{
		{"slop/F001", finding.Open, council.PlacementConflict, "2"},
		{"slop/F002", finding.Open, council.PlacementAdvisory, ""},
		{"slop/F003", finding.Open, council.PlacementReady, "4"},
		{"slop/F004", finding.Open, council.PlacementReady, "8"},
		{"fact/F001", finding.Open, council.PlacementConflict, "2"},
		{"fact/F002", finding.Open, council.PlacementReady, "4"},
		{"fact/F003", finding.Open, council.PlacementAdvisory, ""},
		{"fact/F003~2", finding.Open, council.PlacementUnanchored, ""},
		{"fact/F004", finding.Rejected, council.PlacementNone, ""},
		{"hunter/F001", finding.Open, council.PlacementReady, "7"},
		{"hunter#2/F001", finding.Duplicate, council.PlacementNone, "7"},
		{"hunter#2/F002", finding.Open, council.PlacementReady, "5"},
	}
	if len(table.Rows) != len(want) {
		t.Fatalf("%d rows, want %d: %+v", len(table.Rows), len(want), table.Rows)
	}
	for i, w := range want {
		r := table.Rows[i]
		lines := ""
		if r.Anchor != nil {
			lines = r.Anchor.Lines.String()
		}
		if r.Key != w.key || r.State.Current() != w.state || r.Placement != w.place || lines != w.lines {
			t.Errorf("row %d = %s %s/%q lines %q (skip %v), want %s %s/%q lines %q", i, r.Key, r.State.Current(), r.Placement, lines, r.Skip, w.key, w.state, w.place, w.lines)
		}
		if err := r.State.Validate(); err != nil {
			t.Errorf("row %s: %v", r.Key, err)
		}
	}

	row := func(key string) *council.Row {
		r, ok := table.Row(key)
		if !ok {
			t.Fatalf("no row %s", key)
		}
		return r
	}

	// Conflict: one group, both alternatives, neither in Changes.
	if len(table.Conflicts) != 1 {
		t.Fatalf("conflicts = %+v, want one", table.Conflicts)
	}
	c := table.Conflicts[0]
	if !slices.Equal(c.Keys, []string{"fact/F001", "slop/F001"}) && !slices.Equal(c.Keys, []string{"slop/F001", "fact/F001"}) {
		t.Errorf("conflict keys = %q", c.Keys)
	}
	if len(c.Changes) != 2 || row("slop/F001").Conflict != 0 || row("fact/F001").Conflict != 0 {
		t.Errorf("conflict = %+v, want two alternatives shared by both rows", c)
	}

	// Duplicate edits from different reviewers: one Change, two supporters.
	ch := table.Changes[row("slop/F003").Change]
	if row("fact/F002").Change != row("slop/F003").Change || len(ch.Keys) != 2 {
		t.Errorf("identical edits were not merged: %+v", ch)
	}

	// Sibling shot duplicate points at the first shot and is not a conflict.
	if d := row("hunter#2/F001"); d.State.DuplicateOf != "hunter/F001" || d.State.By != council.ByAuto || d.Conflict != -1 || d.Change != -1 || !strings.Contains(d.State.Reason, "hunter/F001") {
		t.Errorf("sibling duplicate = %+v", d)
	}

	// Rejected: dropped with a reason, never anchored.
	if r := row("fact/F004"); !strings.Contains(r.State.Reason, "already rejected") || r.State.By != council.ByMemory || r.Anchor != nil || r.Change != -1 {
		t.Errorf("rejected row = %+v", r)
	}

	// Skip reasons wrap apply's sentinels.
	if !errors.Is(row("fact/F003~2").Skip, apply.ErrQuoteNotFound) || !errors.Is(row("slop/F002").Skip, apply.ErrAdvisory) {
		t.Errorf("skip reasons: %v; %v", row("fact/F003~2").Skip, row("slop/F002").Skip)
	}

	// Advice on line 3 from two reviewers forms a group.
	if len(table.Groups) != 1 || !slices.Equal(table.Groups[0].Keys, []string{"slop/F002", "fact/F003"}) || table.Groups[0].Lines != line(3) {
		t.Errorf("groups = %+v, want slop/F002 and fact/F003 on line 3", table.Groups)
	}

	// Usage per reviewer, the skipped call included.
	if u := table.Usage["hunter"]; u.Calls != 2 || u.InputTokens != 200 {
		t.Errorf("hunter usage = %+v, want 2 calls, 200 input tokens", u)
	}
	if u := table.Usage["broken"]; u.Calls != 2 || u.InputTokens != 7 {
		t.Errorf("broken usage = %+v, want the failed calls counted", u)
	}
	if table.Total != round.Usage {
		t.Errorf("Total = %+v, want %+v", table.Total, round.Usage)
	}

	// The Ready changes form a valid patch against the document.
	p, err := apply.NewPatch(doc, table.Changes)
	if err != nil {
		t.Fatalf("NewPatch: %v", err)
	}
	out, err := p.Apply(doc)
	if err != nil {
		t.Fatalf("Apply: %v", err)
	}
	wantDoc := strings.NewReplacer(
		"Leverage synergies", "Combine efforts",
		"grew by 300%", "grew by a third",
		"line seven", "row seven",
		"line five", "row five",
	).Replace(aggDoc)
	if string(out) != wantDoc {
		t.Errorf("patched document:\n%q\nwant\n%q", out, wantDoc)
	}
}

func TestAggregateSiblingShots(t *testing.T) {
	doc := []byte("alpha beta gamma\ndelta epsilon\nzeta eta theta\n")
	tests := []struct {
		name    string
		shots   [][]finding.Finding
		status  map[string]string // finding.Status when not open, else the Placement
		dupOf   map[string]string
		changes int // checked when > 0
	}{
		{
			name: "same edit on the same span",
			shots: [][]finding.Finding{
				{fnd("F1", line(1), "beta", "BETA", "one")},
				{fnd("F1", line(1), "beta", "BETA", "completely different words")},
			},
			status: map[string]string{"r/F1": ready, "r#2/F1": duplicate},
			dupOf:  map[string]string{"r#2/F1": "r/F1"},
		},
		{
			name: "different issue on the same span is kept",
			shots: [][]finding.Finding{
				{fnd("F1", line(1), "beta", "BETA", "capitalise the Greek letter")},
				{fnd("F1", line(1), "beta gamma", "", "two words should be hyphenated")},
			},
			status: map[string]string{"r/F1": ready, "r#2/F1": advisory},
		},
		{
			name: "similar issue on another line is kept",
			shots: [][]finding.Finding{
				{fnd("F1", line(1), "alpha", "", "weak opening word")},
				{fnd("F1", line(3), "theta", "", "weak opening word")},
			},
			status: map[string]string{"r/F1": advisory, "r#2/F1": advisory},
		},
		{
			name: "a third shot points at the first",
			shots: [][]finding.Finding{
				{fnd("F1", line(2), "delta", "", "delta is vague here")},
				{fnd("F1", line(2), "epsilon", "", "delta is vague here too")},
				{fnd("F1", line(2), "", "", "delta is vague")},
			},
			status: map[string]string{"r/F1": advisory, "r#2/F1": duplicate, "r#3/F1": duplicate},
			dupOf:  map[string]string{"r#2/F1": "r/F1", "r#3/F1": "r/F1"},
		},
		{
			name: "a later shot's usable fix is kept over an earlier misquote",
			shots: [][]finding.Finding{
				{fnd("F1", line(2), "delta epsilonX", "Delta Epsilon", "delta epsilon should be capitalised")},
				{fnd("F1", line(2), "delta epsilon", "Delta Epsilon", "delta epsilon should be capitalised")},
			},
			status:  map[string]string{"r/F1": duplicate, "r#2/F1": ready},
			dupOf:   map[string]string{"r/F1": "r#2/F1"},
			changes: 1,
		},
		{
			name: "a later shot's fix is kept over earlier advice",
			shots: [][]finding.Finding{
				{fnd("F1", line(2), "delta epsilon", "", "delta epsilon should be capitalised")},
				{fnd("F1", line(2), "delta epsilon", "Delta Epsilon", "delta epsilon should be capitalised")},
				{fnd("F1", line(2), "delta epsilonY", "", "delta epsilon should be capitalised")},
			},
			status:  map[string]string{"r/F1": duplicate, "r#2/F1": ready, "r#3/F1": duplicate},
			dupOf:   map[string]string{"r/F1": "r#2/F1", "r#3/F1": "r#2/F1"},
			changes: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			round := &council.Round{}
			for i, fs := range tt.shots {
				round.Results = append(round.Results, result("r", i+1, fs...))
			}
			table := council.Aggregate(doc, round, council.Options{})
			for key, want := range tt.status {
				r, ok := table.Row(key)
				if !ok {
					t.Fatalf("no row %s", key)
				}
				if got := standing(r); got != want || r.State.DuplicateOf != tt.dupOf[key] {
					t.Errorf("%s: %s dup of %q, want %s dup of %q", key, got, r.State.DuplicateOf, want, tt.dupOf[key])
				}
			}
			if tt.changes > 0 && len(table.Changes) != tt.changes {
				t.Errorf("%d changes, want %d", len(table.Changes), tt.changes)
			}
			if len(table.Conflicts) != 0 || len(table.Groups) != 0 {
				t.Errorf("sibling shots made conflicts %+v or groups %+v", table.Conflicts, table.Groups)
			}
		})
	}
}

func TestAggregateEmpty(t *testing.T) {
	for _, round := range []*council.Round{nil, {}} {
		table := council.Aggregate([]byte("\ufeffdoc"), round, council.Options{})
		if len(table.Rows) != 0 || len(table.Changes) != 0 || table.Usage == nil {
			t.Errorf("Aggregate(%v) = %+v, want an empty table", round, table)
		}
		if _, ok := table.Row("x/F001"); ok {
			t.Error("Row found a key in an empty table")
		}
	}
}

func TestAggregateRejected(t *testing.T) {
	doc := []byte("\ufeff最初の行です。\r\nＡＰＩを使う。\r\n")
	found := fnd("F001", line(2), "ＡＰＩを使う", "APIを使います", "文体が硬い")
	tests := []struct {
		name      string
		rejected  finding.Finding
		sameQuote bool
		want      string // finding.Status when not open, else the Placement
	}{
		{"same change in other words", fnd("F7", line(9), "APIを使う", "APIを使います", "別の言い方"), false, rejected},
		{"other fix kept", fnd("F7", line(2), "ＡＰＩを使う", "API を利用する", "文体"), false, ready},
		{"other fix, same quote dropped", fnd("F7", line(2), "ＡＰＩを使う", "API を利用する", "文体"), true, rejected},
		{"other category kept", func() finding.Finding {
			f := found
			f.Category = "fact"
			return f
		}(), false, ready},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			round := &council.Round{Results: []council.Result{result("style", 1, found)}}
			table := council.Aggregate(doc, round, council.Options{Rejected: []finding.Finding{tt.rejected}, SameQuote: tt.sameQuote})
			r := table.Rows[0]
			if got := standing(&r); got != tt.want {
				t.Fatalf("row is %s (reason %q), want %s", got, r.State.Reason, tt.want)
			}
			if tt.want == rejected && (len(table.Changes) != 0 || !strings.Contains(r.State.Reason, tt.rejected.Fix) || r.State.By != council.ByMemory || r.State.Validate() != nil) {
				t.Errorf("rejected row: changes %+v, state %+v", table.Changes, r.State)
			}
			if tt.want == ready && r.Anchor.Lines != line(2) {
				t.Errorf("anchored on %v, want line 2", r.Anchor.Lines)
			}
		})
	}
}

func TestTableRowByHand(t *testing.T) {
	table := &council.Table{Rows: []council.Row{{Key: "a/F1"}, {Key: "b/F1"}}}
	if r, ok := table.Row("b/F1"); !ok || r != &table.Rows[1] {
		t.Errorf("Row(b/F1) = %v, %v; want the second row", r, ok)
	}
	if _, ok := table.Row("c/F1"); ok {
		t.Error("Row(c/F1) found a row that is not there")
	}
}

// TestAggregateBound checks the bound on findings per review: past it the
// most severe (then most confident, then earlier) findings are kept in
// report order, and the Table names the review and the count dropped.
func TestAggregateBound(t *testing.T) {
	doc := []byte(aggDoc)
	sev := func(f finding.Finding, s finding.Severity, conf int) finding.Finding {
		f.Severity, f.Confidence = s, conf
		return f
	}
	fs := []finding.Finding{
		sev(fnd("F001", line(5), "line five", "line 5", "a"), finding.Low, 90),
		sev(fnd("F002", line(6), "line six", "line 6", "b"), finding.High, 50),
		sev(fnd("F003", line(7), "line seven", "line 7", "c"), finding.Low, 95),
		sev(fnd("F004", line(8), "300%", "a third", "d"), finding.Medium, 60),
		sev(fnd("F005", line(4), "synergies", "efforts", "e"), finding.Low, 90),
	}
	round := &council.Round{Results: []council.Result{result("flood", 1, fs...), result("calm", 2, fs[0])}}
	table := council.Aggregate(doc, round, council.Options{MaxFindings: 3})
	var keys []string
	for _, r := range table.Rows {
		keys = append(keys, r.Key)
	}
	if got, want := strings.Join(keys, " "), "flood/F002 flood/F003 flood/F004 calm#2/F001"; got != want {
		t.Errorf("rows = %s, want %s", got, want)
	}
	want := []council.Truncation{{Reviewer: "flood", Shot: 1, Kept: 3, Dropped: 2}}
	if !slices.Equal(table.Truncated, want) {
		t.Fatalf("Truncated = %+v, want %+v", table.Truncated, want)
	}
	if got := table.Truncated[0].String(); !strings.Contains(got, "reviewer flood (shot 1) returned 5 findings: 2 dropped, the 3 most severe kept") {
		t.Errorf("note = %q", got)
	}
	if len(round.Results[0].Review.Report.Findings) != 5 || round.Results[0].Review.Report.Findings[1].ID != "F002" {
		t.Error("Aggregate modified the round's report")
	}

	// The default bound is DefaultMaxFindings; a negative one is none.
	many := make([]finding.Finding, council.DefaultMaxFindings+50)
	for i := range many {
		many[i] = fnd("F001", line(5), "", "", "advice") // one ID repeated: keys F001, F001~2, ...
	}
	round = &council.Round{Results: []council.Result{result("loop", 1, many...)}}
	table = council.Aggregate(doc, round, council.Options{})
	if len(table.Rows) != council.DefaultMaxFindings || len(table.Truncated) != 1 || table.Truncated[0].Dropped != 50 {
		t.Errorf("default bound: %d rows, truncated %+v; want %d rows and 50 dropped", len(table.Rows), table.Truncated, council.DefaultMaxFindings)
	}
	if k := table.Rows[len(table.Rows)-1].Key; k != fmt.Sprintf("loop/F001~%d", council.DefaultMaxFindings) {
		t.Errorf("last key = %s", k)
	}
	table = council.Aggregate(doc, round, council.Options{MaxFindings: -1})
	if len(table.Rows) != len(many) || table.Truncated != nil {
		t.Errorf("no bound: %d rows, truncated %+v; want %d and none", len(table.Rows), table.Truncated, len(many))
	}
}

// TestAggregateKeysStayUnique checks that generated "~n" suffixes never
// collide with an ID that already looks like one.
func TestAggregateKeysStayUnique(t *testing.T) {
	fs := []finding.Finding{
		fnd("F001", line(5), "", "", "a"), fnd("F001~2", line(5), "", "", "b"),
		fnd("F001", line(5), "", "", "c"), fnd("F001", line(5), "", "", "d"), fnd("F001~2", line(5), "", "", "e"),
	}
	table := council.Aggregate([]byte(aggDoc), &council.Round{Results: []council.Result{result("r", 1, fs...)}}, council.Options{})
	var keys []string
	for _, r := range table.Rows {
		keys = append(keys, r.Key)
	}
	if got, want := strings.Join(keys, " "), "r/F001 r/F001~2 r/F001~3 r/F001~4 r/F001~2~2"; got != want {
		t.Errorf("keys = %s, want %s", got, want)
	}
}

// TestAggregateProtected: an edit touching protected lines (front matter)
// is refused where it is anchored, whatever line the reviewer hinted.
func TestAggregateProtected(t *testing.T) {
	doc := []byte("---\ntitle: A very good post\n---\nA very good post, truly.\n")
	round := &council.Round{Results: []council.Result{result("slop", 1,
		fnd("F001", line(2), "A very good post", "A good post", "hinted inside the front matter"),
		fnd("F002", line(4), "very good post, truly", "good post", "outside"),
	)}}
	opts := council.Options{Reviewed: true, Protected: []apply.Protected{{Lines: finding.LineRange{Start: 1, End: 3}, Why: "front matter"}}}
	table := council.Aggregate(doc, round, opts)
	var ready, refused []string
	for _, row := range table.Rows {
		switch {
		case row.Placement == council.PlacementReady:
			ready = append(ready, row.Finding.ID)
		case errors.Is(row.Skip, apply.ErrProtected) || row.Placement == council.PlacementUnanchored:
			refused = append(refused, row.Finding.ID)
		}
	}
	for _, c := range table.Changes {
		if c.Edit.Start < len("---\ntitle: A very good post\n---\n") {
			t.Fatalf("a change touches the front matter: %+v", c)
		}
	}
	if len(ready) != 1 || ready[0] != "F002" {
		t.Fatalf("ready %v, refused %v; want only F002 applied", ready, refused)
	}
}

// The standings TestAggregateSiblingShots and TestAggregateRejected expect,
// in the words standing returns.
const (
	ready     = string(council.PlacementReady)
	advisory  = string(council.PlacementAdvisory)
	duplicate = string(finding.Duplicate)
	rejected  = string(finding.Rejected)
)

// standing names where a row stands in one word: its finding.Status when
// the table took it out (duplicate, rejected), else what the table does
// with its edit. It fails the comparison for a row whose State is not open
// but whose Placement is set, which Aggregate never writes.
func standing(r *council.Row) string {
	if st := r.State.Current(); st != finding.Open {
		if r.Placement != council.PlacementNone {
			return string(st) + "+" + string(r.Placement)
		}
		return string(st)
	}
	return string(r.Placement)
}
