package loop_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

var gate = loop.Question{Key: "r1/gate", Kind: loop.Choice, Prompt: "What now?", Options: []loop.Option{
	{ID: "auto", Label: "Auto-approve all"}, {ID: "continue", Label: "Continue"}, {ID: "inspect", Label: "Inspect one by one"},
}}

func openJournal(t *testing.T, path string) *journal.Journal {
	t.Helper()
	j, err := journal.Open(path, journal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	return j
}

func TestAskOnceJournalsTheAnswer(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "j.jsonl")
	asked := 0
	asker := loop.AskFunc(func(_ context.Context, q loop.Question) (loop.Answer, error) {
		asked++
		return loop.Answer{Choice: "inspect"}, nil
	})
	j := openJournal(t, path)
	a, err := loop.AskOnce(ctx, j, asker, gate)
	if err != nil || a.Choice != "inspect" || a.Key != gate.Key {
		t.Fatalf("%+v %v", a, err)
	}
	j.Close()
	j = openJournal(t, path)
	if a, err := loop.AskOnce(ctx, j, asker, gate); err != nil || a.Choice != "inspect" || asked != 1 {
		t.Fatalf("replay asked again (%d) or changed the answer: %+v %v", asked, a, err)
	}
}

func TestAskOnceChecksAnswers(t *testing.T) {
	ctx := context.Background()
	answer := func(choice, text string) loop.Asker {
		return loop.AskFunc(func(context.Context, loop.Question) (loop.Answer, error) {
			return loop.Answer{Choice: choice, Text: text}, nil
		})
	}
	confirm := loop.Question{Key: "force-pass", Kind: loop.Confirm, Prompt: "Force pass?", Text: true}
	turn := loop.Question{Key: "r1/next", Kind: loop.Turn, Prompt: "Run round 2?"}
	cases := []struct {
		q       loop.Question
		asker   loop.Asker
		want    string // choice, or an error fragment
		wantErr bool
	}{
		{gate, answer("nonsense", ""), "not one of auto, continue, inspect", true},
		{confirm, answer("Y", "the arc is fine"), loop.Yes, false},
		{turn, answer("no", ""), loop.No, false},
		{turn, answer("maybe", ""), "not yes or no", true},
		{turn, answer("yes", "why"), "takes no text", true},
		{loop.Question{Key: "x", Kind: loop.Choice, Options: []loop.Option{{ID: "a"}}}, answer("a", ""), "at least two", true},
		{loop.Question{Key: "x", Kind: "vote"}, answer("a", ""), "unknown kind", true},
		{turn, loop.AutoAsker{}, loop.Yes, false},
		{gate, loop.AutoAsker{}, "auto", false},
	}
	for i, c := range cases {
		j := openJournal(t, filepath.Join(t.TempDir(), "j.jsonl"))
		a, err := loop.AskOnce(ctx, j, c.asker, c.q)
		if c.wantErr {
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("case %d: got %+v %v, want error with %q", i, a, err, c.want)
			}
			if j.Done("ask/" + c.q.Key) {
				t.Errorf("case %d: a refused answer was journaled", i)
			}
			continue
		}
		if err != nil || a.Choice != c.want {
			t.Errorf("case %d: got %+v %v, want %q", i, a, err, c.want)
		}
	}
}

func TestFileAsker(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "j.jsonl")
	fa := loop.FileAsker{Dir: dir}
	j := openJournal(t, path)
	if _, err := loop.AskOnce(ctx, j, fa, gate); !errors.Is(err, loop.ErrWaiting) {
		t.Fatalf("got %v, want ErrWaiting", err)
	}
	q, err := os.ReadFile(filepath.Join(dir, loop.QuestionsFile))
	if err != nil || !strings.Contains(string(q), `"r1/gate"`) {
		t.Fatalf("questions file: %s %v", q, err)
	}
	j.Close()
	answers := filepath.Join(dir, loop.AnswersFile)
	for _, bad := range []struct{ text, want string }{
		{`{"key":"r1/gate","choice":"auto"}`, "holds a JSON object; want an array"},
		{`[{"key":"r1/gate","choice":"auto"},{"key":"r1/gate","choice":"inspect"}]`, `names "r1/gate" twice`},
		{`[{"choice":"auto"}]`, "has no key"},
		{`[{"key":"r1/gate","choice":"auto"`, "not valid JSON"},
	} {
		os.WriteFile(answers, []byte(bad.text), 0o644)
		j = openJournal(t, path)
		if _, err := loop.AskOnce(ctx, j, fa, gate); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("answers %s: got %v, want %q", bad.text, err, bad.want)
		}
		j.Close()
	}
	os.WriteFile(answers, []byte("\ufeff[{\"key\":\"r1/gate\",\"choice\":\"continue\"}]\r\n"), 0o644)
	j = openJournal(t, path)
	if a, err := loop.AskOnce(ctx, j, fa, gate); err != nil || a.Choice != "continue" {
		t.Fatalf("answer with a BOM and CRLF: %+v %v", a, err)
	}
}

// FuzzAnswersFile: any answers file gives an answer or a clear error,
// never a panic.
func FuzzAnswersFile(f *testing.F) {
	f.Add([]byte(`[{"key":"r1/gate","choice":"auto"}]`))
	f.Add([]byte("\ufeff[]"))
	f.Add([]byte(`{"key":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, loop.AnswersFile), data, 0o644)
		a, err := loop.FileAsker{Dir: dir}.Ask(context.Background(), gate)
		if err == nil && a.Key != gate.Key {
			t.Fatalf("answer for another key: %+v", a)
		}
	})
}

// TestFileAskerFallback: with a Fallback, the answers file's answers come
// first, every other question goes to the fallback, and nothing waits or
// is written into questions.json.
func TestFileAskerFallback(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, loop.AnswersFile), []byte(`[{"key":"q1","text":"from the file"}]`), 0o644)
	fa := loop.FileAsker{Dir: dir, Fallback: loop.AutoAsker{}}
	a, err := loop.Ask(context.Background(), fa, loop.Question{Key: "q1", Kind: loop.Input, Prompt: "p", Default: "default"})
	if err != nil || a.Text != "from the file" {
		t.Errorf("q1: %+v, %v", a, err)
	}
	a, err = loop.Ask(context.Background(), fa, loop.Question{Key: "q2", Kind: loop.Confirm, Prompt: "p", Default: loop.No})
	if err != nil || a.Choice != loop.No {
		t.Errorf("q2: %+v, %v; want the fallback's default", a, err)
	}
	if _, err := os.Stat(filepath.Join(dir, loop.QuestionsFile)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("questions.json written: %v", err)
	}
}
