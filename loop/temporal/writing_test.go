package temporal_test

import (
	"encoding/json"
	"regexp"
	"testing"

	"github.com/kaigi-dev/kaigi/loop/temporal"
	"github.com/kaigi-dev/kaigi/loop/writing"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// writingDriver is the write-episode loop's Driver (writing.NewDriver)
// over its offline roles, the automatic gate answering its questions.
func writingDriver() temporal.Driver {
	return writing.NewDriver(func(writing.Args) (*writing.Episode, error) {
		critics := offline.Editorial(offline.Config{})
		return &writing.Episode{
			Author:  writing.OfflineAuthor{Draft: []byte(episodeDraft)},
			Critic:  writing.OfflineCritic{Critics: critics},
			Readers: func(writing.Persona) writing.Reader { return writing.OfflineReader{Critics: critics} },
		}, nil
	})
}

const episodeDraft = "The Dark Lamp\n\nIt is worth noting that the storm came early.\nBy nine the the lamp flickered.\nRen moved very slowly, with very careful hands.\nHe ran for the dinghy.\n"

// episodeArgs are writingDriver's arguments: episode 1, the automatic gate.
var episodeArgs = json.RawMessage(`{"episode":1,"gate":"auto"}`)

// episodeDocs is a one-episode story.
func episodeDocs() map[string][]byte {
	return map[string][]byte{
		"story/scenario-arc.md":    []byte("| episode | role | intensity | pull | notes |\n|---|---|---|---|---|\n| 1 | turn | 0.7 | A | 灯りが消える。 |\n"),
		"story/character-arcs.md":  []byte("- Ren doubts he belongs.\n"),
		"story/reader-personas.md": []byte("| id | name | focus |\n|---|---|---|\n| yuki | Yuki | pace and hooks |\n| mei | Mei | style and voice |\n"),
	}
}

// TestWritingSameAsInProcess: the write-episode loop on the workflow, its
// draft, review and discussion calls activities, saves the same episode
// with the same trackers and artifacts as in a process.
func TestWritingSameAsInProcess(t *testing.T) {
	work := t.TempDir()
	docs := episodeDocs()
	stop, want := inProcess(t, writingDriver(), work, "episode-1", episodeArgs, docs)

	res, got := onWorkflow(t, writingDriver(), work, "episode-1", temporal.Input{Driver: "writing", Args: episodeArgs}, docs, nil)
	if res.Reason != stop.Reason {
		t.Errorf("stopped %q, in a process %q", res.Reason, stop.Reason)
	}
	if res.Calls == 0 {
		t.Error("no call was made as an activity")
	}
	sameTree(t, got, want, regexp.MustCompile(`^s4/compare/`)) // each run draws its own A/B order
	t.Logf("%s after %d advances and %d calls", res.Reason, res.Advances, res.Calls)
}
