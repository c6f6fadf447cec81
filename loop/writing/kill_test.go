//go:build unix

package writing_test

import (
	"context"
	"crypto/sha256"
	"fmt"
	"github.com/kaigi-dev/kaigi/loop/killtest"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/writing"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// loggedReader is an offline reader that logs a violation when it is
// asked to read a draft whose reading the journal already held when the
// process started, or twice in one process, and kills the process at the
// kill-th reading that starts (inside the readers' background work).
type loggedReader struct {
	writing.OfflineReader
	log       string
	kill      int64
	reads     *atomic.Int64
	journaled map[string]bool
	mu        *sync.Mutex
	started   map[string]int
}

func (r loggedReader) Read(ctx context.Context, t writing.ReadTask) (writing.Feedback, agent.Usage, error) {
	h := sha256.Sum256([]byte(t.Draft))
	key := fmt.Sprintf("s5/read/%s/%x", t.Persona.ID, h[:8])
	r.mu.Lock()
	r.started[key]++
	again := r.started[key] > 1
	r.mu.Unlock()
	if r.journaled[key] || again {
		f, _ := os.OpenFile(r.log, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		fmt.Fprintf(f, "%s (journaled before: %t)\n", key, r.journaled[key])
		f.Close()
	}
	if r.reads.Add(1) == r.kill {
		killtest.Kill()
	}
	return r.OfflineReader.Read(ctx, t)
}

// TestWriteEpisodeChild is the child process of TestWriteEpisodeSurvivesKill.
func TestWriteEpisodeChild(t *testing.T) {
	dir := os.Getenv("KAIGI_WE_DIR")
	if dir == "" {
		t.Skip("child process of TestWriteEpisodeSurvivesKill")
	}
	at, _ := strconv.Atoi(os.Getenv("KAIGI_WE_KILL"))
	readKill, _ := strconv.ParseInt(os.Getenv("KAIGI_WE_READKILL"), 10, 64)
	var points atomic.Int64
	var reads atomic.Int64
	critics := offline.Editorial(offline.Config{Enabled: []string{offline.SetStrict}})
	journaled := map[string]bool{}
	if data, err := os.ReadFile(filepath.Join(dir, writing.RunDir, "episode-02", "journal.jsonl")); err == nil {
		recs, _, _ := journal.Parse(data)
		for _, r := range recs {
			journaled[r.Key] = r.Kind == journal.KindStep
		}
	}
	var mu sync.Mutex
	started := map[string]int{}
	e := &writing.Episode{Dir: dir, Number: 2,
		Author: writing.OfflineAuthor{Draft: []byte(englishDraft)}, Critic: writing.OfflineCritic{Critics: critics},
		Readers: func(writing.Persona) writing.Reader {
			return loggedReader{OfflineReader: writing.OfflineReader{Critics: critics}, log: dir + ".reads", kill: readKill, reads: &reads,
				journaled: journaled, mu: &mu, started: started}
		},
		JournalObserver: func(journal.Event) {
			if int(points.Add(1)) == at {
				killtest.Kill()
			}
		}}
	if _, err := e.Write(context.Background()); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("points=%d reads=%d\n", points.Load(), reads.Load())
}

// snapshot is what a run leaves: every file of the story folder but the
// journal, by content, and the journal's record keys (in any order: the
// readers' records land when they finish).
func snapshot(t *testing.T, dir string) string {
	var b strings.Builder
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() || strings.HasPrefix(rel, writing.RunDir) {
			return nil
		}
		data, _ := os.ReadFile(p)
		fmt.Fprintf(&b, "%s %x\n", rel, sha256.Sum256(data))
		return nil
	})
	j, err := journal.Open(filepath.Join(dir, writing.RunDir, "episode-02", "journal.jsonl"), journal.Options{Driver: writing.Driver, Kinds: []string{"writing.end"}})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	var keys []string
	for _, r := range j.Records() {
		k := r.Kind + " " + r.Key
		if r.Kind == "writing.end" {
			k += " " + string(r.Data)
		}
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return b.String() + strings.Join(keys, "\n")
}

func TestWriteEpisodeSurvivesKill(t *testing.T) {
	if testing.Short() {
		t.Skip("re-runs the test binary a few hundred times")
	}
	run := func(dir string, kill, readKill int) (string, error) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestWriteEpisodeChild$", "-test.v")
		cmd.Env = append(os.Environ(), "KAIGI_WE_DIR="+dir, "KAIGI_WE_KILL="+strconv.Itoa(kill), "KAIGI_WE_READKILL="+strconv.Itoa(readKill))
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	killed := func(err error) bool {
		return killtest.Killed(err)
	}
	ref := story(t, false)
	out, err := run(ref, 0, 0)
	if err != nil {
		t.Fatalf("uninterrupted run: %v\n%s", err, out)
	}
	var points, reads int
	fmt.Sscanf(out[strings.Index(out, "points="):], "points=%d reads=%d", &points, &reads)
	want := snapshot(t, ref)
	if points < 40 || reads != 6 || !strings.Contains(want, "episodes/02_The_Dark_Lamp.txt") {
		t.Fatalf("the uninterrupted run made %d journal points and %d readings:\n%s", points, reads, want)
	}
	t.Logf("the uninterrupted run makes %d journal points and %d readings; each is killed and resumed", points, reads)
	// The children wait on fsync more than they compute: run a few at once.
	var mu sync.Mutex
	var failures []string
	sem := make(chan struct{}, 3)
	var wg sync.WaitGroup
	check := func(what string, kill, readKill int) {
		defer wg.Done()
		defer func() { <-sem }()
		fail := func(format string, a ...any) {
			mu.Lock()
			failures = append(failures, what+": "+fmt.Sprintf(format, a...))
			mu.Unlock()
		}
		dir := story(t, false)
		if out, err := run(dir, kill, readKill); !killed(err) {
			fail("the child was not killed: %v\n%s", err, out)
			return
		}
		if out, err := run(dir, 0, 0); err != nil {
			fail("resume: %v\n%s", err, out)
			return
		}
		if got := snapshot(t, dir); got != want {
			fail("the resumed run differs:\n got %s\nwant %s", got, want)
		}
		if left := staleTemp(dir); len(left) > 0 {
			fail("temporary files left after the resumed run: %v", left)
		}
		if data, err := os.ReadFile(dir + ".reads"); err == nil {
			fail("a reader ran again on a draft it had read:\n%s", data)
		}
	}
	for at := 1; at <= points; at++ {
		sem <- struct{}{}
		wg.Add(1)
		go check(fmt.Sprintf("kill at journal point %d", at), at, 0)
	}
	for k := 1; k <= reads; k++ {
		sem <- struct{}{}
		wg.Add(1)
		go check(fmt.Sprintf("kill inside reading %d", k), 0, k)
	}
	wg.Wait()
	slices.Sort(failures)
	for _, f := range failures {
		t.Error(f)
	}
}

var tempRE = regexp.MustCompile(`^\..+\.[A-Z2-7]{10}\.tmp$`)

// staleTemp lists the temporary files of interrupted writes anywhere under
// dir, the run folder included.
func staleTemp(dir string) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && tempRE.MatchString(d.Name()) {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, rel)
		}
		return nil
	})
	return out
}
