package rounds

import "github.com/kaigi-dev/kaigi/loop"

// StopText says why the run stopped, for people: the driver's own words
// (StopWords) when it gave them, else Reason.Describe(). summary.md and
// report.html say Run.StopText, which asks RunConfig.Describe first.
func (o *Outcome) StopText() string {
	if o.StopWords != "" {
		return o.StopWords
	}
	return o.Reason.Describe()
}

// Describe says reason in the driver's words (RunConfig.Describe), or
// when it has none for it in the kernel's (loop.StopReason.Describe).
func (r *Run[S]) Describe(reason loop.StopReason) string {
	if r.cfg.Describe != nil {
		if s := r.cfg.Describe(reason); s != "" {
			return s
		}
	}
	return reason.Describe()
}

// StopText says why the run of o stopped, for people, as summary.md and
// report.html say it: o.StopWords when the driver gave them, else
// Describe(o.Reason).
func (r *Run[S]) StopText(o *Outcome) string {
	if o.StopWords != "" {
		return o.StopWords
	}
	return r.Describe(o.Reason)
}

// PendingText says loop.AwaitingDecisions for a run whose gate writes
// pending.md (RenderRound), in the words of the drivers that use it.
const PendingText = "waiting for decisions at the gate (see pending.md in the last round)"
