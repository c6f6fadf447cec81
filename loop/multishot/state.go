package multishot

import (
	"github.com/kaigi-dev/kaigi/finding"
)

// Finding is one finding of the session: the shot's answer, its Council
// JSON v1 form and where it stands.
type Finding struct {
	// ID is "f_" and 8 characters of [A-Za-z0-9_-], unique in the session.
	ID string `json:"id"`
	// Slice and Def name the slice and its definition version.
	Slice string `json:"slice"`
	Def   int    `json:"def"`
	// Wave, Pass and Shot say which call found it.
	Wave int `json:"wave"`
	Pass int `json:"pass"`
	Shot int `json:"shot"`
	ShotFinding
	// Council is the finding in Council JSON v1 (severity high for P0/P1,
	// medium for P2, low for P3; issue = title, blank line, content).
	Council finding.Finding `json:"council"`
	// State is where it stands: open, applied (fixed), ignored (with the
	// reason), duplicate (of the canonical id; By "auto" for a sibling
	// shot's), superseded (its slice removed or redefined), final.
	State finding.State `json:"state"`
	// Final: its slice's judge said stop while it was open; it must
	// still be fixed or ignored before the run reports ok.
	Final bool `json:"final,omitempty"`
	// Note says what went wrong with it, for a person (a fix that could
	// not be applied).
	Note string `json:"note,omitempty"`
}

// kept reports whether f counts for the judge rule and for completion: not
// a duplicate, not ignored, not superseded.
func (f *Finding) kept() bool {
	switch f.State.Current() {
	case finding.Duplicate, finding.Ignored, finding.Superseded, finding.Rejected:
		return false
	}
	return true
}

// SliceStatus says where a slice stands.
type SliceStatus string

// The statuses of a slice.
const (
	Active      SliceStatus = "active"
	Clean       SliceStatus = "clean"         // its last pass left nothing to fix
	JudgeStop   SliceStatus = "judge-stopped" // the judge said stop; its open findings are final
	JudgeFailed SliceStatus = "judge-failed"  // no verdict agreed with the rule
	Failed      SliceStatus = "failed"        // every shot of a pass failed
	Removed     SliceStatus = "removed"       // a tombstone (a directive removed it)
	Reported    SliceStatus = "reported"      // reviewed once in Report mode
)

// SliceState is a slice with its progress.
type SliceState struct {
	Slice
	// Def numbers the slice's definitions from 1; a revival adds one.
	Def int `json:"def"`
	// Status says where the slice stands.
	Status SliceStatus `json:"status"`
	// Passes counts the passes since the definition; Window numbers the
	// window of passes (from 1) and WindowPasses the passes in it.
	Passes int `json:"passes"`
	// Window: see Passes.
	Window int `json:"window"`
	// WindowPasses: see Passes.
	WindowPasses int `json:"window_passes"`
	// Shots is the shot count for the next multi-shot pass (after decay).
	Shots int `json:"shots"`
	// Error says why the slice failed.
	Error string `json:"error,omitempty"`
}

// runnable reports whether the slice takes part in the next wave.
func (s *SliceState) runnable() bool { return s.Status == Active }

// Judgement is one judge call and how it fared against the rule.
type Judgement struct {
	// Slice, Wave, Window and Attempt say which judgement it was.
	Slice   string `json:"slice"`
	Wave    int    `json:"wave"`
	Window  int    `json:"window"`
	Attempt int    `json:"attempt"`
	// Verdict and Reason are the judge's answer.
	Verdict string `json:"verdict"`
	Reason  string `json:"reason"`
	// Rule is Rule's verdict on the window.
	Rule string `json:"rule"`
	// Agrees reports whether the verdict is the rule's; one that does not
	// is retried.
	Agrees bool `json:"agrees"`
	// Error says why the call failed, or what was wrong with its answer.
	Error string `json:"error,omitempty"`
}

// ShotReport is one shot of a wave.
type ShotReport struct {
	// Slice and Shot name the shot.
	Slice string `json:"slice"`
	Shot  int    `json:"shot"`
	// Attempts counts its calls (1, more after failures).
	Attempts int `json:"attempts"`
	// Findings counts what it reported, Kept what of that was kept
	// (neither a duplicate nor rejected before).
	Findings int `json:"findings"`
	Kept     int `json:"kept"`
	// Error is why its last attempt failed; empty when it succeeded.
	Error string `json:"error,omitempty"`
	// Skipped are the reviewers of its answer that gave none (a tool
	// not run, or failed), with why.
	Skipped []Skip `json:"skipped,omitempty"`
}

// WaveReport is one wave of the session.
type WaveReport struct {
	// Wave numbers the wave in the session, from 1.
	Wave int `json:"wave"`
	// Shots are its shots in plan order.
	Shots []ShotReport `json:"shots"`
}
