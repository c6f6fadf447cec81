package writing_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/writing"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// An episode written offline: the first draft is the user's, the arc
// reviewer asks for a revision, the readers prefer it, the judgment asks
// for a polish, and the episode is saved with the trackers and the
// quality log updated. The callback asker confirms the save and approves
// the retro's Try.
func ExampleEpisode_Write() {
	dir, _ := os.MkdirTemp("", "write-episode-example")
	defer os.RemoveAll(dir)
	files := map[string]string{
		"story/scenario-arc.md":    "| episode | role | intensity | pull | notes |\n|---|---|---|---|---|\n| 1 | turn | 0.7 | A | The lamp goes dark. |\n",
		"story/character-arcs.md":  "- Ren doubts he belongs.\n",
		"story/reader-personas.md": "| id | name | focus |\n|---|---|---|\n| yuki | Yuki | pace and hooks |\n| mei | Mei | style and voice |\n",
	}
	for name, text := range files {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755)
		os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644)
	}
	draft := "The Dark Lamp\n\nIt is worth noting that the storm came early.\nBy nine the the lamp flickered.\nRen moved very slowly, with very careful hands.\nHe ran for the dinghy.\n"
	critics := offline.Editorial(offline.Config{Enabled: []string{offline.SetStrict}})
	e := &writing.Episode{
		Dir: dir, Number: 1,
		Author:  writing.OfflineAuthor{Draft: []byte(draft)},
		Critic:  writing.OfflineCritic{Critics: critics},
		Readers: func(writing.Persona) writing.Reader { return writing.OfflineReader{Critics: critics} },
		Asker: loop.AskFunc(func(_ context.Context, q loop.Question) (loop.Answer, error) {
			if q.Kind == loop.Choice {
				return loop.Answer{Key: q.Key, Choice: "approve"}, nil
			}
			return loop.Answer{Key: q.Key, Choice: loop.Yes}, nil
		}),
	}
	res, err := e.Write(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range res.Revisions {
		fmt.Printf("v%d accepted: %t\n", r.Version, r.Accepted)
	}
	fmt.Println(res.Verdict, res.Judgment.Grade, res.File)
	saved, _ := os.ReadFile(filepath.Join(dir, res.File))
	fmt.Print(string(saved))
	// Output:
	// v1 accepted: true
	// OK PASS_WITH_POLISH episodes/01_The_Dark_Lamp.txt
	// The Dark Lamp
	//
	// The storm came early.
	// By nine the lamp flickered.
	// Ren moved slowly, with careful hands.
	// He ran for the dinghy.
}
