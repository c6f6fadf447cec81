package termui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/huh"
	"github.com/mattn/go-runewidth"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/discussion"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/multishot"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

func item(key string, sev finding.Severity, applicable bool, conflict int) loop.Item {
	it := loop.Item{Key: key, Reviewer: strings.Split(key, "/")[0], Conflict: conflict,
		Finding: finding.Finding{Severity: sev, Confidence: 80, Issue: "issue of " + key}, Lines: finding.LineRange{Start: 3, End: 3}}
	if applicable {
		it.Edit = &apply.Edit{Start: 1, End: 2, Old: "a", New: "b"}
	}
	return it
}

// TestGateAccessible answers the gate's prompts as a screen-reader user
// would: apply the first fix, reject the advice, give a reason.
func TestGateAccessible(t *testing.T) {
	b := rounds.Batch{Round: 1, Page: 1, Pages: 1, Items: []loop.Item{
		item("slop/F001", finding.Medium, true, 0),
		item("fact/F001", finding.High, false, 0),
		item("narr/F002", finding.Low, true, 0),
	}}
	// Apply list: slop/F001, narr/F002. Reject list (what was not applied):
	// fact/F001, narr/F002.
	in := &lineReader{lines: []string{"1\n", "0\n", "1\n", "0\n", "sourced in the intro\n"}}
	var out bytes.Buffer
	ds, err := Gate{In: in, Out: &out, Accessible: true}.Approve(context.Background(), b)
	if err != nil {
		t.Fatalf("Approve: %v\n%s", err, out.String())
	}
	want := []rounds.Decision{
		{Key: "slop/F001", Action: rounds.Apply},
		{Key: "fact/F001", Action: rounds.Reject, Reason: "sourced in the intro"},
		{Key: "narr/F002", Action: rounds.Defer},
	}
	if len(ds) != len(want) {
		t.Fatalf("decisions = %+v, want %+v", ds, want)
	}
	for i := range want {
		if ds[i] != want[i] {
			t.Errorf("decision %d = %+v, want %+v\n%s", i, ds[i], want[i], out.String())
		}
	}
	if !strings.Contains(out.String(), "[medium/80] slop: issue of slop/F001 (line 3)") {
		t.Errorf("the checklist does not label items as [severity/confidence] reviewer: issue:\n%s", out.String())
	}
}

// lineReader hands out one line per Read, as a terminal does, so that no
// prompt reads ahead into the next one's answer.
type lineReader struct{ lines []string }

func (r *lineReader) Read(p []byte) (int, error) {
	if len(r.lines) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.lines[0])
	r.lines[0] = r.lines[0][n:]
	if r.lines[0] == "" {
		r.lines = r.lines[1:]
	}
	return n, nil
}

func TestGateErr(t *testing.T) {
	if err := gateErr(huh.ErrUserAborted); !errors.Is(err, loop.ErrStop) {
		t.Errorf("quitting the form: %v, want loop.ErrStop", err)
	}
	if err := gateErr(io.ErrUnexpectedEOF); errors.Is(err, loop.ErrStop) || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("a terminal error: %v, want it wrapped and not a stop", err)
	}
	if gateErr(nil) != nil {
		t.Error("no error became one")
	}
}

func TestOneOfEachConflict(t *testing.T) {
	items := []loop.Item{item("a/F1", finding.Low, true, 1), item("b/F1", finding.Low, true, 1), item("c/F1", finding.Low, true, 0)}
	check := oneOfEachConflict(items)
	if err := check([]string{"a/F1", "c/F1"}); err != nil {
		t.Errorf("one of the group: %v", err)
	}
	if err := check([]string{"a/F1", "b/F1"}); err == nil || !strings.Contains(err.Error(), "conflict 1") {
		t.Errorf("both of the group: %v, want a conflict error", err)
	}
}

func TestProgressPlain(t *testing.T) {
	var out bytes.Buffer
	p := NewProgress(&out, false)
	p.Observe(editorial.Event{Kind: editorial.RoundStarted, Round: 2})
	p.Observe(editorial.Event{Kind: editorial.CouncilEvent, Round: 2, Council: &council.Event{Kind: council.Started, Reviewer: "fact", Shot: 1}})
	p.Observe(editorial.Event{Kind: editorial.CouncilEvent, Round: 2, Council: &council.Event{Kind: council.Finished, Reviewer: "fact", Shot: 1, Findings: 3}})
	p.Observe(editorial.Event{Kind: editorial.CouncilEvent, Round: 2, Council: &council.Event{Kind: council.Skipped, Reviewer: "slop", Shot: 2, Err: errors.New("schema\nviolation")}})
	want := "round 2\n  fact: running\n  fact: done: 3 finding(s), 0 token(s), 0s\n  slop#2: skipped: schema violation\n"
	if out.String() != want {
		t.Errorf("plain progress =\n%q\nwant\n%q", out.String(), want)
	}
}

func TestProgressLive(t *testing.T) {
	var out bytes.Buffer
	p := NewProgress(&out, true)
	p.Observe(editorial.Event{Kind: editorial.RoundStarted, Round: 1})
	p.Observe(editorial.Event{Kind: editorial.CouncilEvent, Council: &council.Event{Kind: council.Started, Reviewer: "a", Shot: 1}})
	p.Observe(editorial.Event{Kind: editorial.CouncilEvent, Council: &council.Event{Kind: council.Started, Reviewer: "b", Shot: 1}})
	p.Observe(editorial.Event{Kind: editorial.CouncilEvent, Council: &council.Event{Kind: council.Finished, Reviewer: "a", Shot: 1}})
	s := out.String()
	// The third redraw moves up over the two reviewer lines and rewrites both.
	last := s[strings.LastIndex(s, "\x1b[2A"):]
	if !strings.Contains(last, "a                  done") || !strings.Contains(last, "b                  running") {
		t.Errorf("live redraw does not keep one line per reviewer:\n%q", s)
	}
}

