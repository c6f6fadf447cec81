package termgate_test

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
	"github.com/kaigi-dev/kaigi/loop/termgate"
)

var _ termgate.Asking = (*termgate.Gate)(nil)

var choice = loop.Question{
	Key: "r1/gate", Kind: loop.Choice, Prompt: "どうしますか？",
	Options: []loop.Option{{ID: "auto", Label: "すべて自動承認"}, {ID: "continue", Label: "続ける"}, {ID: "inspect", Label: "一つずつ確認"}},
	Default: "continue",
}

// TestAsk: scripted lines answer each kind of question; a BOM at the
// start, CRLF endings, full-width digits and Japanese yes/no are read.
func TestAsk(t *testing.T) {
	confirm := loop.Question{Key: "save", Kind: loop.Confirm, Prompt: "保存しますか？", Text: true}
	turn := loop.Question{Key: "r1/next", Kind: loop.Turn, Prompt: "Next round?", Default: loop.No}
	input := loop.Question{Key: "intake/file", Kind: loop.Input, Prompt: "Which file?", Default: "spec.md"}
	for _, tc := range []struct {
		name, in string
		q        loop.Question
		want     loop.Answer
	}{
		{"number after a BOM", "\ufeff3\n", choice, loop.Answer{Key: "r1/gate", Choice: "inspect"}},
		{"full-width number, CRLF", "１\r\n", choice, loop.Answer{Key: "r1/gate", Choice: "auto"}},
		{"id in another case", " Inspect \n", choice, loop.Answer{Key: "r1/gate", Choice: "inspect"}},
		{"Enter is the default", "\n", choice, loop.Answer{Key: "r1/gate", Choice: "continue"}},
		{"はい with a note", "はい\r\n  表現を直した  \r\n", confirm, loop.Answer{Key: "save", Choice: loop.Yes, Text: "表現を直した"}},
		{"N, no note", "N\n\n", confirm, loop.Answer{Key: "save", Choice: loop.No}},
		{"turn default no", "\n", turn, loop.Answer{Key: "r1/next", Choice: loop.No}},
		{"last line without newline", "ｙ", turn, loop.Answer{Key: "r1/next", Choice: loop.Yes}},
		{"input text", "docs/計画.md\r\n", input, loop.Answer{Key: "intake/file", Text: "docs/計画.md"}},
		{"input default", "\n", input, loop.Answer{Key: "intake/file", Text: "spec.md"}},
		{"q is text of an input", "q\n", input, loop.Answer{Key: "intake/file", Text: "q"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out strings.Builder
			g := &termgate.Gate{In: strings.NewReader(tc.in), Out: &out}
			a, err := g.Ask(context.Background(), tc.q)
			if err != nil || a != tc.want {
				t.Fatalf("got %+v, %v; want %+v", a, err, tc.want)
			}
			if !strings.Contains(out.String(), tc.q.Prompt) {
				t.Errorf("prompt not shown: %q", out.String())
			}
		})
	}
}

// TestAskPrompt: a choice lists its options by number and shows the
// default and how to stop.
func TestAskPrompt(t *testing.T) {
	var out strings.Builder
	g := &termgate.Gate{In: strings.NewReader("2\n"), Out: &out}
	if _, err := g.Ask(context.Background(), choice); err != nil {
		t.Fatal(err)
	}
	want := "どうしますか？\n  1) すべて自動承認\n  2) 続ける\n  3) 一つずつ確認\nChoose 1-3 (Enter for 2, q to stop): "
	if out.String() != want {
		t.Errorf("prompt\n%q\nwant\n%q", out.String(), want)
	}
}

// TestAskBadAnswers: a bad line is refused with the reason and asked
// again; Tries bad lines in a row fail with ErrTooManyTries.
func TestAskBadAnswers(t *testing.T) {
	var out strings.Builder
	g := &termgate.Gate{In: strings.NewReader("7\nmaybe\n2\n"), Out: &out}
	a, err := g.Ask(context.Background(), choice)
	if err != nil || a.Choice != "continue" {
		t.Fatalf("%+v %v", a, err)
	}
	if n := strings.Count(out.String(), "Choose 1-3"); n != 3 {
		t.Errorf("asked %d times, want 3:\n%s", n, out.String())
	}
	if !strings.Contains(out.String(), `"7" is neither a number from 1 to 3`) || !strings.Contains(out.String(), "try again (2 of 3)") {
		t.Errorf("no reason shown:\n%s", out.String())
	}
	g = &termgate.Gate{In: strings.NewReader("x\ny\nz\n1\n"), Out: io.Discard, Tries: 2}
	if _, err := g.Ask(context.Background(), choice); !errors.Is(err, termgate.ErrTooManyTries) || !strings.Contains(err.Error(), `"y"`) {
		t.Errorf("two bad answers with Tries 2: %v", err)
	}
	g = &termgate.Gate{In: strings.NewReader("\n"), Out: io.Discard}
	blank := loop.Question{Key: "k", Kind: loop.Input, Prompt: "?"}
	if _, err := g.Ask(context.Background(), blank); !errors.Is(err, termgate.ErrInputClosed) {
		t.Errorf("blank input without default, then EOF: %v", err)
	}
}

