package writing_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/writing"
)

// TestDriverKeepsConfiguredAsker: with loop.GateOwn, the asker configure
// sets (a terminal's) answers; declining the save stops NotSaved with the
// error's words as the Text and the Outcome not saved. With the file gate
// the file asker replaces it: the run waits, its Text naming the question.
func TestDriverKeepsConfiguredAsker(t *testing.T) {
	ctx := context.Background()
	asked := 0
	d := writing.NewDriver(func(args writing.Args) (*writing.Episode, error) {
		e, err := offlineEpisode(args)
		e.Asker = loop.AskFunc(func(ctx context.Context, q loop.Question) (loop.Answer, error) {
			asked++
			if q.Key == "s7/save" {
				return loop.Answer{Key: q.Key, Choice: loop.No}, nil
			}
			return loop.AutoAsker{}.Ask(ctx, q)
		})
		return e, err
	})
	args, _ := json.Marshal(writing.Args{Episode: 1, Gate: loop.GateOwn})
	stop, err := d.Run(ctx, projectFolder(t), args, false)
	if err != nil || stop.Waiting() || asked == 0 {
		t.Fatalf("stop %+v, %v; asked %d time(s)", stop, err, asked)
	}
	var res writing.Outcome
	if stop.Reason != writing.NotSaved || !strings.HasPrefix(stop.Text, writing.ErrNotSaved.Error()+": ") ||
		json.Unmarshal(stop.Result, &res) != nil || res.Saved || res.Episode != 1 {
		t.Errorf("declined: %+v (result %s)", stop, stop.Result)
	}
	args, _ = json.Marshal(writing.Args{Episode: 1, Gate: loop.GateFile})
	stop, err = d.Run(ctx, projectFolder(t), args, false) // the file gate replaces configure's asker
	if err != nil || !stop.Waiting() || !strings.Contains(stop.Text, loop.ErrWaiting.Error()) || len(stop.Result) != 0 {
		t.Errorf("file gate: %+v, %v", stop, err)
	}
}
