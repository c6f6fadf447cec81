package multishot

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
)

// directives are a user's words with CRLF and Japanese, kept verbatim.
const directives = "Focus on error handling.\r\nエラー処理を重点的に。"

// parentContext is the parent's notes, reference for the classifier.
const parentContext = "The parent already ran go test; the open of x is new."

// recordingClassifier answers with slices in turn (the last one again
// when they run out) and keeps what each call read.
type recordingClassifier struct {
	mu      sync.Mutex
	answers [][]Slice
	got     []ClassifyInput
	err     error
}

func (c *recordingClassifier) Classify(_ context.Context, in ClassifyInput) ([]Slice, agent.Usage, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.got = append(c.got, in)
	if c.err != nil {
		return nil, agent.Usage{}, c.err
	}
	return c.answers[min(len(c.got), len(c.answers))-1], agent.Usage{}, nil
}

// TestClassifierReadsDirectivesAndContext: the user's directives
// (verbatim) and the parent's context are journaled with the session,
// given to the classifier, written into every offline slice prompt and
// the classifier log, and a Resume by a Loop that no longer holds them
// reads the journaled ones.
func TestClassifierReadsDirectivesAndContext(t *testing.T) {
	r := sampleRepo(t)
	l := &Loop{Reviewer: &script{}, UserDirectives: directives, ExecutorContext: parentContext, Mode: Report}
	sum := run(t, l, r)
	if len(sum.Slices) == 0 {
		t.Fatal("no slices")
	}
	for _, sl := range sum.Slices {
		if !strings.Contains(sl.Prompt, directives) || !strings.Contains(sl.Prompt, parentContext) {
			t.Errorf("slice %s's prompt does not carry the directives and context:\n%s", sl.Name, sl.Prompt)
		}
	}
	logText, err := os.ReadFile(ClassifierLog(l.Dir, 1))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{directives, parentContext, "make main open x", "## Answer", sum.Slices[0].Name} {
		if !strings.Contains(string(logText), want) {
			t.Errorf("classifier log lacks %q:\n%s", want, logText)
		}
	}
	journal, err := os.ReadFile(filepath.Join(l.Dir, "journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{directives, parentContext} {
		enc, _ := json.Marshal(want)
		if !strings.Contains(string(journal), strings.Trim(string(enc), `"`)) {
			t.Errorf("the journal lacks %s", enc)
		}
	}
	// A model classifier's request carries them too.
	c := &recordingClassifier{answers: [][]Slice{{codeSlice, docsSlice}}}
	l2 := &Loop{Reviewer: &script{}, Classifier: c, UserDirectives: directives, ExecutorContext: parentContext, Mode: Report}
	run(t, l2, r)
	if len(c.got) != 1 || c.got[0].UserDirectives != directives || c.got[0].ExecutorContext != parentContext {
		t.Fatalf("classifier inputs %+v", c.got)
	}
	req := (&LLMClassifier{}).Request(c.got[0]).Messages[0]
	if text := req.Text(); !strings.Contains(text, directives) || !strings.Contains(text, parentContext) {
		t.Errorf("LLMClassifier's request:\n%s", text)
	}
	// A follow-up by a Loop without them classifies with the journaled
	// ones (Reclassify after removing every slice).
	l3 := &Loop{Dir: l2.Dir, Reviewer: &script{}, Classifier: c, Mode: Report}
	if _, err := l3.Reclassify(context.Background(),
		Directive{Op: RemoveSlice, Slice: Slice{Name: "code"}, Words: "start over"},
		Directive{Op: RemoveSlice, Slice: Slice{Name: "docs"}, Words: "start over"}); err != nil {
		t.Fatal(err)
	}
	if len(c.got) != 2 || c.got[1].UserDirectives != directives || c.got[1].ExecutorContext != parentContext {
		t.Errorf("the reclassification's inputs %+v", c.got[1:])
	}
}

// TestReclassifyAfterEveryRemoved: a new classification is refused while
// a slice is active (nothing journaled), and allowed once the user's
// directives removed every slice: the classifier reads the tombstones, a
// name of a tombstone is revived as a new definition, a new name added,
// and the wave runs over them.
func TestReclassifyAfterEveryRemoved(t *testing.T) {
	r := sampleRepo(t)
	again := Slice{Name: "code", Prompt: "review the open and close", Files: []string{"app/main.go"}}
	whole := Slice{Name: "all", Prompt: "review everything", Files: []string{"app/main.go", "docs/guide.md"}}
	c := &recordingClassifier{answers: [][]Slice{{codeSlice, docsSlice}, {again, whole}}}
	sc := &script{}
	l := &Loop{Reviewer: sc, Classifier: c, Mode: Report}
	run(t, l, r)
	ctx := context.Background()
	jpath := filepath.Join(l.Dir, "journal.jsonl")
	before, _ := os.ReadFile(jpath)
	if _, err := l.Reclassify(ctx); !errors.Is(err, ErrActiveSlices) || !strings.Contains(err.Error(), "code, docs") {
		t.Errorf("a reclassification over active slices: %v", err)
	}
	_, err := l.Reclassify(ctx, Directive{Op: RemoveSlice, Slice: Slice{Name: "docs"}, Words: "drop docs"})
	if !errors.Is(err, ErrActiveSlices) || !strings.Contains(err.Error(), "active: code") {
		t.Errorf("a reclassification with code still active: %v", err)
	}
	if after, _ := os.ReadFile(jpath); string(after) != string(before) || len(c.got) != 1 {
		t.Fatalf("a refused reclassification journaled something or classified (%d calls)", len(c.got))
	}
	sum, err := l.Reclassify(ctx,
		Directive{Op: RemoveSlice, Slice: Slice{Name: "code"}, Words: "let the classifier cut it again"},
		Directive{Op: RemoveSlice, Slice: Slice{Name: "docs"}, Words: "let the classifier cut it again"})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.got) != 2 || len(c.got[1].Previous) != 2 || c.got[1].Previous[0].Status != Removed || c.got[1].Previous[1].Status != Removed {
		t.Fatalf("the second classification read %+v", c.got[1:])
	}
	got := map[string]SliceState{}
	for _, sl := range sum.Slices {
		got[sl.Name] = sl
	}
	if sl := got["code"]; sl.Def != 2 || sl.Prompt != again.Prompt || sl.Status != Clean || sl.Passes != 1 {
		t.Errorf("code revived as %+v", sl)
	}
	if sl := got["all"]; sl.Def != 1 || sl.Status != Clean || sl.Passes != 1 {
		t.Errorf("all added as %+v", sl)
	}
	if sl := got["docs"]; sl.Status != Removed {
		t.Errorf("docs %+v: a tombstone the classifier did not name stays one", sl)
	}
	if sc.count("all/1/1") != 1 || sc.count("code/1/1") != 2 || len(sum.Waves) != 2 {
		t.Errorf("calls %v, waves %d", sc.calls, len(sum.Waves))
	}
	if _, err := os.Stat(ClassifierLog(l.Dir, 2)); err != nil {
		t.Errorf("the second classification's log: %v", err)
	}
	// The finished session replays with its second classification.
	calls := len(c.got)
	if again, err := l.Resume(ctx); err != nil || len(again.Slices) != 3 || len(c.got) != calls {
		t.Errorf("Resume: %v, %+v, %d classifications", err, again, len(c.got))
	}
}

