package rounds

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/loop"
)

// Action is what a decision does with a finding.
type Action string

// The actions a policy or a gate can take.
const (
	// Apply applies the finding's edit.
	Apply Action = "apply"
	// Reject rejects the finding; reviewers are told not to propose it
	// again and a re-proposal is dropped by fingerprint.
	Reject Action = "reject"
	// Defer leaves the finding open; a later round may propose it again.
	Defer Action = "defer"
)

// ParseAction parses "apply", "reject" or "defer" (also "a", "r", "d",
// "yes"/"no"; case and surrounding space ignored).
func ParseAction(s string) (Action, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "apply", "a", "yes", "y", "approve", "approved":
		return Apply, nil
	case "reject", "r", "no", "n", "rejected":
		return Reject, nil
	case "defer", "d", "skip", "later", "open":
		return Defer, nil
	}
	return "", fmt.Errorf("unknown action %q (want apply, reject or defer)", s)
}

// Decision is what was decided about one finding.
type Decision struct {
	// Key is the Item's key.
	Key string `json:"key"`
	// Action is what to do with it.
	Action Action `json:"action"`
	// Reason explains a rejection or a deferral; it may be empty.
	Reason string `json:"reason,omitempty"`
	// By names who decided: "policy" or the gate. Set by the loop.
	By string `json:"by,omitempty"`
}

// MaxBatch is the most items a gate is shown at once.
const MaxBatch = 20

// Batch is one page of items offered to a gate.
type Batch struct {
	// Round is the 1-based round.
	Round int
	// Page and Pages number this batch among the round's batches, from 1.
	Page, Pages int
	// Items holds at most MaxBatch items.
	Items []loop.Item
	// Keys holds the key of every item of the round, on every page,
	// decided or not (askGate sets it), so that a gate can tell a key it
	// does not know (a typo) from one of another page. Nil means not
	// known.
	Keys []string
}

// Approver is a gate: it decides the findings the policy did not.
//
// Approve returns decisions for some or all of the batch's items. An item
// it returns no decision for is pending: the gate cannot decide it now (a
// file gate whose decisions file does not name it yet), and the loop stops,
// to be resumed once a decision exists. Decisions for keys not in the batch
// are ignored. At most one item of a conflict group may be applied; the
// loop refuses more (see ErrConflictingApprovals).
type Approver interface {
	Approve(ctx context.Context, b Batch) ([]Decision, error)
}

// ApproverFunc adapts a function to the Approver interface: the callback
// gate.
type ApproverFunc func(ctx context.Context, b Batch) ([]Decision, error)

// Approve calls f(ctx, b).
func (f ApproverFunc) Approve(ctx context.Context, b Batch) ([]Decision, error) {
	return f(ctx, b)
}

// AutoGate decides by policy alone: what the policy did not apply is
// deferred (left open), never applied. It answers questions as loop.AutoAsker
// does, so one AutoGate serves a loop that both asks and approves.
type AutoGate struct{}

// Ask returns q's default answer (loop.AutoAsker.Ask).
func (AutoGate) Ask(ctx context.Context, q loop.Question) (loop.Answer, error) {
	return loop.AutoAsker{}.Ask(ctx, q)
}

// Approve defers every item of b.
func (AutoGate) Approve(_ context.Context, b Batch) ([]Decision, error) {
	out := make([]Decision, len(b.Items))
	for i, it := range b.Items {
		out[i] = Decision{Key: it.Key, Action: Defer, Reason: "automatic gate: not within the auto-apply policy"}
	}
	return out, nil
}

// FileGate reads decisions from a JSON file, for CI and other programs that
// cannot answer a prompt. The file holds an array of Decision objects, the
// shape of the pending.json the loop writes when it stops at the gate: copy
// it to the decisions file and fill in each "action" ("apply", "reject" or
// "defer") and, for a rejection, a "reason". A missing file means nothing is
// decided yet; an entry with an empty action decides nothing. A leading
// UTF-8 BOM is allowed. The whole file is refused when it is not such an
// array (a UTF-16 or UTF-32 file is named as such), when an entry has no
// key, a field that is not a string or an unknown action, when one key is
// named twice, or, when the batch says its round's keys (Batch.Keys),
// when a key is no finding of that round nor of an earlier one (a typo, a
// later round, not a key at all); keys of earlier rounds are left from
// their gates and ignored.
type FileGate struct {
	// Path is the decisions file.
	Path string
}

// ErrBadDecisions reports a decisions file that cannot be used.
var ErrBadDecisions = errors.New("bad decisions file")

// Approve returns the file's decisions for b's items. A file it cannot
// use (see FileGate) is an error wrapping ErrBadDecisions that names the
// file and says what is wrong where; nothing of it is used then.
func (g FileGate) Approve(_ context.Context, b Batch) ([]Decision, error) {
	data, err := os.ReadFile(g.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("file gate: %w", err)
	}
	all, err := parseDecisions(data)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrBadDecisions, g.Path, err)
	}
	if err := unknownKeys(all, b); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrBadDecisions, g.Path, err)
	}
	want := make(map[string]bool, len(b.Items))
	for _, it := range b.Items {
		want[it.Key] = true
	}
	var out []Decision
	for _, d := range all {
		if want[d.key] && d.action != "" {
			out = append(out, Decision{Key: d.key, Action: d.action, Reason: d.reason})
		}
	}
	return out, nil
}

// unknownKeys refuses decisions whose keys are no finding of b's round
// (b.Keys) or of an earlier one: of the form "rN/...", N at most b.Round,
// and in b.Keys when N is b.Round. Nil b.Keys checks nothing.
func unknownKeys(all []fileDecision, b Batch) error {
	if b.Keys == nil {
		return nil
	}
	known := make(map[string]bool, len(b.Keys))
	for _, k := range b.Keys {
		known[k] = true
	}
	var bad []string
	for _, d := range all {
		head, _, _ := strings.Cut(d.key, "/")
		n, err := strconv.Atoi(strings.TrimPrefix(head, "r"))
		if !strings.HasPrefix(head, "r") || err != nil || n < 1 || n > b.Round || n == b.Round && !known[d.key] {
			bad = append(bad, fmt.Sprintf("entry %d (%s)", d.entry, d.key))
		}
	}
	switch len(bad) {
	case 0:
		return nil
	case 1:
		return fmt.Errorf("%s names no finding of round %d; copy the keys from the round's pending.json", bad[0], b.Round)
	}
	return fmt.Errorf("%s name no finding of round %d; copy the keys from the round's pending.json", strings.Join(bad, ", "), b.Round)
}
