package rounds_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/rounds"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

type pick struct {
	Winner string `json:"winner"`
}

// TestAskCall: the answer and its Call record come from the model once;
// a reopened journal answers the same without a call; a failed call is
// not journaled.
func TestAskCall(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	calls := 0
	p := scripted.NewResponder(func(int, agent.Request) scripted.Reply {
		calls++
		return scripted.Reply{Text: `{"winner":"A"}`, Usage: agent.Usage{InputTokens: 5, OutputTokens: 2}}
	})
	for run := range 2 {
		j, err := journal.Open(path, journal.Options{})
		if err != nil {
			t.Fatal(err)
		}
		v, c, err := rounds.AskCall[pick](context.Background(), j, "judge", "judge", p, agent.Request{Messages: []agent.Message{agent.UserText("A or B?")}})
		j.Close()
		if err != nil || v.Winner != "A" || c.Who != "judge" || c.Usage.Calls != 1 || c.Usage.InputTokens != 5 {
			t.Errorf("run %d: %+v %+v %v", run, v, c, err)
		}
	}
	if calls != 1 {
		t.Errorf("%d model calls, want 1", calls)
	}
	bad := scripted.NewResponder(func(int, agent.Request) scripted.Reply { return scripted.Reply{Text: "no json"} })
	j, err := journal.Open(filepath.Join(t.TempDir(), "j.jsonl"), journal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	_, c, err := rounds.AskCall[pick](context.Background(), j, "judge", "judge", bad, agent.Request{Messages: []agent.Message{agent.UserText("A or B?")}})
	var ae *agent.AnswerError
	if !errors.As(err, &ae) || c.Usage.Calls != 2 || j.Done("judge") {
		t.Errorf("failed call: %v, %+v, journaled %v", err, c, j.Done("judge"))
	}
}

// A typed model call as a journal call: a resumed run gets the journaled
// answer, and the Call record goes into the round's note.
func ExampleAskCall() {
	j, _ := journal.Open(filepath.Join(must(os.MkdirTemp("", "askcall")), "j.jsonl"), journal.Options{})
	defer j.Close()
	judge := scripted.NewResponder(func(int, agent.Request) scripted.Reply {
		return scripted.Reply{Text: `{"winner":"B"}`, Usage: agent.Usage{InputTokens: 30, OutputTokens: 4}}
	})
	v, call, err := rounds.AskCall[pick](context.Background(), j, "r1/judge", "judge", judge, agent.Request{Messages: []agent.Message{agent.UserText("A or B?")}})
	note := rounds.RoundNote{Round: 1, Note: "judged", Calls: []rounds.Call{call}}
	fmt.Println(v.Winner, call.Who, call.Usage.Calls, len(note.Calls), err)
	// Output: B judge 1 1 <nil>
}

func must(dir string, err error) string {
	if err != nil {
		panic(err)
	}
	return dir
}