// TestClassifierLogOnFailure: a classification that fails or proposes no
// slice leaves its log (what the classifier was given, why it failed),
// and the error and the summary's note name it.
func TestClassifierLogOnFailure(t *testing.T) {
	for name, c := range map[string]*recordingClassifier{
		"error":    {err: errors.New("model refused: the task is unclear")},
		"no slice": {answers: [][]Slice{{}}},
	} {
		t.Run(name, func(t *testing.T) {
			r := sampleRepo(t)
			l := &Loop{Dir: filepath.Join(t.TempDir(), "s"), Reviewer: &script{}, Classifier: c, UserDirectives: directives}
			_, err := l.Run(context.Background(), Target{Repo: r.dir, Kind: Uncommitted}, "the task")
			logName := ClassifierLog(l.Dir, 1)
			if err == nil || !strings.Contains(err.Error(), logName) || !errors.Is(err, ErrNoSlices) {
				t.Fatalf("Run: %v (want the log's name)", err)
			}
			text, rerr := os.ReadFile(logName)
			if rerr != nil {
				t.Fatal(rerr)
			}
			for _, want := range []string{"the task", directives, "## Failed", "app/main.go"} {
				if !strings.Contains(string(text), want) {
					t.Errorf("log lacks %q:\n%s", want, text)
				}
			}
			if name == "error" && !strings.Contains(string(text), "model refused") {
				t.Errorf("log lacks the classifier's error:\n%s", text)
			}
			var sum Summary
			data, _ := os.ReadFile(filepath.Join(l.Dir, "summary.json"))
			if err := json.Unmarshal(data, &sum); err != nil || !strings.Contains(strings.Join(sum.Notes, "\n"), "read "+logName) {
				t.Errorf("summary notes %q (%v): want one that says to read the log", sum.Notes, err)
			}
		})
	}
}
