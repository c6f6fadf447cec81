package multishot

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

func TestReadPoliciesNearestLast(t *testing.T) {
	r := newRepo(t)
	r.write("REVIEW.md", "root rule\r\n")
	r.write("a/REVIEW.md", "a rule（日本語）")
	r.write("a/b/REVIEW.md", "b rule\n")
	r.write("z/REVIEW.md", "z rule\n")
	r.write("a/b/x.go", "package b\n")
	r.write("c/y.go", "package c\n")
	r.commit("base")
	r.write("a/b/x.go", "package b\n\n// changed\n")
	r.write("c/y.go", "package c\n\n// changed\n")
	c, err := ReadChange(context.Background(), Target{Repo: r.dir, Kind: Uncommitted})
	if err != nil {
		t.Fatal(err)
	}
	ps, err := ReadPolicies(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range ps {
		got = append(got, p.Path+"="+p.Text)
	}
	if want := "REVIEW.md=root rule\r\n|a/REVIEW.md=a rule（日本語）|a/b/REVIEW.md=b rule\n"; strings.Join(got, "|") != want {
		t.Errorf("policies %q, want %q (z/ has no changed file)", strings.Join(got, "|"), want)
	}
	if fp := policiesFor(ps, []string{"c/y.go"}); len(fp) != 1 || fp[0].Path != "REVIEW.md" {
		t.Errorf("policies for c/y.go: %+v", fp)
	}
	// The policies reach the reviewer's prompt word for word.
	req := (&LLMReviewer{}).Request(ShotInput{Slice: codeSlice, Task: "the task", Policies: ps})
	text := req.Messages[0].Text()
	if !strings.Contains(text, "a rule（日本語）") || strings.Index(text, "root rule") > strings.Index(text, "b rule") {
		t.Errorf("prompt:\n%s", text)
	}
}

func TestUntrackedFiles(t *testing.T) {
	r := newRepo(t)
	r.write("a.txt", "a\n")
	r.commit("base")
	r.write("new/one.md", "# one\r\ntwo\r\nthree")
	r.write(".gitignore", "*.log\n")
	r.write("debug.log", "ignored\n")
	c, err := ReadChange(context.Background(), Target{Repo: r.dir, Kind: Uncommitted})
	if err != nil {
		t.Fatal(err)
	}
	if got := filesOf(c); got != ".gitignore added 1\nnew/one.md added 1-3\n" {
		t.Errorf("files %q", got)
	}
}

func TestNoHeadYet(t *testing.T) {
	r := newRepo(t)
	r.write("first.go", "package first\n")
	c, err := ReadChange(context.Background(), Target{Repo: r.dir, Kind: Uncommitted})
	if err != nil {
		t.Fatal(err)
	}
	if got := filesOf(c); got != "first.go added 1\n" {
		t.Errorf("files %q", got)
	}
}

func TestOfflineClassifier(t *testing.T) {
	c := &Change{Files: []File{{Path: "loop/run.go"}, {Path: "loop/run_test.go"}, {Path: "README.md"}, {Path: "docs/a.md"},
		{Path: "go.mod"}, {Path: "main.go"}, {Path: "x.png", Skipped: "binary"}, {Path: "Über/x.go"}}}
	sl, _, err := OfflineClassifier{}.Classify(context.Background(), ClassifyInput{Change: c})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range sl {
		got = append(got, s.Name+"="+strings.Join(s.Files, ","))
		if err := s.Validate(nil); err != nil {
			t.Error(err)
		}
	}
	if want := "code=main.go|code-ber=Über/x.go|code-loop=loop/run.go|config=go.mod|docs=README.md,docs/a.md|tests-loop=loop/run_test.go"; strings.Join(got, "|") != want {
		t.Errorf("slices %q\nwant     %q", strings.Join(got, "|"), want)
	}
	// More than MaxSlices folder groups: one slice per kind.
	many := &Change{}
	for _, d := range strings.Split("a b c d e f g h i j k", " ") {
		many.Files = append(many.Files, File{Path: d + "/x.go"})
	}
	if sl, _, _ := (OfflineClassifier{}).Classify(context.Background(), ClassifyInput{Change: many}); len(sl) != 1 || len(sl[0].Files) != 11 {
		t.Errorf("%d slices", len(sl))
	}
}

func TestSliceAndResultValidation(t *testing.T) {
	for _, s := range []Slice{
		{Name: "Bad", Prompt: "p", Files: []string{"a"}},
		{Name: "-x", Prompt: "p", Files: []string{"a"}},
		{Name: strings.Repeat("a", 65), Prompt: "p", Files: []string{"a"}},
		{Name: "ok", Prompt: " ", Files: []string{"a"}},
		{Name: "ok", Prompt: "p"},
		{Name: "ok", Prompt: "p", Files: []string{"other"}},
	} {
		if err := s.Validate([]string{"a"}); !errors.Is(err, ErrBadSlice) {
			t.Errorf("Validate(%+v) = %v", s, err)
		}
	}
	if err := (Slice{Name: "a.b_c-1", Prompt: "p", Files: []string{"a"}}).Validate([]string{"a"}); err != nil {
		t.Error(err)
	}
	end := 2
	for _, r := range []Result{
		{SchemaVersion: 2},
		{SchemaVersion: 1, Findings: []ShotFinding{{Severity: "P4", Title: "t", Content: "c", Location: Location{Path: "a", StartLine: 1}}}},
		{SchemaVersion: 1, Findings: []ShotFinding{{Severity: P1, Title: "t", Content: " \n", Location: Location{Path: "a", StartLine: 1}}}},
		{SchemaVersion: 1, Findings: []ShotFinding{{Severity: P1, Title: "t", Content: "c", Location: Location{Path: "b", StartLine: 1}}}},
		{SchemaVersion: 1, Findings: []ShotFinding{{Severity: P1, Title: "t", Content: "c", Location: Location{Path: "a", StartLine: 3, EndLine: &end}}}},
	} {
		if err := r.Validate([]string{"a"}); !errors.Is(err, ErrInvalidResult) {
			t.Errorf("Validate(%+v) = %v", r, err)
		}
	}
}

// TestModelReviewerInvalidRetried: a model whose answer breaks the schema
// twice (the answer and its repair) fails the shot, which is retried
// alone; a valid answer then counts.
func TestModelReviewerInvalidRetried(t *testing.T) {
	r := sampleRepo(t)
	good := `{"schema_version":1,"findings":[{"severity":"P2","title":"Open error ignored","content":"check it","location":{"path":"app/main.go","start_line":6,"end_line":null}}]}`
	p := scripted.New(scripted.Text(`{"schema_version":1,"findings":[{"severity":"P9"}]}`), scripted.Text("still not JSON"), scripted.Text(good))
	sum := run(t, &Loop{Reviewer: &LLMReviewer{Provider: p}, Classifier: fixedSlices(codeSlice), Mode: Report}, r)
	if p.Calls() != 3 || len(sum.Findings) != 1 || sum.Waves[0].Shots[0].Attempts != 2 || sum.Findings[0].Location.EndLine != nil {
		t.Errorf("calls %d, findings %+v, shots %+v", p.Calls(), sum.Findings, sum.Waves[0].Shots)
	}
	if sum.Usage.Calls != 3 {
		t.Errorf("usage %+v: every call counted, the failed ones too", sum.Usage)
	}
	req := p.Requests()[0]
	if req.SchemaName != "review_result" || !strings.Contains(string(req.Schema), `"P3"`) || !strings.Contains(req.Messages[0].Text(), "make main open x") {
		t.Errorf("request: %s %s", req.SchemaName, req.Schema)
	}
}

func TestShotTimeoutRetried(t *testing.T) {
	r := sampleRepo(t)
	n := 0
	slow := ReviewerFunc(func(ctx context.Context, in ShotInput) (Result, agent.Usage, error) {
		if n++; n == 1 {
			<-ctx.Done()
			return Result{}, agent.Usage{}, ctx.Err()
		}
		return Result{SchemaVersion: 1}, agent.Usage{}, nil
	})
	sum := run(t, &Loop{Reviewer: slow, Classifier: fixedSlices(codeSlice), Timeout: 50 * time.Millisecond, Mode: Report}, r)
	if n != 2 || sum.Waves[0].Shots[0].Attempts != 2 || sum.Slices[0].Status != Clean {
		t.Errorf("calls %d, shots %+v, slice %+v", n, sum.Waves[0].Shots, sum.Slices[0])
	}

	t.Run("every attempt fails", func(t *testing.T) {
		r := sampleRepo(t)
		bad := ReviewerFunc(func(context.Context, ShotInput) (Result, agent.Usage, error) {
			return Result{}, agent.Usage{}, errors.New("server down")
		})
		sum := run(t, &Loop{Reviewer: bad, Classifier: fixedSlices(codeSlice), Retries: 1}, r)
		if sum.OK || sum.Slices[0].Status != Failed || !strings.Contains(sum.Slices[0].Error, "server down") || sum.Waves[0].Shots[0].Attempts != 2 {
			t.Errorf("ok %t slice %+v shots %+v", sum.OK, sum.Slices[0], sum.Waves[0].Shots)
		}
	})
}

func TestUncoveredFileNoted(t *testing.T) {
	r := sampleRepo(t)
	sum := run(t, &Loop{Reviewer: &script{}, Classifier: fixedSlices(codeSlice), Mode: Report}, r)
	if len(sum.Notes) != 1 || sum.Notes[0] != "docs/guide.md is in no slice: not reviewed" {
		t.Errorf("notes %q", sum.Notes)
	}
}

func TestPanickingReviewerRetried(t *testing.T) {
	r := sampleRepo(t)
	n := 0
	rev := ReviewerFunc(func(context.Context, ShotInput) (Result, agent.Usage, error) {
		if n++; n == 1 {
			panic("reviewer bug")
		}
		return Result{SchemaVersion: 1}, agent.Usage{}, nil
	})
	sum := run(t, &Loop{Reviewer: rev, Classifier: fixedSlices(codeSlice), Mode: Report}, r)
	if n != 2 || sum.Waves[0].Shots[0].Attempts != 2 || sum.Slices[0].Status != Clean {
		t.Errorf("calls %d shots %+v", n, sum.Waves[0].Shots)
	}
}
