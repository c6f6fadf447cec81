package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

func TestParseNumbers(t *testing.T) {
	allowed := []int{1, 2, 3, 5}
	for _, c := range []struct {
		in   string
		want []int
		bad  bool
	}{
		{"", nil, false},
		{"none", nil, false},
		{"all", allowed, false},
		{"1 3", []int{1, 3}, false},
		{"1,2-3", []int{1, 2, 3}, false},
		{"3 3", []int{3}, false},
		{"4", nil, true},
		{"2-5", nil, true},
		{"x", nil, true},
		{"3-1", nil, true},
	} {
		got, err := parseNumbers(c.in, allowed)
		if (err != nil) != c.bad || !slices.Equal(got, c.want) {
			t.Errorf("parseNumbers(%q) = %v, %v; want %v (error %v)", c.in, got, err, c.want, c.bad)
		}
	}
}

// TestAskPending: the numbered prompt applies what is chosen, rejects
// what is chosen of the rest with the reason, defers the others, and asks
// again after a wrong answer.
func TestAskPending(t *testing.T) {
	pending := `[
  {"key": "r1/a/F001", "label": "[low/90] a: x", "lines": "1", "quote": "alpha", "fix": "beta", "action": "", "reason": ""},
  {"key": "r1/b/F001", "label": "[high/80] b: y", "lines": "2", "quote": "42%", "action": "", "reason": ""},
  {"key": "r1/c/F001", "label": "[low/60] c: z", "lines": "3", "quote": "gamma", "fix": "delta", "action": "", "reason": ""}
]`
	var out strings.Builder
	data, err := ask(bufio.NewReader(strings.NewReader("2\n3\n2\n  no source needed \n")), &out, ".editorial/round-1/pending.json", []byte(pending))
	if err != nil {
		t.Fatal(err)
	}
	var got []rounds.Pending
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	actions := []string{got[0].Action, got[1].Action, got[2].Action}
	if want := []string{"defer", "reject", "apply"}; !slices.Equal(actions, want) {
		t.Errorf("actions %v, want %v\n%s", actions, want, out.String())
	}
	if got[1].Reason != "no source needed" {
		t.Errorf("reason %q", got[1].Reason)
	}
	if !strings.Contains(out.String(), "2 is not one of [1 3]") {
		t.Errorf("a wrong answer was not refused:\n%s", out.String())
	}
	if _, err := ask(bufio.NewReader(strings.NewReader("")), io.Discard, "x/pending.json", []byte(pending)); err == nil {
		t.Error("an input that ended gave an answer")
	}
}

// TestAskQuestion: a Goldfish question of questions.json is answered in
// answers.json's shape.
func TestAskQuestion(t *testing.T) {
	qs := []loop.Question{
		{Key: "r1/old", Kind: loop.Confirm, Prompt: "Old?"},
		{Key: "r2/next", Kind: loop.Choice, Prompt: "Next?", Options: []loop.Option{{ID: "go"}, {ID: "stop", Label: "Stop here"}}, Text: true},
	}
	data, _ := json.Marshal(qs)
	var out strings.Builder
	got, err := ask(bufio.NewReader(strings.NewReader("3\n2\nenough\n")), &out, ".goldfish/"+loop.QuestionsFile, data)
	if err != nil {
		t.Fatal(err)
	}
	var answers []loop.Answer
	if err := json.Unmarshal(got, &answers); err != nil {
		t.Fatal(err)
	}
	if want := []loop.Answer{{Key: "r2/next", Choice: "stop", Text: "enough"}}; !slices.Equal(answers, want) {
		t.Errorf("answers %+v, want %+v\n%s", answers, want, out.String())
	}
}

func TestIDs(t *testing.T) {
	id, err := newID("my article (v2).md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(id, "my-article--v2-.md-") || checkID(id) != nil {
		t.Errorf("newID gave %q", id)
	}
	for _, bad := range []string{"", "..", "a/b", "a b", strings.Repeat("x", 201)} {
		if checkID(bad) == nil {
			t.Errorf("checkID(%q) took it", bad)
		}
	}
	if id, _ := newID("???"); !strings.HasPrefix(id, "run-") {
		t.Errorf("newID(???) = %q", id)
	}
}

// TestNeverOverFile: an -out that would put the final document over FILE
// is refused before anything starts, unless -in-place.
func TestNeverOverFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.md")
	os.WriteFile(file, []byte("x"), 0o644)
	o := runOptions{out: dir}
	if err := o.checkOut(file, "a.md"); err == nil {
		t.Error("-out FILE's folder was taken")
	}
	o.inPlace = true
	if err := o.checkOut(file, "a.md"); err != nil {
		t.Error(err)
	}
	o = runOptions{out: filepath.Join(dir, "a.md.temporal-out")}
	if err := o.checkOut(file, "a.md"); err != nil {
		t.Error(err)
	}
}

func TestUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{nil, exitError, "Commands:"},
		{[]string{"help"}, exitConverged, "Commands:"},
		{[]string{"nope"}, exitError, `unknown command "nope"`},
		{[]string{"run", "-store", "s"}, exitError, "give one FILE"},
		{[]string{"worker", "-store", "s"}, exitError, "-store and -work are required"},
		{[]string{"answer", "-id", "x"}, exitError, "give -id and one decisions file"},
		{[]string{"status"}, exitError, "give -id"},
		{[]string{"run", "-h"}, exitConverged, "-gate"},
	} {
		var out strings.Builder
		code := run(t.Context(), c.args, strings.NewReader(""), &out, &out)
		if code != c.code || !strings.Contains(out.String(), c.says) {
			t.Errorf("%q: exit %d, want %d saying %q:\n%s", c.args, code, c.code, c.says, out.String())
		}
	}
}

// TestNoServerSaysStartIt: the demo (and every command) against an
// address where no server listens says to start the development server.
func TestNoServerSaysStartIt(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	for _, args := range [][]string{
		{"demo", "-temporal", addr, "-dir", t.TempDir()},
		{"status", "-temporal", addr, "-id", "x"},
	} {
		var stdout, stderr strings.Builder
		code := run(t.Context(), args, strings.NewReader(""), &stdout, &stderr)
		if code != exitError || !strings.Contains(stderr.String(), "start the development server") || !strings.Contains(stderr.String(), addr) {
			t.Errorf("%s with no server: exit %d, want 1 saying to start the development server\n%s", args[0], code, stderr.String())
		}
	}
}
