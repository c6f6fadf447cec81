package loop_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

func id(s string) string { return s }

func TestComparePair(t *testing.T) {
	texts := [2]string{"old draft", "new draft"}
	tests := []struct {
		name  string
		judge func(a, b string) string
		want  int
	}{
		{"prefers the new text in both orders", func(a, b string) string {
			if a == "new draft" {
				return "A"
			}
			return " b "
		}, 1},
		{"prefers the old text in both orders", func(a, b string) string {
			if a == "old draft" {
				return "a"
			}
			return "B"
		}, 0},
		{"always the first position: a tie", func(a, b string) string { return "A" }, -1},
		{"always the second position: a tie", func(a, b string) string { return "B" }, -1},
		{"says tie", func(a, b string) string { return "TIE" }, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			j, err := journal.Open(filepath.Join(dir, "j.jsonl"), journal.Options{})
			if err != nil {
				t.Fatal(err)
			}
			calls := 0
			judge := func(_ context.Context, a, b int) (string, error) {
				calls++
				return tc.judge(texts[a], texts[b]), nil
			}
			got, err := loop.ComparePair(context.Background(), j, "cmp", judge, id)
			if err != nil || got.Winner != tc.want || calls != 2 {
				t.Fatalf("ComparePair = %+v, %v after %d calls; want winner %d", got, err, calls, tc.want)
			}
			j.Close()
			// A replay asks nothing and gives the same result, labels included.
			j, _ = journal.Open(filepath.Join(dir, "j.jsonl"), journal.Options{})
			defer j.Close()
			again, err := loop.ComparePair(context.Background(), j, "cmp", func(context.Context, int, int) (string, error) {
				t.Error("judge called on replay")
				return "", nil
			}, id)
			if err != nil || again != got {
				t.Fatalf("replay = %+v, %v; want %+v", again, err, got)
			}
		})
	}
}

func TestComparePairShufflesAndRefusesBadAnswers(t *testing.T) {
	firsts := map[bool]int{}
	for i := range 40 {
		j, err := journal.Open(filepath.Join(t.TempDir(), "j.jsonl"), journal.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var shown [2][2]int
		n := 0
		r, err := loop.ComparePair(context.Background(), j, "c", func(_ context.Context, a, b int) (string, error) {
			shown[n] = [2]int{a, b}
			n++
			return "tie", nil
		}, id)
		if err != nil || shown[0] != [2]int{shown[1][1], shown[1][0]} {
			t.Fatalf("run %d: orders %v, %v: the second order must swap the first", i, shown, err)
		}
		if r.FirstIsA != (shown[0][0] == 0) {
			t.Fatalf("run %d: FirstIsA %v but candidate %d was shown as A", i, r.FirstIsA, shown[0][0])
		}
		firsts[r.FirstIsA]++
		j.Close()
	}
	if firsts[true] == 0 || firsts[false] == 0 {
		t.Errorf("labels never shuffled in 40 runs: %v", firsts)
	}
	j, _ := journal.Open(filepath.Join(t.TempDir(), "j.jsonl"), journal.Options{})
	defer j.Close()
	_, err := loop.ComparePair(context.Background(), j, "bad", func(context.Context, int, int) (string, error) { return "the second one", nil }, id)
	if err == nil || errors.Is(err, context.Canceled) {
		t.Fatalf("an answer that is no label was accepted: %v", err)
	}
	if !strings.HasPrefix(err.Error(), "comparison bad") { // no package prefix: the driver adds its own
		t.Errorf("error %q, want it to begin with the comparison's key", err)
	}
}

// A judge is asked which of two texts is better in both orders, with the
// order drawn once and journaled: the second text wins only when the judge
// picks it in both (a judge that always says "A" favours a position, not a
// text, and gives no winner). A replay asks the judge nothing.
func ExampleComparePair() {
	dir, _ := os.MkdirTemp("", "loop-pair")
	defer os.RemoveAll(dir)
	j, _ := journal.Open(filepath.Join(dir, "journal.jsonl"), journal.Options{})
	texts := [2]string{"It is worth noting that Go is fast.", "Go is fast."}
	shorter := func(_ context.Context, a, b int) (string, error) { // a is shown as A, b as B
		if len(texts[a]) < len(texts[b]) {
			return loop.PairA, nil
		}
		return loop.PairB, nil
	}
	res, err := loop.ComparePair(context.Background(), j, "r1/judge", shorter, func(s string) string { return s })
	fmt.Println(res.Winner, res.Picks, err)

	always := func(context.Context, int, int) (string, error) { return "a", nil }
	res, err = loop.ComparePair(context.Background(), j, "r2/judge", always, func(s string) string { return s })
	fmt.Println(res.Winner, res.Labels, err)
	j.Close()

	j, _ = journal.Open(filepath.Join(dir, "journal.jsonl"), journal.Options{})
	defer j.Close()
	replay := func(key string) loop.PairResult[string] {
		asked := func(context.Context, int, int) (string, error) { return "", errors.New("the judge was asked again") }
		res, err := loop.ComparePair(context.Background(), j, key, asked, func(s string) string { return s })
		if err != nil {
			fmt.Println(err)
		}
		return res
	}
	fmt.Println(replay("r1/judge").Winner, replay("r2/judge").Winner)
	// Output:
	// 1 [1 1] <nil>
	// -1 [A A] <nil>
	// 1 -1
}
