package temporal_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/temporal"
	"github.com/kaigi-dev/kaigi/loop/writing"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// writingDriver is the write-episode loop as a Driver written with
// DriverFunc, its person a scripted asker (its answers are journaled like
// a person's).
func writingDriver() temporal.Driver {
	return temporal.DriverFunc(func(ctx context.Context, dir string, _ json.RawMessage, resume bool) (temporal.Stop, error) {
		draft, err := os.ReadFile(filepath.Join(dir, "draft.txt"))
		if err != nil {
			return temporal.Stop{}, err
		}
		critics := offline.Editorial(offline.Config{})
		e := &writing.Episode{
			Dir: dir, Number: 1,
			Author:  writing.OfflineAuthor{Draft: draft},
			Critic:  writing.OfflineCritic{Critics: critics},
			Readers: func(writing.Persona) writing.Reader { return writing.OfflineReader{Critics: critics} },
			Asker: loop.AskFunc(func(_ context.Context, q loop.Question) (loop.Answer, error) {
				if q.Kind == loop.Choice {
					return loop.Answer{Key: q.Key, Choice: "approve"}, nil
				}
				return loop.Answer{Key: q.Key, Choice: loop.Yes}, nil
			}),
		}
		res, err := e.Write(ctx)
		if err != nil {
			return temporal.Stop{}, err
		}
		return temporal.Stop{Reason: string(res.Verdict) + " " + string(res.Judgment.Outcome)}, nil
	})
}

// TestWritingSameAsInProcess: the write-episode loop on the workflow, its
// draft, review and discussion calls activities, saves the same episode
// with the same trackers and artifacts as in a process.
func TestWritingSameAsInProcess(t *testing.T) {
	work := t.TempDir()
	docs := map[string][]byte{
		"story/scenario-arc.md":    []byte("| episode | role | intensity | pull | notes |\n|---|---|---|---|---|\n| 1 | turn | 0.7 | A | 灯りが消える。 |\n"),
		"story/character-arcs.md":  []byte("- Ren doubts he belongs.\n"),
		"story/reader-personas.md": []byte("| id | name | focus |\n|---|---|---|\n| yuki | Yuki | pace and hooks |\n| mei | Mei | style and voice |\n"),
		"draft.txt":                []byte("The Dark Lamp\n\nIt is worth noting that the storm came early.\nBy nine the the lamp flickered.\nRen moved very slowly, with very careful hands.\nHe ran for the dinghy.\n"),
	}
	stop, want := inProcess(t, writingDriver(), work, "episode-1", nil, docs)

	res, got := onWorkflow(t, writingDriver(), work, "episode-1", temporal.Input{Driver: "writing"}, docs, nil)
	if res.Reason != stop.Reason {
		t.Errorf("stopped %q, in a process %q", res.Reason, stop.Reason)
	}
	if res.Calls == 0 {
		t.Error("no call was made as an activity")
	}
	sameTree(t, got, want, regexp.MustCompile(`^s4/compare/`)) // each run draws its own A/B order
	t.Logf("%s after %d advances and %d calls", res.Reason, res.Advances, res.Calls)
}
