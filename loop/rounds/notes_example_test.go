package rounds_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// A loop whose edit is not a set of findings: each round an author offers
// a new title, a judge weighs it against the current one, and the new
// title is kept only when it wins. The run stops once the current title
// held twice in a row (WonInARow) or after 4 rounds. Its rounds are
// notes, from which FinishNotes (OutcomeOf, WriteSummary, Finish) gives the outcome,
// summary.md and the exit error that a findings loop gets from Review's
// rounds, and RunConfig.Describe says its stop in its own words.
func ExampleRun_FinishNotes() {
	folder, _ := os.MkdirTemp("", "notes-example")
	defer os.RemoveAll(folder)
	doc := filepath.Join(folder, "post.md")
	os.WriteFile(doc, []byte("# A long title about the Go language\n"), 0o644)
	ctx := context.Background()
	cfg := rounds.RunConfig{Dir: filepath.Join(folder, ".titles"), Driver: "titles",
		Describe: func(r loop.StopReason) string { // the loop's own words; "" leaves the kernel's
			if r == loop.Converged {
				return "converged: the current title held 2 rounds in a row"
			}
			return ""
		}}
	r, err := rounds.OpenRun(ctx, cfg, []string{doc}, false, true, func() struct{} { return struct{}{} }, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()

	offers := []string{"Go in brief", "Go, as its authors tell it", "Learning Go today", "Go"}
	oneCall := agent.Usage{Calls: 1, InputTokens: 40, OutputTokens: 8}
	stop := loop.FirstOf(loop.NoAnswer(), loop.WonInARow(2), loop.RoundCap(4))
	current := "A long title about the Go language"
	var notes []rounds.RoundNote
	var sums []loop.RoundSummary
	var reason loop.StopReason
	for n := 1; reason == ""; n++ {
		// Every value that could differ between executions is a step.
		offer, _ := journal.Step(ctx, r.J, fmt.Sprintf("r%d/author", n), func(context.Context) (string, error) { return offers[n-1], nil })
		won, _ := journal.Step(ctx, r.J, fmt.Sprintf("r%d/judge", n), func(context.Context) (bool, error) { return len(offer) < len(current), nil })
		note := fmt.Sprintf("%q lost to %q", offer, current)
		if won {
			note, current = fmt.Sprintf("%q won over %q and was kept", offer, current), offer
		}
		notes = append(notes, rounds.RoundNote{Round: n, Note: note,
			Calls: []rounds.Call{{Who: "author", Model: "m", Usage: oneCall}, {Who: "judge", Model: "m", Usage: oneCall}}})
		sums = append(sums, loop.RoundSummary{Round: n, Answered: 1, Held: !won, Changed: won})
		reason, _ = stop(sums)
	}

	// OutcomeOf, WriteSummary and Finish in one call.
	_, err = r.FinishNotes("Titles", notes, reason, agent.Prices{"m": {Input: 1, Output: 5}})
	fmt.Println("finish:", err) // nil: converged; loop.ErrNotConverged at the cap
	summary, _ := os.ReadFile(filepath.Join(cfg.Dir, "summary.md"))
	fmt.Print(strings.Split(string(summary), "## Artifacts")[0])
	// Output:
	// finish: <nil>
	// # Titles (3 round(s))
	//
	// Stopped: converged: the current title held 2 rounds in a row.
	//
	// ## Rounds
	//
	// - [R1] "Go in brief" won over "A long title about the Go language" and was kept
	// - [R2] "Go, as its authors tell it" lost to "Go in brief"
	// - [R3] "Learning Go today" lost to "Go in brief"
	//
	// ## Usage
	//
	// 6 model call(s); tokens: 240 input, 48 output, 0 cache read, 0 cache write; cost $0.0005.
	//
	// | round | reviewer | model | calls | tokens | cost (USD) |
	// | --- | --- | --- | --- | --- | --- |
	// | 1 | author | m | 1 | 48 | 0.0001 |
	// | 1 | judge | m | 1 | 48 | 0.0001 |
	// | 2 | author | m | 1 | 48 | 0.0001 |
	// | 2 | judge | m | 1 | 48 | 0.0001 |
	// | 3 | author | m | 1 | 48 | 0.0001 |
	// | 3 | judge | m | 1 | 48 | 0.0001 |
}
