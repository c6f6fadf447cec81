package writing_test

import (
	"os"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop/writing"
)

// The completion report a command prints of a saved episode, its paths
// under the story folder "story-dir": one revision kept by the readers, a
// reader whose stars never move, one polish fix applied.
func ExampleOutcome_WriteText() {
	r := &writing.Outcome{
		Episode: 3, Title: "The Ferry", File: "episodes/03_the-ferry.txt", Saved: true,
		Judgment:  writing.Judgment{Grade: writing.PassWithPolish, Mean: 4, Median: 4, Reasons: []string{"the arc reviewer gave OK", "a reader found a slip"}},
		Verdict:   writing.OK,
		Version:   1,
		Revisions: []writing.Revision{{Version: 1, Accepted: true, Reason: "the readers preferred it 2 to 1"}},
		Stars:     map[string]int{"kai": 4},
		Readers:   []writing.ReaderStat{{Persona: "kai", Stars: []int{4, 4, 4}, Mean: 4, Stuck: true}},
		Polish:    []writing.PolishItem{{Applied: true}, {}},
		Usage:     agent.Usage{Calls: 2, InputTokens: 100, OutputTokens: 20},
		Dir:       "story-dir",
	}
	r.WriteText(os.Stdout)
	// Output:
	// Episode 3: The Ferry
	//   saved:        story-dir/episodes/03_the-ferry.txt
	//   revisions:    1 attempted, 1 accepted by the readers' pairwise comparison (final draft v1)
	//                 v1: the readers preferred it 2 to 1
	//   arc review:   OK; discussion rounds: 0
	//   judgment:     PASS_WITH_POLISH (the arc reviewer gave OK; a reader found a slip)
	//   readers:      mean ★4.00, median ★4.00
	//                 kai      ★4  over 3 episode(s): mean 4.00, variance 0.00  ← never moves: its stars tell nothing
	//   polish:       1 fix(es) applied
	//   usage:        2 model call(s), 120 tokens
	//   archive:      story-dir/archive/episode-03 (drafts draft-vN.txt, progress.md, reader feedback, retro)
	//   story files:  quality log, series tracker, summaries, handover notes and reader memories in story-dir/story
}