// TestAskStopAndEOF: "q" stops with loop.ErrStop unless an option is
// named so; an input that ends is ErrInputClosed and io.EOF.
func TestAskStopAndEOF(t *testing.T) {
	ctx := context.Background()
	g := &termgate.Gate{In: strings.NewReader("Q\r\n"), Out: io.Discard}
	if _, err := g.Ask(ctx, choice); !errors.Is(err, loop.ErrStop) {
		t.Errorf("q: %v", err)
	}
	q := loop.Question{Key: "k", Kind: loop.Choice, Prompt: "?", Options: []loop.Option{{ID: "go"}, {ID: "q"}}}
	g = &termgate.Gate{In: strings.NewReader("q\n"), Out: io.Discard}
	if a, err := g.Ask(ctx, q); err != nil || a.Choice != "q" {
		t.Errorf("option q: %+v %v", a, err)
	}
	g = &termgate.Gate{In: strings.NewReader(""), Out: io.Discard}
	_, err := g.Ask(ctx, choice)
	if !errors.Is(err, termgate.ErrInputClosed) || !errors.Is(err, io.EOF) {
		t.Errorf("EOF: %v", err)
	}
	g = &termgate.Gate{In: strings.NewReader("yes\n"), Out: io.Discard}
	if _, err := g.Ask(ctx, loop.Question{Key: "", Kind: loop.Confirm}); err == nil {
		t.Error("an invalid question was asked")
	}
	if _, err := (&termgate.Gate{}).Ask(ctx, choice); err == nil {
		t.Error("a gate without In and Out asked")
	}
}

// TestAskCancelled: a cancelled context ends a call waiting for a line at
// once; the line typed later answers the next call.
func TestAskCancelled(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	g := &termgate.Gate{In: r, Out: io.Discard}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := g.Ask(ctx, choice)
		done <- err
	}()
	time.Sleep(20 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a cancelled Ask still waits for input")
	}
	go w.Write([]byte("3\n"))
	a, err := g.Ask(context.Background(), choice)
	if err != nil || a.Choice != "inspect" {
		t.Errorf("after the cancel: %+v %v", a, err)
	}
	// A call waiting for another's turn also ends with its context.
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	go g.Ask(context.Background(), choice) // holds the turn, waiting for a line
	time.Sleep(10 * time.Millisecond)
	if _, err := g.Ask(ctx, choice); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("waiting for the turn: %v", err)
	}
	w.Write([]byte("1\n"))
}

func item(key string, conflict int, edit bool) loop.Item {
	it := loop.Item{
		Key: key, Reviewer: "文体", Conflict: conflict,
		Finding: finding.Finding{Issue: "冗長な表現", Severity: "minor", Confidence: 80},
		Lines:   finding.LineRange{Start: 3, End: 3},
	}
	if edit {
		it.Edit = &apply.Edit{Old: "することができる", New: "できる"}
	}
	return it
}

// TestApprove: each item gets the action typed (Enter defers), applying
// advice or a second item of a conflict group is refused and asked again,
// and one reason goes to every rejection.
func TestApprove(t *testing.T) {
	b := rounds.Batch{Round: 2, Page: 1, Pages: 1, Items: []loop.Item{
		item("r2/a/F1", 1, true), item("r2/b/F1", 1, true), item("r2/c/F1", 0, false), item("r2/d/F1", 0, true),
	}}
	in := "a\r\napply\nr\na\n\nreject\n重複しているため\r\n"
	var out strings.Builder
	g := &termgate.Gate{In: strings.NewReader("\ufeff" + in), Out: &out}
	got, err := g.Approve(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	want := []rounds.Decision{
		{Key: "r2/a/F1", Action: rounds.Apply},
		{Key: "r2/b/F1", Action: rounds.Reject, Reason: "重複しているため"},
		{Key: "r2/c/F1", Action: rounds.Defer},
		{Key: "r2/d/F1", Action: rounds.Reject, Reason: "重複しているため"},
	}
	if len(got) != len(want) {
		t.Fatalf("%+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("decision %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	for _, s := range []string{
		"Round 2, page 1 of 1: 4 finding(s)",
		"1/4 [minor/80] 文体: 冗長な表現",
		"- することができる\n    + できる",
		"[conflict 1]",
		"which you apply (conflict 1)",
		"r2/c/F1 has no edit to apply (advice)",
		"Reason for rejecting 2 finding(s)",
	} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("output lacks %q:\n%s", s, out.String())
		}
	}
}

// TestApproveErrors: q stops, EOF and bad words fail, an empty batch asks
// nothing.
func TestApproveErrors(t *testing.T) {
	ctx := context.Background()
	b := rounds.Batch{Round: 1, Page: 1, Pages: 1, Items: []loop.Item{item("r1/a/F1", 0, true), item("r1/a/F2", 0, true)}}
	for _, tc := range []struct {
		in   string
		want error
	}{
		{"a\nquit\n", loop.ErrStop},
		{"a\n", termgate.ErrInputClosed},
		{"x\nw\nz\n", termgate.ErrTooManyTries},
	} {
		g := &termgate.Gate{In: strings.NewReader(tc.in), Out: io.Discard}
		if _, err := g.Approve(ctx, b); !errors.Is(err, tc.want) {
			t.Errorf("%q: %v, want %v", tc.in, err, tc.want)
		}
	}
	var out strings.Builder
	if d, err := (&termgate.Gate{In: strings.NewReader(""), Out: &out}).Approve(ctx, rounds.Batch{}); d != nil || err != nil || out.Len() != 0 {
		t.Errorf("empty batch: %v %v %q", d, err, out.String())
	}
}
