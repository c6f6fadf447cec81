package discussion

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// Restore fills in what an Outcome decoded from JSON (a loop.Driver's
// Stop.Result) lacks, from its discussion folder Dir: the Board, which
// does not marshal, from the journal, and the Verdict as verdict.json
// holds it (JSON compacts it). A folder without a journal is the error of
// reading it; one whose journal holds no board is board.Read's.
func (o *Outcome) Restore() error {
	data, err := os.ReadFile(filepath.Join(o.Dir, loop.JournalName))
	if err != nil {
		return fmt.Errorf("discussion: %w", err)
	}
	recs, _, err := journal.Parse(data)
	if err != nil {
		return fmt.Errorf("discussion: %w", err)
	}
	if o.Board, err = board.Read(recs); err != nil {
		return fmt.Errorf("discussion: %w", err)
	}
	if o.Verdict != nil {
		v, err := os.ReadFile(filepath.Join(o.Dir, VerdictFile))
		if err != nil {
			return fmt.Errorf("discussion: %w", err)
		}
		o.Verdict = bytes.TrimSuffix(v, []byte("\n"))
	}
	return nil
}

// Err returns the error Run returns with o: nil for a discussion that
// reached a verdict, else (Stopped is loop.NoReviewerAnswered) one
// wrapping loop.ErrNotConverged that says why there is none.
func (o *Outcome) Err() error {
	if o.Stopped != loop.NoReviewerAnswered {
		return nil
	}
	return fmt.Errorf("%w: discussion %s has no verdict: %s", loop.ErrNotConverged, o.ID, o.NoAnswer)
}

// UnmarshalJSON decodes o as encoding/json marshals it, but for Cause (an
// error, which marshals as an object of its exported fields) and Board
// (a board marshals as {}): both are left as they are, for Restore.
func (o *Outcome) UnmarshalJSON(data []byte) error {
	type plain Outcome
	w := struct {
		*plain
		Cause json.RawMessage
		Board json.RawMessage
	}{plain: (*plain)(o)}
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	if string(o.Verdict) == "null" { // no verdict: nil, as Run gave it
		o.Verdict = nil
	}
	return nil
}
