package multishot

import (
	"context"
	"fmt"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// judgeWire is one judgement in the journal: the verdict, or why the call
// failed.
type judgeWire struct {
	Verdict Verdict     `json:"verdict"`
	Err     string      `json:"err,omitempty"`
	Usage   agent.Usage `json:"usage"`
}

// windowPasses returns the kept findings of each pass of sl's current
// window, in order.
func (s *session) windowPasses(sl *SliceState) []PassFindings {
	first := sl.Passes - sl.WindowPasses + 1
	out := make([]PassFindings, 0, sl.WindowPasses)
	for p := first; p <= sl.Passes; p++ {
		pf := PassFindings{Pass: p, Findings: []ShotFinding{}}
		for _, f := range s.findings {
			if f.Slice == sl.Name && f.Def == sl.Def && f.Pass == p && f.kept() {
				pf.Findings = append(pf.Findings, f.ShotFinding)
			}
		}
		out = append(out, pf)
	}
	return out
}

// judge asks the judge about sl, whose window is used up with findings
// kept, until a verdict agrees with Rule (at most 1+JudgeRetries times):
// continue opens a new window; stop completes the slice and marks its
// kept findings final. With no agreeing verdict the slice is JudgeFailed
// and left as it is.
func (s *session) judge(ctx context.Context, sl *SliceState, kept []*Finding) error {
	judge := s.l.Judge
	if judge == nil {
		judge = RuleJudge{}
	}
	passes := s.windowPasses(sl)
	want, _ := Rule(passes)
	for attempt := 1; attempt <= 1+s.set.JudgeRetries; attempt++ {
		in := JudgeInput{Slice: sl.Slice, Task: s.set.Task, Window: sl.Window, Passes: passes, Attempt: attempt}
		v, err := journal.Call(ctx, s.j, fmt.Sprintf("w%d/%s/judge#%d", s.wave, sl.Name, attempt), func(jctx context.Context) (jw judgeWire, err error) {
			defer func() {
				if v := recover(); v != nil { // a panicking judge fails this judgement
					jw, err = judgeWire{Err: fmt.Sprintf("panic: %v", v)}, nil
				}
			}()
			verdict, u, err := judge.Judge(jctx, in)
			if err != nil {
				if ctx.Err() != nil {
					return judgeWire{}, err
				}
				return judgeWire{Err: err.Error(), Usage: u}, nil
			}
			return judgeWire{Verdict: verdict, Usage: u}, nil
		})
		if err != nil {
			return err
		}
		s.usage = s.usage.Add(v.Usage)
		jd := Judgement{Slice: sl.Name, Wave: s.wave, Window: sl.Window, Attempt: attempt, Verdict: v.Verdict.Verdict,
			Reason: v.Verdict.Reason, Rule: want, Error: v.Err}
		jd.Agrees = v.Err == "" && v.Verdict.SchemaVersion == 1 && v.Verdict.Verdict == want
		if v.Err == "" && !jd.Agrees && v.Verdict.Verdict == want {
			jd.Error = fmt.Sprintf("schema_version %d", v.Verdict.SchemaVersion)
		}
		s.judged = append(s.judged, jd)
		s.emit(Event{Event: loop.Event{Kind: "judge", Round: s.wave, Text: fmt.Sprintf("%s (%s); rule says %s", jd.Verdict, jd.Reason, want)}, Slice: sl.Name})
		if !jd.Agrees {
			continue
		}
		if want == Continue {
			sl.Window++
			sl.WindowPasses = 0
			return nil
		}
		sl.Status = JudgeStop
		for _, f := range kept {
			f.Final = true
		}
		return nil
	}
	sl.Status, sl.Error = JudgeFailed, fmt.Sprintf("no verdict agreed with the rule (%s) in %d attempt(s)", want, 1+s.set.JudgeRetries)
	return nil
}
