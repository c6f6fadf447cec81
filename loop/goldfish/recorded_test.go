package goldfish

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/killtest"
)

// recordedReviewers are the offline reviewers of the recorded run.
var recordedReviewers = []string{"design_critic", "structural", "style", "implementation_readiness"}

// TestRecordRun writes testdata/v3-waiting anew when KAIGI_RECORD is set
// (go test -run TestRecordRun ./loop/goldfish with KAIGI_RECORD=1): the
// offline run of TestOfflineRunConverges with a file asker, stopped at its
// first question, its paths written as @DIR@.
func TestRecordRun(t *testing.T) {
	if os.Getenv("KAIGI_RECORD") == "" {
		t.Skip("records testdata/v3-waiting when KAIGI_RECORD is set")
	}
	l, spec := offlineLoop(t, recordedReviewers...)
	l.Asker = loop.FileAsker{Dir: l.Dir}
	o, err := l.Run(context.Background(), spec)
	if !errors.Is(err, loop.ErrNotConverged) || o.Reason != loop.AwaitingDecisions {
		t.Fatalf("the run did not stop at a question: %v %+v", err, o)
	}
	root := filepath.Dir(spec)
	out := filepath.Join("testdata", "v3-waiting")
	if err := os.RemoveAll(out); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"spec.md", filepath.Join(DefaultDir, loop.JournalName), filepath.Join(DefaultDir, loop.QuestionsFile)} {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		data = []byte(strings.ReplaceAll(string(data), root, "@DIR@"))
		os.MkdirAll(filepath.Dir(filepath.Join(out, name)), 0o755)
		if err := os.WriteFile(filepath.Join(out, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRecordedRunResumes: a run of the journal's current format, recorded
// waiting for its first answer (testdata/v3-waiting), is resumed once the
// answers exist, goes on from its recorded records to the end the
// uninterrupted run reaches, and is undone to the spec as it was.
func TestRecordedRunResumes(t *testing.T) {
	root := killtest.Recorded(t, filepath.Join("testdata", "v3-waiting"), filepath.Join(DefaultDir, loop.JournalName))
	spec := filepath.Join(root, "spec.md")
	l, _ := offlineLoop(t, recordedReviewers...)
	l.Dir = filepath.Join(root, DefaultDir)
	l.Asker = loop.FileAsker{Dir: l.Dir}
	journal := filepath.Join(l.Dir, loop.JournalName)
	before, _ := os.ReadFile(journal)

	var qs []loop.Question
	data, err := os.ReadFile(filepath.Join(l.Dir, loop.QuestionsFile))
	if err != nil || json.Unmarshal(data, &qs) != nil || len(qs) == 0 {
		t.Fatalf("recorded questions %s: %v", data, err)
	}
	var answers []loop.Answer
	for _, q := range qs {
		answers = append(answers, answer(t, q))
	}
	for round := 0; round < 6; round++ { // each resume answers what the run asked last
		data, _ := json.Marshal(answers)
		if err := os.WriteFile(filepath.Join(l.Dir, loop.AnswersFile), data, 0o644); err != nil {
			t.Fatal(err)
		}
		o, err := l.Resume(context.Background(), spec)
		if o != nil && o.Reason == loop.AwaitingDecisions {
			qs = nil
			data, _ := os.ReadFile(filepath.Join(l.Dir, loop.QuestionsFile))
			if json.Unmarshal(data, &qs) != nil || len(qs) == 0 {
				t.Fatalf("waiting with no question: %s", data)
			}
			for _, q := range qs {
				if !slices.ContainsFunc(answers, func(a loop.Answer) bool { return a.Key == q.Key }) {
					answers = append(answers, answer(t, q))
				}
			}
			continue
		}
		if err != nil || o.Reason != loop.Converged {
			t.Fatalf("resume: %v %+v", err, o)
		}
		if after, _ := os.ReadFile(journal); len(before) == 0 || !strings.HasPrefix(string(after), string(before)) {
			t.Errorf("the resume did not go on with the recorded journal (%d bytes recorded, %d after)", len(before), len(after))
		}
		got, _ := os.ReadFile(spec)
		if !strings.Contains(string(got), "Uploads can fail.") {
			t.Errorf("the resumed run did not apply the mechanical fix:\n%s", got)
		}
		if _, err := l.Undo(context.Background(), 0); err != nil {
			t.Fatalf("undo: %v", err)
		}
		orig, _ := os.ReadFile(filepath.Join("testdata", "spec.md"))
		if got, _ := os.ReadFile(spec); string(got) != string(orig) {
			t.Error("undo did not bring the recorded spec back")
		}
		return
	}
	t.Fatal("the resumed run still waited after 6 answers")
}

// answer is what a person who takes every default would answer q:
// loop.AutoAsker's answer.
func answer(t *testing.T, q loop.Question) loop.Answer {
	t.Helper()
	a, err := loop.AutoAsker{}.Ask(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
