package writing_test

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/writing"
)

// The Outcome of a Driver's Stop for an episode whose FORCE_PASS was not
// saved, decoded from its Result and placed in the story folder: its
// error says why, and the command's Hint how to decide.
func ExampleOutcome_At() {
	res, _ := json.Marshal(writing.Outcome{Episode: 3, Title: "The Ferry", Judgment: writing.Judgment{Grade: writing.ForcePass}})
	stop := loop.Stop{Reason: writing.NotSaved, Text: "writing: the episode was not saved: its save was not confirmed", Result: res}
	r := new(writing.Outcome)
	if err := json.Unmarshal(stop.Result, r); err != nil {
		fmt.Println(err)
		return
	}
	r.At("story-dir", nil, stop)
	r.Hint = "read the drafts in story-dir/workspace, then run again with a gate that asks"
	fmt.Println(r.Dir, r.Saved)
	fmt.Println(r.Err())
	// Output:
	// story-dir false
	// writing: the episode was not saved: its save was not confirmed
	// read the drafts in story-dir/workspace, then run again with a gate that asks
}

// How to answer a Driver's run that waits, after its Stop.
func ExampleWriteWaiting() {
	stop := loop.Stop{Reason: string(loop.AwaitingDecisions), Text: "question s7/save: answer it in story/workspace/run/answers.json",
		Question: "workspace/run/questions.json", Answer: "workspace/run/answers.json"}
	writing.WriteWaiting(os.Stdout, stop)
	// Output:
	// Waiting for an answer: question s7/save: answer it in story/workspace/run/answers.json
	// Write it, then run the same command again to go on.
}
