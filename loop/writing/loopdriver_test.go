package writing_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/internal/drivertest"
	"github.com/kaigi-dev/kaigi/loop/writing"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// offlineEpisode is an episode on the offline roles over a fixed draft,
// as a Driver's configure function.
func offlineEpisode(writing.Args) (*writing.Episode, error) {
	critics := offline.Editorial(offline.Config{})
	return &writing.Episode{
		Author:  writing.OfflineAuthor{Draft: []byte("The Dark Lamp\n\nIt is worth noting that the storm came early.\nBy nine the the lamp flickered.\nRen moved very slowly, with very careful hands.\nHe ran for the dinghy.\n")},
		Critic:  writing.OfflineCritic{Critics: critics},
		Readers: func(writing.Persona) writing.Reader { return writing.OfflineReader{Critics: critics} },
	}, nil
}

// projectFolder returns a project folder with a one-episode story.
func projectFolder(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range map[string]string{
		"story/scenario-arc.md":    "| episode | role | intensity | pull | notes |\n|---|---|---|---|---|\n| 1 | turn | 0.7 | A | 灯りが消える。 |\n",
		"story/character-arcs.md":  "- Ren doubts he belongs.\n",
		"story/reader-personas.md": "| id | name | focus |\n|---|---|---|\n| yuki | Yuki | pace and hooks |\n| mei | Mei | style and voice |\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestDriverAnsweredByFile: the write-episode loop as a loop.Driver with
// the file gate stops at each question naming the run folder's
// questions.json and answers.json; answered with each question's default
// and resumed, it saves the same episode with the same stop as the
// automatic gate. A resume of an episode never started is
// loop.ErrNotStarted, and a finished one returns its stop again.
func TestDriverAnsweredByFile(t *testing.T) {
	ctx := context.Background()
	d := writing.NewDriver(offlineEpisode)
	autoDir := projectFolder(t)
	auto, _ := json.Marshal(writing.Args{Episode: 1, Gate: loop.GateAuto})
	want, err := d.Run(ctx, autoDir, auto, false)
	if err != nil || want.Waiting() || want.Reason == "" || len(want.Artifacts) != 1 {
		t.Fatalf("auto gate: %+v, %v", want, err)
	}

	dir := projectFolder(t)
	args, _ := json.Marshal(writing.Args{Episode: 1})
	if _, err := d.Run(ctx, dir, args, true); !errors.Is(err, loop.ErrNotStarted) {
		t.Fatalf("resume before any run: %v, want ErrNotStarted", err)
	}
	r, err := drivertest.RunAnswered(ctx, d, dir, args)
	if err != nil {
		t.Fatal(err)
	}
	stop, answers := r.Stop, r.Answers
	for _, w := range r.Waits {
		if w.Answer != ".write-episode/episode-01/"+loop.AnswersFile {
			t.Errorf("waited for %+v", w)
		}
	}
	if len(answers) == 0 {
		t.Error("the file gate asked nothing")
	}
	if stop.Reason != want.Reason || stop.Text != want.Text || !slices.Equal(stop.Artifacts, want.Artifacts) {
		t.Errorf("stopped %+v, with the automatic gate %+v", stop, want)
	}
	a, _ := os.ReadFile(filepath.Join(autoDir, filepath.FromSlash(want.Artifacts[0])))
	b, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(stop.Artifacts[0])))
	if len(a) == 0 || string(a) != string(b) {
		t.Error("the saved episode differs from the automatic gate's")
	}
	again, err := d.Run(ctx, dir, args, true)
	if err != nil || again.Reason != stop.Reason || again.Text != stop.Text {
		t.Errorf("a finished episode resumed: %+v, %v; want its stop again", again, err)
	}
}
