package cli

import (
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

// Decode returns a DriverRun.Result that decodes a Stop's Result (the
// driver's JSON account) into a T.
func Decode[T Outcome]() func(loop.Stop) (Outcome, error) {
	return func(s loop.Stop) (Outcome, error) { return Result[T](s) }
}
