package conformance_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync/atomic"

	"github.com/kaigi-dev/kaigi/agent"
)

// logged wraps another provider: it counts calls and logs each one through
// the slog.Logger its user hands in.
type logged struct {
	next  agent.Provider
	log   *slog.Logger
	calls atomic.Int64
}

func (p *logged) Complete(ctx context.Context, req agent.Request) (agent.Response, error) {
	resp, err := p.next.Complete(ctx, req)
	p.calls.Add(1)
	p.log.InfoContext(ctx, "model call", "model", req.Model, "tokens", resp.Usage.Total(), "err", err)
	return resp, err
}

// Example_customProvider shows a provider written by a user in a few
// lines: a wrapper that counts and logs the calls of another provider.
func Example_customProvider() {
	shout := agent.ProviderFunc(func(ctx context.Context, req agent.Request) (agent.Response, error) {
		if err := ctx.Err(); err != nil {
			return agent.Response{}, err
		}
		last := req.Messages[len(req.Messages)-1].Text()
		return agent.Response{Text: strings.ToUpper(last), Model: req.Model,
			Usage: agent.Usage{InputTokens: 3, OutputTokens: 2, Calls: 1}}, nil
	})
	noTime := func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: noTime}))

	p := &logged{next: shout, log: logger}
	resp, err := p.Complete(context.Background(), agent.Request{
		Model:    "shout-1",
		Messages: []agent.Message{agent.UserText("hello, 会議")},
	})
	fmt.Println(resp.Text, err, p.calls.Load())
	// Output:
	// level=INFO msg="model call" model=shout-1 tokens=5 err=<nil>
	// HELLO, 会議 <nil> 1
}
