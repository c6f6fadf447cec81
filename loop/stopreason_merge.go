package loop

// NoReviewerAnswered: no reviewer answered in the last round (every call
// failed), so the round proves nothing and the run is not converged.
const NoReviewerAnswered StopReason = "no-reviewer-answered"
