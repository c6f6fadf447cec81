package multishot

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

func TestRejectionMemoryAcrossSessions(t *testing.T) {
	r := sampleRepo(t)
	dir := t.TempDir()
	mem := filepath.Join(dir, "rejections.json")
	nit := sf(P2, "app/main.go", 6, 6, "Use a named error")
	sc := &script{answers: map[string][]ShotFinding{"code/1/1": {nit}}}
	const reason = "the blank identifier is on purpose: x may be missing（意図的）"
	first := run(t, &Loop{Dir: filepath.Join(dir, "s1"), Memory: mem, Reviewer: sc, Classifier: fixedSlices(codeSlice), Asker: always(ChoiceIgnore, reason)}, r)
	if !first.OK || first.Findings[0].State.Reason != reason {
		t.Fatalf("first session: ok=%t %+v", first.OK, first.Findings)
	}
	// A week later, another session: the same problem, other words of
	// content, other lines, another level.
	again := sf(P1, "app/main.go", 7, 8, "use a named error")
	again.Content = "completely different explanation"
	sc2 := &script{answers: map[string][]ShotFinding{"code/1/1": {again}}}
	gate := always(ChoiceFixed, "")
	second := run(t, &Loop{Dir: filepath.Join(dir, "s2"), Memory: mem, Reviewer: sc2, Classifier: fixedSlices(codeSlice), Asker: gate}, r)
	f := second.Findings[0]
	if f.State.Current() != finding.Ignored || f.State.By != "memory" || !strings.Contains(f.State.Reason, reason) {
		t.Errorf("second session's finding %+v: not recognised", f.State)
	}
	if len(gate.asked) != 0 || !second.OK {
		t.Errorf("asked %v, ok %t: a remembered rejection is not triaged again", gate.asked, second.OK)
	}
	if sc2.count("code/1/1") != 1 {
		t.Fatal("reviewer not called")
	}
	// The memory keeps the reason verbatim.
	data, _ := os.ReadFile(mem)
	if !strings.Contains(string(data), "意図的") {
		t.Errorf("memory file %s", data)
	}
	// Without the memory file, the second session raises it.
	third := run(t, &Loop{Dir: filepath.Join(dir, "s3"), Reviewer: sc2, Classifier: fixedSlices(codeSlice), Asker: gate}, r)
	if third.Findings[0].State.Current() == finding.Ignored {
		t.Error("a session without memory dropped the finding")
	}
}

func TestTombstoneAndRevival(t *testing.T) {
	r := sampleRepo(t)
	sc := &script{answers: map[string][]ShotFinding{
		"code/1/1": {sf(P2, "app/main.go", 6, 6, "open error ignored")},
		"docs/1/1": {sf(P3, "docs/guide.md", 3, 3, "spacing")},
	}}
	l := &Loop{Dir: filepath.Join(t.TempDir(), "s"), Reviewer: sc, Classifier: fixedSlices(codeSlice, docsSlice), Mode: Report}
	sum := run(t, l, r)
	if len(sum.Open()) != 2 {
		t.Fatalf("open %+v", sum.Open())
	}
	ctx := context.Background()
	if _, err := l.Continue(ctx, Directive{Op: RemoveSlice, Slice: Slice{Name: "docs"}}); !errors.Is(err, ErrNoDirective) {
		t.Errorf("a removal without the user's words: %v", err)
	}
	sum, err := l.Continue(ctx, Directive{Op: RemoveSlice, Slice: Slice{Name: "docs"}, Words: "drop the docs slice, please"})
	if err != nil {
		t.Fatal(err)
	}
	docs := sum.Slices[1]
	if docs.Status != Removed || sc.count("docs/2/1") != 0 || sc.count("code/2/1") != 1 {
		t.Errorf("after removal: docs %+v, calls %v", docs, sc.calls)
	}
	for _, f := range sum.Findings {
		if f.Slice == "docs" && (f.State.Current() != finding.Superseded || f.State.SupersededBy != "removed:docs") {
			t.Errorf("a tombstone's open finding: %+v", f.State)
		}
	}
	if _, err := l.Continue(ctx, Directive{Op: AddSlice, Slice: codeSlice, Words: "add code again"}); !errors.Is(err, ErrBadSlice) {
		t.Errorf("adding an active slice: %v", err)
	}
	revived := Slice{Name: "docs", Prompt: "review the Japanese wording", Files: []string{"docs/guide.md"}}
	sum, err = l.Continue(ctx, Directive{Op: AddSlice, Slice: revived, Words: "bring the docs back, for the wording"})
	if err != nil {
		t.Fatal(err)
	}
	docs = sum.Slices[1]
	if docs.Def != 2 || docs.Prompt != revived.Prompt || docs.Passes != 1 || docs.Window != 1 || docs.Status != Reported {
		t.Errorf("revived %+v", docs)
	}
	if sc.count("docs/1/1") != 2 {
		t.Errorf("the revived slice starts at pass 1 again: calls %v", sc.calls)
	}
	if len(sum.Slices) != 2 {
		t.Errorf("slices %+v: a revival is the same slice", sum.Slices)
	}
	// Resuming a finished session replays it: nothing runs again.
	calls := fmt.Sprint(sc.calls)
	again, err := l.Resume(ctx)
	if err != nil || fmt.Sprint(sc.calls) != calls || len(again.Findings) != len(sum.Findings) {
		t.Errorf("Resume of a finished session: %v, calls %s -> %v", err, calls, sc.calls)
	}
	// A new session in the folder moves the finished one to the history.
	fresh, err := l.Run(ctx, Target{Repo: r.dir, Kind: Uncommitted}, "again")
	if err != nil || len(fresh.Slices) != 2 || fresh.Slices[1].Def != 1 || len(fresh.Waves) != 1 {
		t.Fatalf("a new session: %v %+v", err, fresh)
	}
	for _, name := range []string{"journal.jsonl", "task.md", "summary.json", "logs"} {
		if _, err := os.Stat(filepath.Join(l.Dir, "history", "run-1", name)); err != nil {
			t.Errorf("history: %v", err)
		}
	}
	if task, _ := os.ReadFile(filepath.Join(l.Dir, "task.md")); string(task) != "again" {
		t.Errorf("task.md = %q", task)
	}
}

