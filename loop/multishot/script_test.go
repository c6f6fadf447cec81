package multishot

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

// script is a scripted reviewer: the findings of each "slice/pass/shot",
// none for any other, with optional delays per shot; it counts its calls.
type script struct {
	mu      sync.Mutex
	answers map[string][]ShotFinding
	fail    map[string]int // how many times a key fails before it answers
	delay   map[int]time.Duration
	calls   map[string]int
}

func (s *script) Review(ctx context.Context, in ShotInput) (Result, agent.Usage, error) {
	key := fmt.Sprintf("%s/%d/%d", in.Slice.Name, in.Pass, in.Shot)
	s.mu.Lock()
	if s.calls == nil {
		s.calls = map[string]int{}
	}
	s.calls[key]++
	n := s.calls[key]
	fails := s.fail[key]
	s.mu.Unlock()
	if d := s.delay[in.Shot]; d > 0 {
		select {
		case <-time.After(d):
		case <-ctx.Done():
			return Result{}, agent.Usage{}, ctx.Err()
		}
	}
	if n <= fails {
		return Result{SchemaVersion: 1, Findings: []ShotFinding{{Severity: P2, Title: "x", Content: "y", Location: Location{Path: "elsewhere.go", StartLine: 1}}}}, agent.Usage{Calls: 1}, nil
	}
	return Result{SchemaVersion: 1, Findings: slices.Clone(s.answers[key])}, agent.Usage{Calls: 1, InputTokens: 10}, nil
}

func (s *script) count(key string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls[key]
}

func sf(level Level, path string, start, end int, title string) ShotFinding {
	return ShotFinding{Severity: level, Title: title, Content: "because " + title, Location: Location{Path: path, StartLine: start, EndLine: &end}}
}

// fixedSlices classifies into the given slices.
func fixedSlices(sl ...Slice) Classifier {
	return ClassifierFunc(func(context.Context, ClassifyInput) ([]Slice, agent.Usage, error) { return sl, agent.Usage{}, nil })
}

// sampleRepo is a repository with an uncommitted change to two files, one
// Japanese with a BOM, CRLF line endings and no final newline.
func sampleRepo(t testing.TB) *repo {
	r := newRepo(t)
	r.write("app/main.go", "package main\n\nfunc main() {}\n")
	r.write("docs/guide.md", "# Guide\n\nOld text.\n")
	r.commit("base")
	r.write("app/main.go", "package main\n\nimport \"os\"\n\nfunc main() {\n\tf, _ := os.Open(\"x\")\n\tf.Close()\n}\n")
	r.write("docs/guide.md", "\ufeff# ガイド\r\n\r\nとても とても 大事な 変更。\r\nNew text")
	return r
}

var codeSlice = Slice{Name: "code", Prompt: "review the code", Files: []string{"app/main.go"}}
var docsSlice = Slice{Name: "docs", Prompt: "review the docs", Files: []string{"docs/guide.md"}}

// answers answers every triage question with choice (and text), recording
// the questions.
type answers struct {
	mu     sync.Mutex
	choice func(q loop.Question) (string, string)
	asked  []string
}

func (a *answers) Ask(_ context.Context, q loop.Question) (loop.Answer, error) {
	a.mu.Lock()
	a.asked = append(a.asked, q.Key)
	a.mu.Unlock()
	if q.Kind != loop.Choice {
		return loop.Answer{Key: q.Key, Choice: loop.Yes}, nil
	}
	c, text := a.choice(q)
	return loop.Answer{Key: q.Key, Choice: c, Text: text}, nil
}

func always(choice, text string) *answers {
	return &answers{choice: func(loop.Question) (string, string) { return choice, text }}
}

