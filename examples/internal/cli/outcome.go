package cli

import (
	"encoding/json"
	"io"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/export"
)

// Outcome is a driver's result as a command shows it: its account for
// people (-format text) and why the run fell short of what it was asked
// (nil: it did not), which ends the command with ExitStopped and that
// error. A DriverRun whose Result decodes one needs no Text or Code.
type Outcome interface {
	WriteText(w io.Writer) error
	Err() error
}

// Reporter is an Outcome that the export formats (-format sarif,
// rdjson, rdjsonl, github) print: its findings as a loop/export Report
// made by tool. Its Root is the folder the Results' paths are relative
// to; a Result without Text is read from there.
type Reporter interface {
	Report(tool export.Tool) (export.Report, error)
}

// Failer is an Outcome whose run can count as failed though it stopped
// (one closed over a change someone else made): a Failure that is not nil
// ends the command as DriverRun.Failed says, with that error, nothing of
// the Stop printed.
type Failer interface {
	Failure() error
}

// Placed is an Outcome that is whole only with the run its Stop came
// from: At gets the driver's folder dir and arguments args (the
// DriverRun's Dir, and its Args as JSON) and the Stop, and fills in what
// the Stop's Result does not hold (local paths, what the Stop's Text
// says). Decode calls it after decoding and returns its error as it is.
type Placed interface {
	At(dir string, args json.RawMessage, s loop.Stop) error
}

// Decode returns a DriverRun.Result that decodes a Stop's Result (the
// driver's JSON account) into a T (Result), then places it (Placed.At)
// when T is Placed, then calls each of then with it, in order: the
// command's own words, such as a hint naming its flags. A Stop without a
// Result, or one that does not decode, is an error.
func Decode[T Outcome](then ...func(T)) func(dir string, args json.RawMessage, s loop.Stop) (Outcome, error) {
	return func(dir string, args json.RawMessage, s loop.Stop) (Outcome, error) {
		v, err := Result[T](s)
		if err != nil {
			return nil, err
		}
		if p, ok := any(v).(Placed); ok {
			if err := p.At(dir, args, s); err != nil {
				return nil, err
			}
		}
		for _, f := range then {
			f(v)
		}
		return v, nil
	}
}
