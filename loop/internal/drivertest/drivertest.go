// Package drivertest runs a loop.Driver as a person at the file gate
// would: a stop waiting for an answer is answered in its answers file and
// the run resumed, until it ends.
package drivertest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/kaigi-dev/kaigi/loop"
)

// MaxWaits bounds the answers RunAnswered writes before it gives up.
const MaxWaits = 10

// Answered is how a run RunAnswered answered went.
type Answered struct {
	Stop    loop.Stop     // how the run ended
	Waits   []loop.Stop   // the stops that waited, in order
	Answers []loop.Answer // the answers written, the last time
}

// RunAnswered starts d in dir with args and, while the run waits for a
// person's answer (loop.Stop.Waiting), answers every question of its
// Question file (a JSON array of loop.Question, the file asker's) with
// loop.AutoAsker's answer, keeping earlier answers, writes them to its
// Answer file and resumes the run. A run still waiting after MaxWaits answers, a
// Question file that is not the file asker's and the Driver's errors are
// errors.
func RunAnswered(ctx context.Context, d loop.Driver, dir string, args json.RawMessage) (Answered, error) {
	var r Answered
	stop, err := d.Run(ctx, dir, args, false)
	for waits := 0; err == nil && stop.Waiting(); waits++ {
		r.Waits = append(r.Waits, stop)
		if waits == MaxWaits {
			return r, fmt.Errorf("drivertest: still waiting after %d answers: %+v", waits, stop)
		}
		data, rerr := os.ReadFile(filepath.Join(dir, filepath.FromSlash(stop.Question)))
		if rerr != nil {
			return r, fmt.Errorf("drivertest: %w", rerr)
		}
		var qs []loop.Question
		if err := json.Unmarshal(data, &qs); err != nil || len(qs) == 0 {
			return r, fmt.Errorf("drivertest: %s holds no questions (%v): %s", stop.Question, err, data)
		}
		for _, q := range qs {
			if !slices.ContainsFunc(r.Answers, func(a loop.Answer) bool { return a.Key == q.Key }) {
				a, err := loop.AutoAsker{}.Ask(ctx, q)
				if err != nil {
					return r, fmt.Errorf("drivertest: %w", err)
				}
				r.Answers = append(r.Answers, a)
			}
		}
		data, _ = json.Marshal(r.Answers)
		if werr := os.WriteFile(filepath.Join(dir, filepath.FromSlash(stop.Answer)), data, 0o644); werr != nil {
			return r, fmt.Errorf("drivertest: %w", werr)
		}
		stop, err = d.Run(ctx, dir, args, true)
	}
	r.Stop = stop
	return r, err
}
