package rounds

import (
	"context"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// askWire is an AskCall's journaled result.
type askWire[T any] struct {
	Value T           `json:"value"`
	Model string      `json:"model,omitempty"`
	Usage agent.Usage `json:"usage"`
}

// AskCall makes the typed model call agent.Ask[T](ctx, p, req) as the
// journal call key (journal.Call: a resumed run gets the journaled answer
// and asks nothing; a Runner such as loop/temporal's may make it as an
// activity elsewhere) and returns the answer with its Call record by who,
// for a RoundNote. T must survive a JSON round trip. An error (the
// provider's, or agent.Ask's *agent.AnswerError after its one repair) is
// returned and not journaled, so a resumed run asks again; the failed
// call's Call record is returned beside it.
func AskCall[T any](ctx context.Context, j *journal.Journal, key, who string, p agent.Provider, req agent.Request) (T, Call, error) {
	var failed Call
	w, err := journal.Call(ctx, j, key, func(ctx context.Context) (askWire[T], error) {
		a, err := agent.Ask[T](ctx, p, req)
		failed = Call{Who: who, Model: a.Model, Usage: a.Usage}
		return askWire[T]{Value: a.Value, Model: a.Model, Usage: a.Usage}, err
	})
	if err != nil {
		return w.Value, failed, err
	}
	return w.Value, Call{Who: who, Model: w.Model, Usage: w.Usage}, nil
}