func run(t *testing.T, l *Loop, r *repo) *Summary {
	t.Helper()
	if l.Dir == "" {
		l.Dir = filepath.Join(t.TempDir(), "session")
	}
	sum, err := l.Run(context.Background(), Target{Repo: r.dir, Kind: Uncommitted}, "make main open x\n（原文のまま）")
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

func byTitle(sum *Summary) map[string][]Finding {
	m := map[string][]Finding{}
	for _, f := range sum.Findings {
		m[f.Title] = append(m[f.Title], f)
	}
	return m
}

func TestSiblingDedupeKeepsMostSevere(t *testing.T) {
	for _, order := range []string{"severe first", "severe last", "severe finishes first"} {
		t.Run(order, func(t *testing.T) {
			r := sampleRepo(t)
			mild := sf(P2, "app/main.go", 6, 6, "Error of os.Open ignored")
			severe := sf(P1, "app/main.go", 6, 7, "error of os.Open is ignored")
			other := sf(P3, "app/main.go", 7, 7, "Close error ignored")
			sc := &script{answers: map[string][]ShotFinding{}}
			switch order {
			case "severe first":
				sc.answers["code/1/1"], sc.answers["code/1/2"] = []ShotFinding{severe, other}, []ShotFinding{mild}
			case "severe last":
				sc.answers["code/1/1"], sc.answers["code/1/2"] = []ShotFinding{mild, other}, []ShotFinding{severe}
			default:
				sc.answers["code/1/1"], sc.answers["code/1/2"] = []ShotFinding{mild, other}, []ShotFinding{severe}
				sc.delay = map[int]time.Duration{1: 30 * time.Millisecond}
			}
			sum := run(t, &Loop{Reviewer: sc, Classifier: fixedSlices(codeSlice), Shots: 2, Mode: Report}, r)
			var kept, dup []Finding
			for _, f := range sum.Findings {
				if f.Location.StartLine != 6 {
					continue
				}
				if f.State.Current() == finding.Duplicate {
					dup = append(dup, f)
				} else {
					kept = append(kept, f)
				}
			}
			if len(kept) != 1 || kept[0].Severity != P1 || len(dup) != 1 || dup[0].State.DuplicateOf != kept[0].ID || dup[0].State.By != "auto" {
				t.Fatalf("kept %+v\nduplicates %+v", kept, dup)
			}
			if kept[0].Council.Severity != finding.High || dup[0].Council.Severity != finding.Medium {
				t.Errorf("Council severities %s, %s", kept[0].Council.Severity, dup[0].Council.Severity)
			}
			if m := sum.Marks; len(m) != 1 || !m[0].Auto || m[0].LineOverlap != 1 || m[0].TokenOverlap < DuplicateOverlap || m[0].Path != "app/main.go" {
				t.Errorf("marks %+v", m)
			}
			if n := len(byTitle(sum)["Close error ignored"]); n != 1 {
				t.Errorf("the other finding is there %d times", n)
			}
		})
	}
}

func TestInvalidResultRetriedAlone(t *testing.T) {
	r := sampleRepo(t)
	sc := &script{answers: map[string][]ShotFinding{"code/1/2": {sf(P3, "app/main.go", 6, 6, "name f better")}},
		fail: map[string]int{"code/1/2": 1}}
	l := &Loop{Reviewer: sc, Classifier: fixedSlices(codeSlice), Shots: 2, Mode: Report}
	sum := run(t, l, r)
	if sc.count("code/1/1") != 1 || sc.count("code/1/2") != 2 {
		t.Errorf("calls %v: the failed shot alone must be retried", sc.calls)
	}
	shots := sum.Waves[0].Shots
	if shots[1].Attempts != 2 || shots[1].Error != "" || shots[0].Attempts != 1 {
		t.Errorf("shots %+v", shots)
	}
	if len(sum.Findings) != 1 {
		t.Errorf("findings %+v", sum.Findings)
	}
	// Each attempt has its Markdown, the failed one with its reason, and
	// a record: the failure in err, the retry's result in out.
	failed, err := os.ReadFile(filepath.Join(l.Dir, "logs", "w1_code-2.md"))
	if err != nil || !strings.Contains(string(failed), "outcome: failed") || !strings.Contains(string(failed), "not a file of the slice") {
		t.Errorf("Markdown of the failed attempt: %s %v", failed, err)
	}
	retry, err := os.ReadFile(filepath.Join(l.Dir, "logs", "w1_code-2_retry1.md"))
	if err != nil || !strings.Contains(string(retry), sum.Findings[0].ID) {
		t.Errorf("Markdown of the retry: %s %v", retry, err)
	}
	if len(sum.Err) != 1 || sum.Err[0].Shot != 2 || sum.Err[0].Attempt != 1 || sum.Err[0].Status != "failed" || sum.Err[0].File != "logs/w1_code-2.md" {
		t.Errorf("err records %+v", sum.Err)
	}
	if len(sum.Out) != 2 || sum.Out[1].Shot != 2 || sum.Out[1].File != "logs/w1_code-2_retry1.md" || !slices.Equal(sum.Out[1].IDs, []string{sum.Findings[0].ID}) {
		t.Errorf("out records %+v", sum.Out)
	}
}

func TestReportModeChangesNothing(t *testing.T) {
	r := sampleRepo(t)
	before := r.git("status", "--porcelain")
	doc := r.read("docs/guide.md")
	fixable := sf(P3, "docs/guide.md", 3, 3, "doubled word")
	fixable.Quote, fixable.Fix = "とても とても", "とても"
	sc := &script{answers: map[string][]ShotFinding{"docs/1/1": {fixable}, "code/1/1": {sf(P0, "app/main.go", 6, 6, "crash")}}}
	gate := always(ChoiceFix, "")
	sum := run(t, &Loop{Reviewer: sc, Classifier: fixedSlices(codeSlice, docsSlice), Mode: Report, Asker: gate}, r)
	if !sum.OK || sum.Remaining != 2 || len(sum.Open()) != 2 || len(sum.Judge) != 0 {
		t.Errorf("ok=%t remaining=%d open=%d judge=%v", sum.OK, sum.Remaining, len(sum.Open()), sum.Judge)
	}
	if len(gate.asked) != 0 {
		t.Errorf("Report mode asked %v", gate.asked)
	}
	if r.read("docs/guide.md") != doc || r.git("status", "--porcelain") != before {
		t.Error("Report mode changed the repository")
	}
}

func TestBarrierFixesAndReviewsAgain(t *testing.T) {
	r := sampleRepo(t)
	fixable := sf(P2, "docs/guide.md", 3, 3, "doubled word")
	fixable.Quote, fixable.Fix = "とても とても", "とても"
	sc := &script{answers: map[string][]ShotFinding{"docs/1/1": {fixable}}}
	sum := run(t, &Loop{Reviewer: sc, Classifier: fixedSlices(docsSlice)}, r)
	if got := r.read("docs/guide.md"); got != "\ufeff# ガイド\r\n\r\nとても 大事な 変更。\r\nNew text" {
		t.Errorf("document %q", got)
	}
	if !sum.OK || sum.Remaining != 0 || len(sum.Waves) != 2 || sum.Slices[0].Passes != 2 || sum.Slices[0].Status != Clean {
		t.Errorf("ok=%t remaining=%d waves=%d slices=%+v", sum.OK, sum.Remaining, len(sum.Waves), sum.Slices)
	}
	if sum.Findings[0].State.Current() != finding.Applied {
		t.Errorf("state %+v", sum.Findings[0].State)
	}
}

func TestShotDecay(t *testing.T) {
	r := sampleRepo(t)
	// Pass 1: shot 1 keeps a finding, shot 2 repeats it (a duplicate keeps
	// nothing), shot 3 finds nothing: the count drops from 3 to 1.
	x := sf(P2, "app/main.go", 6, 6, "open error ignored")
	sc := &script{answers: map[string][]ShotFinding{"code/1/1": {x}, "code/1/2": {x}, "code/2/1": {sf(P2, "app/main.go", 7, 7, "close error ignored")}}}
	sum := run(t, &Loop{Reviewer: sc, Classifier: fixedSlices(codeSlice), Shots: 3, ShotPasses: -1, Asker: always(ChoiceFixed, "done")}, r)
	if n := len(sum.Waves[0].Shots); n != 3 {
		t.Fatalf("wave 1 ran %d shots", n)
	}
	if n := len(sum.Waves[1].Shots); n != 1 {
		t.Errorf("wave 2 ran %d shots, want 1 after two clean shots", n)
	}
	if sc.count("code/2/2") != 0 || sum.Slices[0].Shots != 1 {
		t.Errorf("calls %v, shots %d", sc.calls, sum.Slices[0].Shots)
	}
	k := sum.Waves[0].Shots
	if k[0].Kept != 1 || k[1].Kept != 0 || k[2].Kept != 0 {
		t.Errorf("kept per shot %+v", k)
	}
}

func TestShotPassesBoundsMultiShot(t *testing.T) {
	r := sampleRepo(t)
	sc := &script{answers: map[string][]ShotFinding{"code/1/1": {sf(P2, "app/main.go", 6, 6, "a")}, "code/1/2": {sf(P2, "app/main.go", 7, 7, "b")}}}
	sum := run(t, &Loop{Reviewer: sc, Classifier: fixedSlices(codeSlice), Shots: 2, Asker: always(ChoiceFixed, "")}, r)
	if len(sum.Waves) != 2 || len(sum.Waves[0].Shots) != 2 || len(sum.Waves[1].Shots) != 1 {
		t.Errorf("waves %+v: pass 2 is past shot_passes (1) and runs one shot", sum.Waves)
	}
}

func TestJudgeDisagreementRetried(t *testing.T) {
	r := sampleRepo(t)
	sc := &script{answers: map[string][]ShotFinding{"code/1/1": {sf(P1, "app/main.go", 6, 6, "open error ignored")}}}
	var calls []int
	judge := JudgeFunc(func(_ context.Context, in JudgeInput) (Verdict, agent.Usage, error) {
		calls = append(calls, in.Attempt)
		if in.Attempt == 1 {
			return Verdict{SchemaVersion: 1, Verdict: Stop, Reason: "looks fine"}, agent.Usage{Calls: 1}, nil
		}
		return Verdict{SchemaVersion: 1, Verdict: Continue, Reason: "the error path of Open is a seam"}, agent.Usage{Calls: 1}, nil
	})
	sum := run(t, &Loop{Reviewer: sc, Classifier: fixedSlices(codeSlice), MaxPasses: 1, Judge: judge, Asker: always(ChoiceFixed, "")}, r)
	if !slices.Equal(calls, []int{1, 2}) || len(sum.Judge) != 2 || sum.Judge[0].Agrees || !sum.Judge[1].Agrees || sum.Judge[0].Rule != Continue {
		t.Fatalf("calls %v judge %+v", calls, sum.Judge)
	}
	if sl := sum.Slices[0]; sl.Window != 2 || sl.Passes != 2 || sl.Status != Clean {
		t.Errorf("slice %+v: continue opens window 2, pass 2 is clean", sl)
	}
	if sum.Findings[0].Final {
		t.Error("a continue marks nothing final")
	}

	t.Run("never agrees", func(t *testing.T) {
		r := sampleRepo(t)
		sc := &script{answers: map[string][]ShotFinding{"code/1/1": {sf(P3, "app/main.go", 6, 6, "nit")}}}
		n := 0
		judge := JudgeFunc(func(context.Context, JudgeInput) (Verdict, agent.Usage, error) {
			n++
			return Verdict{SchemaVersion: 1, Verdict: Continue, Reason: "more"}, agent.Usage{}, nil
		})
		sum := run(t, &Loop{Reviewer: sc, Classifier: fixedSlices(codeSlice), MaxPasses: 1, Judge: judge, JudgeRetries: 1, Asker: always(ChoiceIgnore, "fine")}, r)
		if n != 2 || sum.Slices[0].Status != JudgeFailed || sum.OK {
			t.Errorf("judge calls %d, slice %+v, ok %t", n, sum.Slices[0], sum.OK)
		}
	})
	t.Run("stop marks final", func(t *testing.T) {
		r := sampleRepo(t)
		sc := &script{answers: map[string][]ShotFinding{"code/1/1": {sf(P3, "app/main.go", 6, 6, "nit")}}}
		gate := always(ChoiceIgnore, "style only")
		sum := run(t, &Loop{Reviewer: sc, Classifier: fixedSlices(codeSlice), MaxPasses: 1, Asker: gate}, r)
		f := sum.Findings[0]
		if !f.Final || f.State.Current() != finding.Ignored || f.State.Reason != "style only" || sum.Slices[0].Status != JudgeStop || !sum.OK {
			t.Errorf("finding %+v slice %+v ok %t", f, sum.Slices[0], sum.OK)
		}
		if len(gate.asked) != 1 || !strings.Contains(gate.asked[0], "triage/"+f.ID) {
			t.Errorf("asked %v: a final finding is triaged", gate.asked)
		}
	})
}

func TestRule(t *testing.T) {
	p := func(n int, fs ...ShotFinding) PassFindings { return PassFindings{Pass: n, Findings: fs} }
	for _, c := range []struct {
		name   string
		passes []PassFindings
		want   string
	}{
		{"P0 in the last pass", []PassFindings{p(1), p(2, sf(P0, "a.go", 1, 1, "x"))}, Continue},
		{"P1 in the last pass", []PassFindings{p(1, sf(P3, "a.go", 1, 1, "x")), p(2, sf(P1, "b.go", 1, 1, "x"))}, Continue},
		{"P1 in one file in two consecutive passes", []PassFindings{p(1, sf(P1, "a.go", 1, 1, "x")), p(2, sf(P1, "a.go", 5, 5, "y")), p(3, sf(P2, "a.go", 1, 1, "z"))}, Continue},
		{"P1 in two files", []PassFindings{p(1, sf(P1, "a.go", 1, 1, "x")), p(2, sf(P1, "b.go", 5, 5, "y")), p(3)}, Stop},
		{"P1 in passes 1 and 3", []PassFindings{p(1, sf(P1, "a.go", 1, 1, "x")), p(2), p(3, sf(P2, "a.go", 1, 1, "y"))}, Stop},
		{"nits only", []PassFindings{p(1, sf(P2, "a.go", 1, 1, "x")), p(2, sf(P3, "a.go", 1, 1, "y"))}, Stop},
		{"no pass", nil, Stop},
	} {
		if got, why := Rule(c.passes); got != c.want || why == "" {
			t.Errorf("%s: Rule = %s (%s), want %s", c.name, got, why, c.want)
		}
	}
}

// TestReportFollowUpJudged: in Report mode too, a slice whose window is
// used up is judged before it goes on; stop leaves its findings open and
// final.
func TestReportFollowUpJudged(t *testing.T) {
	r := sampleRepo(t)
	sc := &script{answers: map[string][]ShotFinding{"code/1/1": {sf(P3, "app/main.go", 6, 6, "nit")}}}
	l := &Loop{Dir: t.TempDir() + "/s", Reviewer: sc, Classifier: fixedSlices(codeSlice), Mode: Report, MaxPasses: 1}
	sum := run(t, l, r)
	if len(sum.Judge) != 1 || sum.Judge[0].Verdict != Stop || !sum.Findings[0].Final || sum.Findings[0].State.Current() != finding.Open {
		t.Fatalf("judge %+v findings %+v", sum.Judge, sum.Findings)
	}
	if !sum.OK || sum.Remaining != 1 || sum.Slices[0].Status != JudgeStop {
		t.Errorf("ok %t remaining %d slice %+v", sum.OK, sum.Remaining, sum.Slices[0])
	}
	// A follow-up has nothing left to run: the slice is complete.
	again, err := l.Continue(context.Background())
	if err != nil || len(again.Waves) != 1 || sc.count("code/2/1") != 0 {
		t.Errorf("follow-up: %v, waves %d, calls %v", err, len(again.Waves), sc.calls)
	}
}
