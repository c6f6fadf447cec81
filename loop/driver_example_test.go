package loop_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// A loop as a Driver: its arguments are JSON, its run lives in a folder
// inside dir (the lifecycle locks, resumes and refuses), its stop names
// the artifact it wrote. StartOrResume starts anew what was never
// started; loop/temporal runs the same value on a workflow.
func ExampleDriverFunc() {
	greet := loop.DriverFunc(func(ctx context.Context, dir string, raw json.RawMessage, resume bool) (loop.Stop, error) {
		args, err := loop.DriverArgs[struct{ Name string }]("greet", raw)
		if err != nil {
			return loop.Stop{}, err
		}
		mode := loop.OpenStart
		if resume {
			mode = loop.OpenResume
		}
		f := loop.Folder{Dir: filepath.Join(dir, ".greet"), End: "greet.end",
			Journal: journal.Options{Driver: "greet", Kinds: []string{"greet.end"}}}
		j, _, err := f.Open(ctx, mode)
		if err != nil {
			return loop.Stop{}, err // a resume of nothing started: loop.ErrNotStarted
		}
		defer j.Close()
		text, err := journal.Step(ctx, j, loop.StartKey, func(context.Context) (string, error) { return "hello, " + args.Name, nil })
		if err != nil {
			return loop.Stop{}, err
		}
		out := filepath.Join(dir, "greeting.txt")
		if err := os.WriteFile(out, []byte(text+"\n"), 0o644); err != nil {
			return loop.Stop{}, err
		}
		if _, err := j.Append("greet.end", "", text); err != nil {
			return loop.Stop{}, err
		}
		return loop.Stop{Reason: "greeted", Text: text, Artifacts: loop.DriverArtifacts(dir, out)}, nil
	})

	dir, _ := os.MkdirTemp("", "example-")
	defer os.RemoveAll(dir)
	stop, err := loop.StartOrResume(context.Background(), greet, dir, json.RawMessage(`{"name":"Ren"}`), true)
	fmt.Println(stop.Reason, stop.Text, stop.Artifacts, err)
	// Output: greeted hello, Ren [greeting.txt] <nil>
}