// TestProgressSkipTooLarge: a reviewer skipped for an oversized answer
// is told in the words of the command's flag, not the Go option.
func TestProgressSkipTooLarge(t *testing.T) {
	var out bytes.Buffer
	p := NewProgress(&out, false)
	err := fmt.Errorf("agent: reviewer %q: %w", "fact", &agent.ResponseTooLargeError{Limit: 1000, Option: "openai.WithMaxResponseBytes"})
	p.Observe(editorial.Event{Kind: editorial.CouncilEvent, Council: &council.Event{Kind: council.Skipped, Reviewer: "fact", Shot: 1, Err: err}})
	if s := out.String(); !strings.Contains(s, "limit of 1000 bytes (raise it with -max-response-bytes or KAIGI_MAX_RESPONSE_BYTES)") || strings.Contains(s, "WithMaxResponseBytes") {
		t.Errorf("progress = %q", s)
	}
}

// TestProgressSkipReasonInFull: the reason a reviewer was skipped is
// shown whole, on a terminal too, though its live line is cut.
func TestProgressSkipReasonInFull(t *testing.T) {
	reason := "reviewer fact (shot 1): agent: reviewer \"fact\": openai: POST: 401 Unauthorized: Incorrect API key provided: sk-...abcd. You can find your API key at the dashboard."
	for _, live := range []bool{false, true} {
		var out bytes.Buffer
		p := NewProgress(&out, live)
		p.Observe(editorial.Event{Kind: editorial.RoundStarted, Round: 1})
		p.Observe(editorial.Event{Kind: editorial.CouncilEvent, Council: &council.Event{Kind: council.Started, Reviewer: "fact", Shot: 1}})
		p.Observe(editorial.Event{Kind: editorial.CouncilEvent, Council: &council.Event{Kind: council.Started, Reviewer: "slop", Shot: 1}})
		p.Observe(editorial.Event{Kind: editorial.CouncilEvent, Council: &council.Event{Kind: council.Skipped, Reviewer: "fact", Shot: 1, Err: errors.New(reason)}})
		p.Observe(editorial.Event{Kind: editorial.CouncilEvent, Council: &council.Event{Kind: council.Finished, Reviewer: "slop", Shot: 1}})
		s := out.String()
		if !strings.Contains(s, "skipped: "+reason) {
			t.Errorf("live=%v: the reason is not shown in full:\n%q", live, s)
		}
		if live {
			for _, l := range strings.Split(s, "\n") {
				if !strings.Contains(l, "\x1b[2K") {
					continue // not a redrawn line
				}
				if w := runewidth.StringWidth(regexp.MustCompile(`\x1b\[[0-9]*[A-Za-z]`).ReplaceAllString(l, "")); w > 80 {
					t.Errorf("a redrawn reviewer line is %d columns wide, so it would wrap: %q", w, l)
				}
			}
		}
	}
}

// TestControlCharactersEscaped: a finding's issue and a skip's reason
// holding NUL and ESC[31m reach the terminal escaped.
func TestControlCharactersEscaped(t *testing.T) {
	it := item("slop/F001", finding.Low, true, 0)
	it.Finding.Issue = "bad\x00 \x1b[31mred"
	if got := options([]loop.Item{it})[0].Key; !strings.Contains(got, `bad\x00 \x1b[31mred`) || strings.ContainsAny(got, "\x00\x1b") {
		t.Errorf("checklist label %q, want the controls escaped", got)
	}
	for _, live := range []bool{false, true} {
		var out bytes.Buffer
		p := NewProgress(&out, live)
		p.Observe(editorial.Event{Kind: editorial.CouncilEvent, Round: 1, Council: &council.Event{Kind: council.Skipped, Reviewer: "slop", Shot: 1, Err: errors.New("said \x1b[31mno\x00")}})
		if s := out.String(); !strings.Contains(s, `said \x1b[31mno\x00`) || strings.Contains(s, "\x00") || strings.Contains(s, "\x1b[31m") {
			t.Errorf("progress (live %v) %q, want the reason's controls escaped", live, s)
		}
	}
}

// Any driver's event reaches Progress through the loop.Event it embeds: a
// discussion's round start is drawn as editorial's, and a multi-shot step
// with only a Text is written as a line of its own.
func TestProgressOtherDrivers(t *testing.T) {
	var out bytes.Buffer
	p := NewProgress(&out, false)
	p.Observe(discussion.Event{Event: loop.Event{Kind: discussion.RoundStarted, Round: 1}, Participant: "x"}.Event)
	p.Observe(multishot.Event{Event: loop.Event{Kind: "wave", Round: 1, Text: "2 slice(s),\x1b[2J 4 shot(s)"}, Slice: "a"}.Event)
	p.Observe(discussion.Event{Event: loop.Event{Kind: discussion.Concluded, Round: 1}}.Event)
	want := "round 1\nwave: 2 slice(s),\\x1b[2J 4 shot(s)\n"
	if out.String() != want {
		t.Errorf("progress of other drivers =\n%q\nwant\n%q", out.String(), want)
	}
}
