package writing_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/export"
	"github.com/kaigi-dev/kaigi/loop/writing"
)

// driverStop runs episode 1 of a new project folder on the offline roles,
// asker answering the gates, and returns the folder and the Stop.
func driverStop(t *testing.T, asker loop.Asker) (string, loop.Stop) {
	t.Helper()
	dir := projectFolder(t)
	d := writing.NewDriver(func(a writing.Args) (*writing.Episode, error) {
		e, err := offlineEpisode(a)
		if err == nil {
			e.Asker = asker
		}
		return e, err
	})
	args, _ := json.Marshal(writing.Args{Episode: 1, Gate: loop.GateOwn})
	stop, err := d.Run(context.Background(), dir, args, false)
	if err != nil {
		t.Fatal(err)
	}
	return dir, stop
}

// stopOutcome decodes the Result of the Stop s of a run over dir, as a
// command does, and places it there (Outcome.At).
func stopOutcome(t *testing.T, s loop.Stop, dir string) *writing.Outcome {
	t.Helper()
	var r writing.Outcome
	if err := json.Unmarshal(s.Result, &r); err != nil {
		t.Fatalf("the Stop's Result: %v", err)
	}
	if err := r.At(dir, nil, s); err != nil {
		t.Fatal(err)
	}
	return &r
}

// TestAtSaved: the Outcome of a saved episode's Stop prints its
// paths under the story folder, has no error, and reports the polish
// fixes in the saved episode.
func TestAtSaved(t *testing.T) {
	dir, stop := driverStop(t, nil)
	r := stopOutcome(t, stop, dir)
	if !r.Saved || r.Dir != dir {
		t.Fatalf("%+v", r)
	}
	if err := r.Err(); err != nil {
		t.Errorf("a saved episode's Err: %v", err)
	}
	var b strings.Builder
	if err := r.WriteText(&b); err != nil || !strings.Contains(b.String(), "saved:        "+filepath.Join(dir, r.File)) {
		t.Errorf("WriteText: %v\n%s", err, b.String())
	}
	if len(r.Polish) == 0 {
		t.Fatal("the run polished nothing")
	}
	rep, err := r.Report(export.Tool{Name: "write-episode"})
	if err != nil {
		t.Fatal(err)
	}
	if err := rep.Check(); err != nil || !filepath.IsAbs(rep.Root) || len(rep.Results) != len(r.Polish) {
		t.Fatalf("report %+v, %v", rep, err)
	}
	for i, res := range rep.Results {
		p := r.Polish[i]
		if filepath.Join(rep.Root, filepath.FromSlash(res.File)) != filepath.Join(dir, r.File) || res.Finding.File != res.File {
			t.Errorf("result %d is about %s under %s, not %s", i, res.File, rep.Root, r.File)
		}
		want, quote := finding.Open, p.Quote
		if p.Applied {
			want, quote = finding.Applied, p.Fix
		}
		if res.Status != want || res.Finding.Quotes[0] != quote || res.Reviewer != p.From || res.Finding.Category != "polish" {
			t.Errorf("result %d: %+v for %+v", i, res, p)
		}
	}
	var sarif strings.Builder
	if err := export.Write(&sarif, export.FormatSARIF, rep); err != nil {
		t.Errorf("SARIF: %v", err)
	}

	r.File = "../elsewhere.txt"
	if _, err := r.Report(export.Tool{Name: "write-episode"}); err == nil {
		t.Error("a saved episode outside the story folder was reported")
	}
}

// TestAtNotSaved: the Outcome of an episode whose save was
// declined says why as its error, matching ErrNotSaved, and reports no
// fix; a Hint is added for a FORCE_PASS only.
func TestAtNotSaved(t *testing.T) {
	dir, stop := driverStop(t, loop.AskFunc(func(_ context.Context, q loop.Question) (loop.Answer, error) {
		if q.Key == "s7/save" {
			return loop.Answer{Key: q.Key, Choice: loop.No}, nil
		}
		return loop.AutoAsker{}.Ask(context.Background(), q)
	}))
	if stop.Reason != writing.NotSaved {
		t.Fatalf("stop %+v", stop)
	}
	r := stopOutcome(t, stop, dir)
	if r.Saved {
		t.Fatalf("%+v", r)
	}
	if err := r.Err(); !errors.Is(err, writing.ErrNotSaved) || err.Error() != stop.Text || !strings.Contains(err.Error(), "declined") {
		t.Errorf("Err %v, want the Stop's %q", err, stop.Text)
	}
	r.Hint = "decide with a gate that asks"
	if err := r.Err(); err.Error() != stop.Text {
		t.Errorf("a Hint on a %s: %v", r.Judgment.Grade, err)
	}
	r.Judgment.Grade = writing.ForcePass
	if err := r.Err(); !errors.Is(err, writing.ErrNotSaved) || err.Error() != stop.Text+"\ndecide with a gate that asks" {
		t.Errorf("a FORCE_PASS's Err %q", err)
	}
	rep, err := r.Report(export.Tool{Name: "write-episode"})
	if err != nil || len(rep.Results) != 0 || rep.Root == "" {
		t.Errorf("report of an episode not saved: %+v, %v", rep, err)
	}
	// A finished run's Stop again: the Outcome is journaled without why.
	var again writing.Outcome
	if err := (&again).Err(); !errors.Is(err, writing.ErrNotSaved) || err.Error() != writing.ErrNotSaved.Error() {
		t.Errorf("an Outcome with no why: %v", err)
	}
}

// failReader fails every call.
type failReader struct{}

func (failReader) Read(context.Context, writing.ReadTask) (writing.Feedback, agent.Usage, error) {
	return writing.Feedback{}, agent.Usage{}, errors.New("the reader's model is down")
}

func (failReader) Compare(context.Context, writing.CompareTask) (writing.Preference, agent.Usage, error) {
	return writing.Preference{}, agent.Usage{}, errors.New("the reader's model is down")
}

// TestDriverErrorSaysResume: a run that fails once started says that it
// resumes; one refused before it started, or past the arc, does not.
func TestDriverErrorSaysResume(t *testing.T) {
	const resume = "(run the same command again to resume)"
	d := writing.NewDriver(func(a writing.Args) (*writing.Episode, error) {
		e, err := offlineEpisode(a)
		if err == nil {
			e.Readers = func(writing.Persona) writing.Reader { return failReader{} }
		}
		return e, err
	})
	run := func(dir string, n int) error {
		args, _ := json.Marshal(writing.Args{Episode: n, Gate: loop.GateAuto})
		_, err := d.Run(context.Background(), dir, args, false)
		return err
	}
	dir := projectFolder(t)
	if err := run(dir, 1); err == nil || !strings.Contains(err.Error(), "the reader's model is down") || !strings.HasSuffix(err.Error(), resume) {
		t.Errorf("a started run: %v", err)
	}
	if err := run(projectFolder(t), 2); !errors.Is(err, writing.ErrNotInArc) || strings.Contains(err.Error(), resume) {
		t.Errorf("past the arc: %v", err)
	}
	if err := run(projectFolder(t)+"-missing", 1); err == nil || strings.Contains(err.Error(), resume) {
		t.Errorf("no folder: %v", err)
	}
}
