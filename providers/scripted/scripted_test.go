package scripted_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

var _ agent.Provider = (*scripted.Provider)(nil)

func req(text string) agent.Request {
	return agent.Request{Messages: []agent.Message{agent.UserText(text)}}
}

func TestQueue(t *testing.T) {
	errBoom := errors.New("boom")
	p := scripted.New(
		scripted.Text("first"),
		scripted.Reply{Text: "{not json", StopReason: "length", Model: "m1",
			Usage: agent.Usage{InputTokens: 10, OutputTokens: 2}},
		scripted.Error(errBoom),
	)
	tests := []struct {
		name    string
		want    agent.Response
		wantErr error
	}{
		{"text", agent.Response{Text: "first", Model: scripted.DefaultModel, Usage: agent.Usage{Calls: 1}}, nil},
		{"malformed text with usage", agent.Response{Text: "{not json", Model: "m1", StopReason: "length",
			Usage: agent.Usage{InputTokens: 10, OutputTokens: 2, Calls: 1}}, nil},
		{"error", agent.Response{}, errBoom},
		{"exhausted", agent.Response{}, scripted.ErrExhausted},
		{"still exhausted", agent.Response{}, scripted.ErrExhausted},
	}
	for i, tt := range tests {
		got, err := p.Complete(context.Background(), req(fmt.Sprint("call ", i)))
		if !errors.Is(err, tt.wantErr) {
			t.Fatalf("%s: err = %v, want %v", tt.name, err, tt.wantErr)
		}
		if got != tt.want {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
	if got := p.Calls(); got != len(tests) {
		t.Errorf("Calls() = %d, want %d", got, len(tests))
	}
	if got := p.Remaining(); got != 0 {
		t.Errorf("Remaining() = %d, want 0", got)
	}
}

func TestExhaustedMessage(t *testing.T) {
	p := scripted.New(scripted.Text("only"))
	_, _ = p.Complete(context.Background(), req("a"))
	_, err := p.Complete(context.Background(), req("b"))
	if err == nil || !strings.Contains(err.Error(), "call 2") || !strings.Contains(err.Error(), "1 replies") {
		t.Fatalf("err = %v, want it to name call 2 and the 1 scripted reply", err)
	}
}

func TestDelayHonoursContext(t *testing.T) {
	p := scripted.New(scripted.Reply{Text: "late", Delay: time.Hour}, scripted.Text("next"))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := p.Complete(ctx, req("x"))
		done <- err
	}()
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	// The cancelled call used up its reply.
	got, err := p.Complete(context.Background(), req("y"))
	if err != nil || got.Text != "next" {
		t.Fatalf("second call = %q, %v; want next, nil", got.Text, err)
	}
}

func TestDelayElapses(t *testing.T) {
	p := scripted.New(scripted.Reply{Text: "ok", Delay: time.Millisecond})
	got, err := p.Complete(context.Background(), req("x"))
	if err != nil || got.Text != "ok" {
		t.Fatalf("got %q, %v", got.Text, err)
	}
}

func TestDoneContextFailsAtOnce(t *testing.T) {
	p := scripted.New(scripted.Text("unused"))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Complete(ctx, req("x")); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if p.Calls() != 1 {
		t.Errorf("Calls() = %d, want the cancelled call recorded", p.Calls())
	}
}

func TestResponder(t *testing.T) {
	p := scripted.NewResponder(func(call int, r agent.Request) scripted.Reply {
		text := r.Messages[len(r.Messages)-1].Text()
		return scripted.Text(fmt.Sprintf("%d:%s", call, strings.ToUpper(text)))
	})
	for i, in := range []string{"a", "b"} {
		got, err := p.Complete(context.Background(), req(in))
		want := fmt.Sprintf("%d:%s", i, strings.ToUpper(in))
		if err != nil || got.Text != want {
			t.Fatalf("got %q, %v; want %q", got.Text, err, want)
		}
	}
	if p.Remaining() != 0 {
		t.Errorf("Remaining() = %d, want 0 for a responder", p.Remaining())
	}
	if _, err := scripted.NewResponder(nil).Complete(context.Background(), req("x")); !errors.Is(err, scripted.ErrExhausted) {
		t.Errorf("nil responder: err = %v, want ErrExhausted", err)
	}
}

func TestRequestsAreCopies(t *testing.T) {
	p := scripted.New(scripted.Text("a"))
	temp := 0.5
	r := agent.Request{
		System:      "sys",
		Messages:    []agent.Message{{Role: agent.User, Parts: []agent.Part{{Text: "doc", CacheBreak: true}, {Text: "lens"}}}},
		Schema:      []byte(`{}`),
		Temperature: &temp,
	}
	if _, err := p.Complete(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	// Changing the caller's request after the call does not change the record.
	r.Messages[0].Parts[0].Text = "changed"
	r.Schema[0] = 'X'
	temp = 1

	got := p.Requests()
	if len(got) != 1 {
		t.Fatalf("len(Requests()) = %d, want 1", len(got))
	}
	g := got[0]
	if g.System != "sys" || g.Messages[0].Text() != "doclens" || !g.Messages[0].Parts[0].CacheBreak ||
		string(g.Schema) != "{}" || *g.Temperature != 0.5 {
		t.Fatalf("recorded request changed: %+v", g)
	}
	// Changing the returned copy does not change the record either.
	g.Messages[0].Parts[0].Text = "mutated"
	if p.Requests()[0].Messages[0].Parts[0].Text != "doc" {
		t.Fatal("Requests returned the provider's own slice")
	}
}

func TestConcurrent(t *testing.T) {
	const n = 50
	replies := make([]scripted.Reply, n)
	for i := range replies {
		replies[i] = scripted.Text(fmt.Sprint(i))
	}
	p := scripted.New(replies...)
	var wg sync.WaitGroup
	seen := make(chan string, n+1)
	for i := range n + 1 {
		wg.Go(func() {
			resp, err := p.Complete(context.Background(), req(fmt.Sprint(i)))
			if err != nil {
				if !errors.Is(err, scripted.ErrExhausted) {
					t.Errorf("unexpected error %v", err)
				}
				return
			}
			seen <- resp.Text
			_ = p.Requests()
		})
	}
	wg.Wait()
	close(seen)
	got := map[string]bool{}
	for s := range seen {
		if got[s] {
			t.Errorf("reply %s given twice", s)
		}
		got[s] = true
	}
	if len(got) != n || p.Calls() != n+1 {
		t.Fatalf("%d distinct replies and %d calls, want %d and %d", len(got), p.Calls(), n, n+1)
	}
}

func TestSupportsSchema(t *testing.T) {
	p := scripted.New()
	if p.SupportsSchema() {
		t.Error("SupportsSchema() = true by default")
	}
	p.Structured = true
	if !p.SupportsSchema() {
		t.Error("SupportsSchema() = false after Structured = true")
	}
}

// TestErrorKeepsUsage: a failed call's scripted usage comes back with the
// error, so callers' "usage counted on error" paths can be tested.
func TestErrorKeepsUsage(t *testing.T) {
	errBoom := errors.New("boom")
	usage := agent.Usage{InputTokens: 7, OutputTokens: 1, Calls: 1}
	p := scripted.New(scripted.Reply{Err: errBoom, Usage: usage})
	got, err := p.Complete(context.Background(), req("x"))
	if !errors.Is(err, errBoom) {
		t.Fatalf("err = %v, want %v", err, errBoom)
	}
	if want := (agent.Response{Usage: usage}); got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
}
