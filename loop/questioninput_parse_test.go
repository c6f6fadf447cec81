package loop_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
)

// TestParseAnswer: a typed line becomes the answer AskOnce accepts, or an
// error; a blank line is the default.
func TestParseAnswer(t *testing.T) {
	choice := loop.Question{Key: "k", Kind: loop.Choice, Prompt: "?", Options: []loop.Option{{ID: "keep"}, {ID: "Drop"}}}
	confirm := loop.Question{Key: "k", Kind: loop.Confirm, Prompt: "?", Default: loop.No}
	input := loop.Question{Key: "k", Kind: loop.Input, Prompt: "?"}
	for _, tc := range []struct {
		q          loop.Question
		in         string
		want, text string
		bad        bool
	}{
		{choice, "", "keep", "", false},
		{choice, " 2 ", "Drop", "", false},
		{choice, "２", "Drop", "", false},
		{choice, "drop", "Drop", "", false},
		{choice, "ＫＥＥＰ", "keep", "", false},
		{choice, "3", "", "", true},
		{choice, "0", "", "", true},
		{choice, "-1", "", "", true},
		{confirm, "", loop.No, "", false},
		{confirm, "YES", loop.Yes, "", false},
		{confirm, "はい", loop.Yes, "", false},
		{confirm, "　いいえ　", loop.No, "", false},
		{confirm, "ｎ", loop.No, "", false},
		{confirm, "1", "", "", true},
		{input, "  日本語の答え ", "", "日本語の答え", false},
		{input, "yes", "", "yes", false},
		{input, " ", "", "", true},
	} {
		a, err := tc.q.ParseAnswer(tc.in)
		if tc.bad {
			if err == nil {
				t.Errorf("%s %q: %+v, want an error", tc.q.Kind, tc.in, a)
			}
			continue
		}
		if err != nil || a != (loop.Answer{Key: "k", Choice: tc.want, Text: tc.text}) {
			t.Errorf("%s %q: %+v %v, want %q %q", tc.q.Kind, tc.in, a, err, tc.want, tc.text)
		}
	}
}

// FuzzParseAnswer: whatever the line, ParseAnswer returns an answer that
// loop.Ask accepts unchanged, or an error.
func FuzzParseAnswer(f *testing.F) {
	qs := []loop.Question{
		{Key: "k", Kind: loop.Choice, Prompt: "?", Options: []loop.Option{{ID: "a"}, {ID: "はい"}, {ID: "3"}}},
		{Key: "k", Kind: loop.Confirm, Prompt: "?", Text: true},
		{Key: "k", Kind: loop.Turn, Prompt: "?", Default: loop.No},
		{Key: "k", Kind: loop.Input, Prompt: "?"},
	}
	for _, s := range []string{"", "1", "３", "a", "A", "はい", "いいえ", "y", " NO ", "\ufeff1", "x\r"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, q := range qs {
			a, err := q.ParseAnswer(s)
			if err != nil {
				continue
			}
			got, err := loop.Ask(context.Background(), loop.AskFunc(func(context.Context, loop.Question) (loop.Answer, error) { return a, nil }), q)
			if err != nil || got != a {
				t.Fatalf("%s %q: parsed %+v, Ask gives %+v %v", q.Kind, s, a, got, err)
			}
		}
	})
}

func ExampleQuestion_ParseAnswer() {
	q := loop.Question{Key: "r1/gate", Kind: loop.Choice, Prompt: "What next?",
		Options: []loop.Option{{ID: "continue", Label: "Continue"}, {ID: "inspect", Label: "Inspect one by one"}}}
	for _, line := range []string{"2", "", "Continue", "5"} {
		a, err := q.ParseAnswer(line)
		fmt.Printf("%q: %q %v\n", line, a.Choice, err)
	}
	// Output:
	// "2": "inspect" <nil>
	// "": "continue" <nil>
	// "Continue": "continue" <nil>
	// "5": "" "5" is neither a number from 1 to 2 nor one of continue, inspect
}
