package termgate

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/kaigi-dev/kaigi/loop"
)

// DefaultTries is how many bad answers in a row a Gate takes to one prompt
// when Gate.Tries is zero.
const DefaultTries = 3

// The errors a Gate returns, wrapped.
var (
	// ErrInputClosed reports that the input ended (EOF) before the
	// prompt had an answer; the error wraps io.EOF as well.
	ErrInputClosed = errors.New("the input ended before an answer")
	// ErrTooManyTries reports that a prompt got Tries bad answers in a
	// row.
	ErrTooManyTries = errors.New("too many bad answers")
)

// Gate asks on a line-based terminal: it writes a prompt to Out and reads
// the answer, one line, from In. A line may end in LF or CRLF; a UTF-8 BOM
// at the start of the input is skipped. Typing "q" or "quit" alone stops
// the loop (loop.ErrStop, wrapped), except as the text of a loop.Input
// question or where a choice has that ID. A line that is no answer is
// refused with a message saying why, and the prompt is asked again, Tries
// times in a row at most: then the call returns ErrTooManyTries. An input
// that ends first gives ErrInputClosed.
//
// Cancelling the context makes a waiting Ask or Approve return at once
// with the context's error. A read from In cannot be interrupted, so the
// read goes on in a goroutine until In yields a line or fails; that line
// answers the next prompt, it is not lost. The goroutine ends with that
// read: one is left behind at most, until the person presses Enter or In
// is closed.
//
// Gate reads In through a buffer, so nothing else should read In while
// the Gate is in use. Its zero value with In and Out set is ready; a Gate
// must not be copied after first use. It is safe for concurrent use:
// calls wait for each other, each asking its prompts together.
type Gate struct {
	// In is where answers are read. Required.
	In io.Reader
	// Out is where prompts are written. Required.
	Out io.Writer
	// Tries is how many bad answers in a row a prompt takes before the
	// call fails; 0 means DefaultTries.
	Tries int // optional

	once    sync.Once
	turn    chan struct{} // holds a token while a call asks
	br      *bufio.Reader
	started bool        // a line was read: a BOM is no longer skipped
	pending chan result // the read in progress, nil when none is
}

// result is one read line or the read's error.
type result struct {
	line string
	err  error
}

// lock waits for g's turn, or for ctx. The returned func gives it back.
func (g *Gate) lock(ctx context.Context) (func(), error) {
	if g.In == nil || g.Out == nil {
		return nil, errors.New("termgate: Gate needs In and Out")
	}
	g.once.Do(func() {
		g.turn = make(chan struct{}, 1)
		g.br = bufio.NewReader(g.In)
	})
	select {
	case g.turn <- struct{}{}:
		return func() { <-g.turn }, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("termgate: %w", context.Cause(ctx))
	}
}

// readLine reads one line without its line ending, or returns when ctx
// is done (the read goes on, for the next call). Called in g's turn.
func (g *Gate) readLine(ctx context.Context) (string, error) {
	if g.pending == nil {
		ch := make(chan result, 1)
		g.pending = ch
		go func() {
			line, err := g.br.ReadString('\n')
			if err == io.EOF && line != "" {
				err = nil // a last line without a newline is a line
			}
			ch <- result{line, err}
		}()
	}
	var r result
	select {
	case r = <-g.pending:
		g.pending = nil
	case <-ctx.Done():
		return "", fmt.Errorf("termgate: %w", context.Cause(ctx))
	}
	switch {
	case errors.Is(r.err, io.EOF):
		return "", fmt.Errorf("termgate: %w (%w)", ErrInputClosed, io.EOF)
	case r.err != nil:
		return "", fmt.Errorf("termgate: reading an answer: %w", r.err)
	}
	line := strings.TrimSuffix(strings.TrimSuffix(r.line, "\n"), "\r")
	if !g.started {
		g.started = true
		line = strings.TrimPrefix(line, "\ufeff")
	}
	return line, nil
}

// prompt writes text and reads lines until parse accepts one, at most
// Tries bad lines in a row. quit says whether "q" and "quit" stop.
func prompt[T any](ctx context.Context, g *Gate, text string, quit bool, parse func(string) (T, error)) (T, error) {
	var zero T
	tries := g.Tries
	if tries <= 0 {
		tries = DefaultTries
	}
	for bad := 0; ; {
		if _, err := io.WriteString(g.Out, text); err != nil {
			return zero, fmt.Errorf("termgate: writing a prompt: %w", err)
		}
		line, err := g.readLine(ctx)
		if err != nil {
			return zero, err
		}
		if w := strings.ToLower(strings.TrimSpace(line)); quit && (w == "q" || w == "quit") {
			return zero, fmt.Errorf("termgate: %w", loop.ErrStop)
		}
		v, err := parse(line)
		if err == nil {
			return v, nil
		}
		bad++
		if bad >= tries {
			return zero, fmt.Errorf("termgate: %w (%d): %w", ErrTooManyTries, bad, err)
		}
		fmt.Fprintf(g.Out, "  %s; try again (%d of %d)\n", loop.Printable(err.Error()), bad+1, tries)
	}
}
