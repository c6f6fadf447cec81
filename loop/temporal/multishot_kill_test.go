package temporal_test

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop/multishot"
	"github.com/kaigi-dev/kaigi/loop/temporal"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// slowMultishot is the multi-shot review on its offline reviewer, a slice
// a changed file, three shots a pass and a judgement after each, whose every shot and judgement
// waits delay and, when log is set, appends "start CALL" to it as it
// begins: "shot wW/SLICE#N" or "judge SLICE#ATTEMPT".
func slowMultishot(delay time.Duration, log string) temporal.Driver {
	note := func(call string) error {
		if log == "" {
			return nil
		}
		f, err := os.OpenFile(log, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = fmt.Fprintln(f, "start", call)
		return err
	}
	wait := func(ctx context.Context) error {
		select {
		case <-time.After(delay):
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	prose := multishot.OfflineReviewer{NoVet: true, Prose: offline.Editorial(offline.Config{})}
	return multishot.NewDriver(func(multishot.Args) (*multishot.Loop, error) {
		return &multishot.Loop{
			Reviewer: multishot.ReviewerFunc(func(ctx context.Context, in multishot.ShotInput) (multishot.Result, agent.Usage, error) {
				if err := note(fmt.Sprintf("shot w%d/%s#%d", in.Wave, in.Slice.Name, in.Shot)); err != nil {
					return multishot.Result{}, agent.Usage{}, err
				}
				if err := wait(ctx); err != nil {
					return multishot.Result{}, agent.Usage{}, err
				}
				return prose.Review(ctx, in)
			}),
			Judge: multishot.JudgeFunc(func(ctx context.Context, in multishot.JudgeInput) (multishot.Verdict, agent.Usage, error) {
				if err := note(fmt.Sprintf("judge %s#%d", in.Slice.Name, in.Attempt)); err != nil {
					return multishot.Verdict{}, agent.Usage{}, err
				}
				if err := wait(ctx); err != nil {
					return multishot.Verdict{}, agent.Usage{}, err
				}
				return multishot.RuleJudge{}.Judge(ctx, in)
			}),
			// A slice a file, so that two slices' shots go at once.
			Classifier: multishot.ClassifierFunc(func(_ context.Context, in multishot.ClassifyInput) ([]multishot.Slice, agent.Usage, error) {
				var out []multishot.Slice
				for i, f := range in.Change.Reviewed() {
					out = append(out, multishot.Slice{Name: fmt.Sprintf("doc-%d", i+1), Prompt: "Review the prose.", Files: []string{f.Path}})
				}
				return out, agent.Usage{}, nil
			}),
			Shots: 3, MaxPasses: 1,
		}, nil
	})
}

// TestMultishotWorkerKilled: on a real Temporal server, the worker running
// a multi-shot review of a git work tree in the workspace is killed with
// SIGKILL while shots are in flight; a new worker ends the session with
// the same documents, artifacts and journal records as in a process,
// every shot and judgement was an activity of its own, and none was
// started more often than its activity was attempted (a recorded call is
// not made again: only those cut by the kill are).
func TestMultishotWorkerKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Temporal server and worker processes")
	}
	const delay = 400 * time.Millisecond
	work, store, log := t.TempDir(), t.TempDir(), t.TempDir()+"/calls.log"
	docs := gitTreeWith(t, map[string]string{"notes/todo.md": "# Todo\n\nIn today's fast-paced world, it is worth noting that the the list is very very long.\n"})
	stop, want := inProcess(t, slowMultishot(0, ""), work, "ms-kill", multishotArgs, docs)

	k := killRun{id: "ms-kill", driver: "multishot-slow", in: temporal.Input{Args: multishotArgs}, docs: docs, word: "start shot", calls: 2, at: "start", delay: delay}.run(t, store, work, log)
	c, ctx, res, got, killedAt := k.c, k.ctx, k.res, k.got, k.killedAt
	if res.Reason != stop.Reason || res.Text != stop.Text || res.Usage != stop.Usage || len(res.Artifacts) != len(stop.Artifacts) {
		t.Errorf("stopped %q (%s, %+v, %q), in a process %q (%s, %+v, %q)", res.Reason, res.Text, res.Usage, res.Artifacts,
			stop.Reason, stop.Text, stop.Usage, stop.Artifacts)
	}
	sameSession(t, got, want)

	// Every shot and judgement an activity; each started no more often
	// than its activity was attempted.
	attempts := callAttempts(t, historyOf(ctx, t, c, "ms-kill"))
	shotKey := regexp.MustCompile(`^(w\d+/.+#\d+)$`)
	judgeKey := regexp.MustCompile(`^w\d+/(.+)/judge#(\d+)$`)
	allowed := map[string]int{} // the log's call names: the sum of their activities' attempts
	retried, shots, judges := 0, 0, 0
	for key, n := range attempts {
		switch {
		case judgeKey.MatchString(key):
			m := judgeKey.FindStringSubmatch(key)
			allowed["judge "+m[1]+"#"+m[2]] += n // one name for the slice's windows
			judges++
		case shotKey.MatchString(key):
			allowed["shot "+key] += n
			shots++
		default:
			t.Errorf("call %s is neither a shot nor a judgement", key)
		}
		if n > 1 {
			retried++
		}
	}
	made := map[string]int{}
	for _, l := range readLines(t, log) {
		if call, ok := strings.CutPrefix(l, "start "); ok {
			made[call]++
		}
	}
	for call, n := range made {
		if n > allowed[call] {
			t.Errorf("%s was started %d times, its activities attempted %d times", call, n, allowed[call])
		}
	}
	if shots < 6 || judges == 0 {
		t.Errorf("%d shots and %d judgements were activities; want two slices' three shots and a judgement", shots, judges)
	}
	if retried == 0 || retried > 6 {
		t.Errorf("%d calls retried; those in flight at the kill (1 to 6) should be", retried)
	}
	t.Logf("killed after %d calls started; %d shots and %d judgements recorded, %d retried; %s after %d advances", killedAt, shots, judges, retried, res.Reason, res.Advances)
}
