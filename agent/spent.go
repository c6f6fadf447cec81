package agent

import "errors"

// SpentError is a failed call's error together with what the call spent
// before it failed (tokens of an answer that was then refused, say), so
// that whoever counts the call's cost gets it from the error alone, in
// this process or, through a durable engine's error of a call made
// elsewhere, in another.
type SpentError struct {
	Err   error
	Usage Usage
}

func (e *SpentError) Error() string { return e.Err.Error() }

// Unwrap returns the call's own error: errors.Is and errors.As see its
// classes.
func (e *SpentError) Unwrap() error { return e.Err }

// Spent returns what the call spent.
func (e *SpentError) Spent() Usage { return e.Usage }

// WithSpent returns err carrying u (see SpentBy): nil for a nil err, err
// itself for a zero u.
func WithSpent(err error, u Usage) error {
	if err == nil || u == (Usage{}) {
		return err
	}
	return &SpentError{Err: err, Usage: u}
}

// SpentBy returns what the failed call whose error is err spent: the
// Usage of the first error in its chain with a method Spent() Usage
// (WithSpent's, or a durable engine's error of a call it made), zero when
// there is none.
func SpentBy(err error) Usage {
	var s interface{ Spent() Usage }
	if errors.As(err, &s) {
		return s.Spent()
	}
	return Usage{}
}
