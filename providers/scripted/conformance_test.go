package scripted_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/conformance"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

// TestConformance runs the provider suite on scripted replies: what a
// test scripts must behave like what a real provider does (empty answers,
// truncation, usage, deadlines, error classes).
func TestConformance(t *testing.T) {
	conformance.Run(t, conformance.Harness{
		Start: func(t *testing.T, _ string, replies ...conformance.Reply) (agent.Provider, func() []conformance.Call) {
			script := make([]scripted.Reply, 0, len(replies)+8)
			for _, r := range replies {
				script = append(script, toScripted(r))
			}
			// The last reply repeats, as it does on the fake servers.
			for len(replies) > 0 && len(script) < 16 {
				script = append(script, toScripted(replies[len(replies)-1]))
			}
			if len(script) == 0 {
				script = append(script, scripted.Text(""))
			}
			p := scripted.New(script...)
			// A scripted Provider records a call made with a context
			// already done, by design, so that tests see it; the suite's
			// backends never receive such a call, so it is not passed on.
			skipDone := agent.ProviderFunc(func(ctx context.Context, req agent.Request) (agent.Response, error) {
				if err := ctx.Err(); err != nil {
					return agent.Response{}, err
				}
				return p.Complete(ctx, req)
			})
			return skipDone, func() []conformance.Call {
				reqs := p.Requests()
				calls := make([]conformance.Call, len(reqs))
				for i, r := range reqs {
					b, err := json.Marshal(r)
					if err != nil {
						t.Fatal(err)
					}
					calls[i] = conformance.Call{Body: b}
				}
				return calls
			}
		},
		CheckRequest: func(t *testing.T, c conformance.Call, req agent.Request) {
			var got agent.Request
			if err := json.Unmarshal(c.Body, &got); err != nil {
				t.Fatal(err)
			}
			want, _ := json.Marshal(req)
			var w agent.Request
			_ = json.Unmarshal(want, &w)
			if !reflect.DeepEqual(got, w) {
				t.Errorf("recorded request = %+v, want %+v", got, w)
			}
		},
		Usage:    true,
		Statuses: true,
	})
}

// toScripted turns a backend reply of the suite into a scripted one.
func toScripted(r conformance.Reply) scripted.Reply {
	switch {
	case r.Hang:
		return scripted.Reply{Text: "too late", Delay: time.Hour}
	case r.Status != 0:
		return scripted.Status(r.Status, r.Text)
	}
	return scripted.Reply{Text: r.Text, Model: r.Model, Usage: r.Usage, Truncated: r.Truncated}
}
