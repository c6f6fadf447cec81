package apply

import (
	"errors"
	"fmt"

	"github.com/kaigi-dev/kaigi/finding"
)

// ErrProtected: the edit would touch a protected part of the document
// (Options.Protected), or Options.Protected itself is invalid.
var ErrProtected = errors.New("edit touches a protected part of the document")

// Protected is a part of the document that no edit may touch, such as
// front matter, a generated table or a code block. Resolve enforces it, so
// that every caller need not.
type Protected struct {
	// Lines are the 1-based, inclusive lines protected, of the document
	// given to Resolve, their line terminators included. A range that ends
	// past the last line is clamped; one that starts past it protects
	// nothing. It must be valid (1 <= Start <= End).
	Lines finding.LineRange

	// Why names the part, for the skip's message; empty means
	// "protected". Example: "front matter".
	Why string
}

// touches reports whether the edit e, whose lines are lines, touches p:
// when the lines it changes overlap p's, or when it removes the line break
// just before p's first line, joining that line to the line before. An
// insertion changes the line it is on: one at the very start of p's first
// line touches p, one at the start of the line after p does not, and one
// at the very end of a document whose last line p protects touches p.
func (x lineIndex) touches(p Protected, e Edit, lines finding.LineRange) bool {
	n := x.count()
	if p.Lines.Start > n {
		return false
	}
	if lines.Start <= p.Lines.End && p.Lines.Start <= lines.End {
		return true
	}
	ps, _ := x.span(p.Lines.Start, p.Lines.Start)
	if e.End != ps || ps == 0 {
		return false
	}
	// The byte before ps once e is applied must still end a line.
	switch {
	case e.New != "":
		return e.New[len(e.New)-1] != '\n'
	case e.Start > 0:
		return x.doc[e.Start-1] != '\n'
	}
	return false // the protected lines become the first
}

// protected refuses anchor a when it touches a protected part of the
// document, naming the part.
func (r *resolver) protected(a Anchor) error {
	for _, p := range r.opt.Protected {
		if r.idx.touches(p, a.Edit, a.Lines) {
			why := p.Why
			if why == "" {
				why = "protected"
			}
			return fmt.Errorf("%w: the edit of lines %s touches lines %s (%s)", ErrProtected, a.Lines, p.Lines, why)
		}
	}
	return nil
}

// checkProtected reports the first invalid entry of opt.Protected: with
// one, no edit can be known to keep clear of it, so none is made.
func checkProtected(ps []Protected) error {
	for i, p := range ps {
		if !p.Lines.Valid() {
			return fmt.Errorf("%w: Options.Protected[%d] (%q) has invalid lines %d-%d", ErrProtected, i, p.Why, p.Lines.Start, p.Lines.End)
		}
	}
	return nil
}