func TestGateWaitingThenResume(t *testing.T) {
	r := sampleRepo(t)
	sc := &script{answers: map[string][]ShotFinding{"code/1/1": {sf(P2, "app/main.go", 6, 6, "open error ignored")}}}
	dir := filepath.Join(t.TempDir(), "s")
	l := &Loop{Dir: dir, Reviewer: sc, Classifier: fixedSlices(codeSlice), Asker: loop.FileAsker{Dir: dir}}
	if _, err := l.Run(context.Background(), Target{Repo: r.dir, Kind: Uncommitted}, "task"); !errors.Is(err, loop.ErrWaiting) {
		t.Fatalf("Run: %v, want ErrWaiting", err)
	}
	qs, err := os.ReadFile(filepath.Join(dir, loop.QuestionsFile))
	if err != nil || !strings.Contains(string(qs), "open error ignored") {
		t.Fatalf("questions %s %v", qs, err)
	}
	key := between(string(qs), `"key": "`, `"`)
	os.WriteFile(filepath.Join(dir, "answers.json"), []byte(`[{"key":"`+key+`","choice":"duplicate","text":"f_nosuch00"}]`), 0o644)
	if _, err := l.Run(context.Background(), Target{Repo: r.dir, Kind: Uncommitted}, "task"); !errors.Is(err, loop.ErrUnfinishedRun) {
		t.Errorf("Run over a waiting session: %v", err)
	}
	sum, err := l.Resume(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if sc.count("code/1/1") != 1 {
		t.Errorf("the finished shot ran again on resume: %v", sc.calls)
	}
	if f := sum.Findings[0]; f.State.Current() != finding.Open || !strings.Contains(f.Note, "no such other finding") || sum.OK {
		t.Errorf("a duplicate of an unknown id: %+v ok=%t", f, sum.OK)
	}
}

func between(s, from, to string) string {
	_, rest, _ := strings.Cut(s, from)
	v, _, _ := strings.Cut(rest, to)
	return v
}

func TestConfirmDuplicatesOverturned(t *testing.T) {
	r := sampleRepo(t)
	a := sf(P2, "app/main.go", 6, 6, "Error from os.Open is ignored")
	b := sf(P2, "app/main.go", 6, 6, "error from os.Open ignored")
	sc := &script{answers: map[string][]ShotFinding{"code/1/1": {a}, "code/1/2": {b}}}
	gate := &answers{choice: func(loop.Question) (string, string) { return ChoiceIgnore, "fine" }}
	confirm := loop.AskFunc(func(ctx context.Context, q loop.Question) (loop.Answer, error) {
		if q.Kind == loop.Confirm {
			return loop.Answer{Key: q.Key, Choice: loop.No}, nil // not the same problem, says the person
		}
		return gate.Ask(ctx, q)
	})
	sum := run(t, &Loop{Reviewer: sc, Classifier: fixedSlices(codeSlice), Shots: 2, ConfirmDuplicates: true, Asker: confirm}, r)
	if len(sum.Marks) != 1 || !sum.Marks[0].Overturned || sum.Dedupe.Precision != 0 || sum.Dedupe.Overturned != 1 {
		t.Errorf("marks %+v stats %+v", sum.Marks, sum.Dedupe)
	}
	for _, f := range sum.Findings {
		if f.State.Current() != finding.Ignored {
			t.Errorf("an overturned duplicate is triaged like any finding: %+v", f.State)
		}
	}
	if len(gate.asked) != 2 {
		t.Errorf("triaged %v, want both findings", gate.asked)
	}
}

// TestManualDuplicate: a duplicate the rule missed (other words, the same
// problem) marked at the gate counts against recall.
func TestManualDuplicate(t *testing.T) {
	r := sampleRepo(t)
	a := sf(P1, "app/main.go", 6, 6, "Open's error is dropped")
	b := sf(P2, "app/main.go", 6, 7, "f may be nil when x is missing")
	sc := &script{answers: map[string][]ShotFinding{"code/1/1": {a}, "code/1/2": {b}}}
	var first string
	gate := &answers{choice: func(q loop.Question) (string, string) {
		id, _, _ := strings.Cut(q.Prompt, " ")
		if first == "" {
			first = id
			return ChoiceFixed, "checked"
		}
		return ChoiceDuplicate, first
	}}
	sum := run(t, &Loop{Reviewer: sc, Classifier: fixedSlices(codeSlice), Shots: 2, Asker: gate}, r)
	if len(sum.Marks) != 1 || sum.Marks[0].Auto || sum.Marks[0].Canonical != first || sum.Dedupe.Manual != 1 || sum.Dedupe.Recall != 0 {
		t.Fatalf("marks %+v stats %+v", sum.Marks, sum.Dedupe)
	}
	if f := sum.Findings[1]; f.State.Current() != finding.Duplicate || f.State.By != "gate" || f.State.DuplicateOf != first {
		t.Errorf("%+v", f.State)
	}
}
