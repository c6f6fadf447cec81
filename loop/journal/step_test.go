package journal

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

type answer struct {
	Text  string   `json:"text"`
	Lines []string `json:"lines"`
}

func TestStepRunsOncePerRun(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "j.jsonl")
	calls := 0
	fn := func(context.Context) (answer, error) {
		calls++
		return answer{Text: "日本語", Lines: []string{"a\r\n", "b"}}, nil
	}
	j := open(t, path, Options{})
	first, err := Step(ctx, j, "r1/review", fn)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Step(ctx, j, "r1/review", fn); !errors.Is(err, ErrDuplicateKey) {
		t.Fatalf("same key twice in one execution: %v, want ErrDuplicateKey", err)
	}
	j.Close()

	j = open(t, path, Options{}) // a resumed execution
	again, err := Step(ctx, j, "r1/review", fn)
	if err != nil {
		t.Fatal(err)
	}
	if calls != 1 || fmt.Sprint(again) != fmt.Sprint(first) {
		t.Fatalf("calls %d, replayed %v, first %v", calls, again, first)
	}
	if !j.Done("r1/review") || j.Done("r2/review") {
		t.Fatal("Done disagrees with the journal")
	}
}

func TestStepErrorIsNotJournaled(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "j.jsonl")
	boom := errors.New("rate limited")
	j := open(t, path, Options{})
	if _, err := Step(ctx, j, "k", func(context.Context) (int, error) { return 0, boom }); !errors.Is(err, boom) {
		t.Fatalf("got %v", err)
	}
	j.Close()
	j = open(t, path, Options{})
	v, err := Step(ctx, j, "k", func(context.Context) (int, error) { return 7, nil })
	if err != nil || v != 7 {
		t.Fatalf("retry after a failed step: %v %v", v, err)
	}
}

func TestStepCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	j := open(t, filepath.Join(t.TempDir(), "j.jsonl"), Options{})
	ran := false
	if _, err := Step(ctx, j, "k", func(context.Context) (int, error) { ran = true; return 1, nil }); !errors.Is(err, context.Canceled) || ran {
		t.Fatalf("cancelled step: err %v, ran %v", err, ran)
	}
}

func TestConcurrentSteps(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j := open(t, path, Options{})
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := Step(ctx, j, fmt.Sprint("call/", i), func(context.Context) (int, error) { return i, nil }); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	j.Close()
	j = open(t, path, Options{})
	for i := range 50 {
		v, err := Step(ctx, j, fmt.Sprint("call/", i), func(context.Context) (int, error) { return -1, nil })
		if err != nil || v != i {
			t.Fatalf("call %d replayed %d, %v", i, v, err)
		}
	}
}

func TestNowAndNewIDReplay(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "j.jsonl")
	clock := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	j := open(t, path, Options{Now: func() time.Time { return clock }})
	t1, _ := Now(ctx, j, "started")
	id1, _ := NewID(ctx, j, "id/1", "f_")
	j.Close()
	clock = clock.Add(time.Hour)
	j = open(t, path, Options{Now: func() time.Time { return clock }})
	t2, _ := Now(ctx, j, "started")
	id2, _ := NewID(ctx, j, "id/1", "f_")
	id3, _ := NewID(ctx, j, "id/2", "f_")
	if !t1.Equal(t2) || id1 != id2 || id1 == id3 || len(id1) != 18 {
		t.Fatalf("times %v %v, ids %q %q %q", t1, t2, id1, id2, id3)
	}
}

func TestTasksResumeOnlyMissing(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "j.jsonl")
	var runs atomic.Int32
	reader := func(name string, block chan struct{}) func(context.Context) (string, error) {
		return func(ctx context.Context) (string, error) {
			runs.Add(1)
			if block != nil {
				select {
				case <-block:
				case <-ctx.Done():
					return "", ctx.Err()
				}
			}
			return name + " liked it", nil
		}
	}
	// First execution: reader a finishes, reader b is cut off.
	j := open(t, path, Options{})
	tctx, cancel := context.WithCancel(ctx)
	a := Start(tctx, j, "reader/a", reader("a", nil))
	b := Start(tctx, j, "reader/b", reader("b", make(chan struct{})))
	if v, err := a.Wait(ctx); err != nil || v != "a liked it" {
		t.Fatalf("a: %q %v", v, err)
	}
	cancel()
	if _, err := b.Wait(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("b: %v", err)
	}
	j.Close()
	// Resumed: only b runs.
	runs.Store(0)
	j = open(t, path, Options{})
	a = Start(ctx, j, "reader/a", reader("a", nil))
	b = Start(ctx, j, "reader/b", reader("b", nil))
	va, _ := a.Wait(ctx)
	vb, err := b.Wait(ctx)
	if err != nil || va != "a liked it" || vb != "b liked it" || runs.Load() != 1 {
		t.Fatalf("resumed: %q %q %v, runs %d", va, vb, err, runs.Load())
	}
}

func TestTaskPanicIsItsError(t *testing.T) {
	j := open(t, filepath.Join(t.TempDir(), "j.jsonl"), Options{})
	task := Start(context.Background(), j, "p", func(context.Context) (int, error) { panic("reader crashed") })
	if _, err := task.Wait(context.Background()); err == nil {
		t.Fatal("a panicking task returned no error")
	}
}
