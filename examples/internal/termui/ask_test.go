package termui

import (
	"bytes"
	"context"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
)

func TestAskAccessible(t *testing.T) {
	choice := loop.Question{Key: "r1/gate", Kind: loop.Choice, Prompt: "What now?", Options: []loop.Option{
		{ID: "auto", Label: "Auto-approve all"}, {ID: "continue", Label: "Continue"}, {ID: "inspect", Label: "Inspect one by one"},
	}}
	confirm := loop.Question{Key: "force", Kind: loop.Confirm, Prompt: "Force pass?", Text: true}
	turn := loop.Question{Key: "r1/next", Kind: loop.Turn, Prompt: "Run round 2?"}
	cases := []struct {
		q     loop.Question
		lines []string
		want  loop.Answer
	}{
		{choice, []string{"3\n"}, loop.Answer{Key: "r1/gate", Choice: "inspect"}},
		{confirm, []string{"y\n", "  the arc holds  \n"}, loop.Answer{Key: "force", Choice: loop.Yes, Text: "the arc holds"}},
		{turn, []string{"n\n"}, loop.Answer{Key: "r1/next", Choice: loop.No}},
	}
	for _, c := range cases {
		var out bytes.Buffer
		a, err := Gate{In: &lineReader{lines: c.lines}, Out: &out, Accessible: true}.Ask(context.Background(), c.q)
		if err != nil || a != c.want {
			t.Errorf("%s: got %+v %v, want %+v\n%s", c.q.Key, a, err, c.want, out.String())
		}
	}
	var _ loop.Asker = Gate{}
}
