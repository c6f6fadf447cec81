package multishot

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

// The kinds of directive.
const (
	AddSlice    = "add"
	RemoveSlice = "remove"
)

// ErrNoDirective: a slice change without the user's words.
var ErrNoDirective = errors.New("multishot: a slice change needs the user's directive, verbatim")

// Directive is an explicit slice change the user asked for, the only way
// the slices of a session change after classification. Adding the name of
// a removed slice revives it: a new definition version with a fresh window
// of passes; the old definition's open findings are superseded.
type Directive struct {
	// Op is AddSlice or RemoveSlice.
	Op string `json:"op"`
	// Slice is the slice to add (its full definition); for RemoveSlice
	// only its Name is read.
	Slice Slice `json:"slice"`
	// Words are the user's request, verbatim.
	Words string `json:"words"`
}

// Validate reports what is wrong with d, or nil.
func (d Directive) Validate() error {
	if strings.TrimSpace(d.Words) == "" {
		return fmt.Errorf("%w (%s %s)", ErrNoDirective, d.Op, d.Slice.Name)
	}
	switch d.Op {
	case AddSlice:
		return d.Slice.Validate(nil)
	case RemoveSlice:
		if !nameRE.MatchString(d.Slice.Name) {
			return fmt.Errorf("%w: name %q", ErrBadSlice, d.Slice.Name)
		}
		return nil
	}
	return fmt.Errorf("%w: unknown directive %q (want add or remove)", ErrBadSlice, d.Op)
}

// check reports whether dirs can be carried out on the session as it
// stands, without changing it, and with classify whether a new
// classification may follow (every slice removed): a new episode
// journals only directives that pass.
func (s *session) check(dirs []Directive, classify bool) error {
	reviewed := []string{}
	for _, f := range s.change.Reviewed() {
		reviewed = append(reviewed, f.Path)
	}
	status := map[string]SliceStatus{}
	active := 0
	for _, sl := range s.slices {
		status[sl.Name] = sl.Status
		if sl.Status != Removed {
			active++
		}
	}
	for _, d := range dirs {
		name := d.Slice.Name
		st, ok := status[name]
		switch d.Op {
		case RemoveSlice:
			if !ok || st == Removed {
				return fmt.Errorf("%w: remove %s: no such active slice", ErrBadSlice, name)
			}
			status[name] = Removed
			active--
		case AddSlice:
			if err := d.Slice.Validate(reviewed); err != nil {
				return err
			}
			switch {
			case ok && st != Removed:
				return fmt.Errorf("%w: add %s: the slice is active (remove it first)", ErrBadSlice, name)
			case active >= MaxSlices:
				return fmt.Errorf("%w: add %s: %d slices are active already", ErrBadSlice, name, active)
			}
			status[name] = Active
			active++
		}
	}
	if classify && active > 0 {
		var names []string
		for _, sl := range s.slices {
			if status[sl.Name] != Removed {
				names = append(names, sl.Name)
			}
		}
		for _, d := range dirs {
			if d.Op == AddSlice && !slices.Contains(names, d.Slice.Name) {
				names = append(names, d.Slice.Name)
			}
		}
		return fmt.Errorf("%w (active: %s)", ErrActiveSlices, strings.Join(names, ", "))
	}
	return nil
}

// checkHarness reports whether sl's harness, if it names one, resolves:
// checked when a directive is journaled and at each wave, not when a
// journaled one is replayed (a slice that no longer runs needs none).
func (s *session) checkHarness(sl Slice) error {
	if sl.Harness == "" {
		return nil
	}
	if s.l.Harness == nil {
		return fmt.Errorf("%w: %s names harness %q and the Loop has no Harness", ErrBadSlice, sl.Name, sl.Harness)
	}
	if _, err := s.l.Harness(sl.Harness); err != nil {
		return fmt.Errorf("%w: %s: harness %q: %w", ErrBadSlice, sl.Name, sl.Harness, err)
	}
	return nil
}

// apply carries out directives in order (checked by check).
func (s *session) apply(dirs []Directive) error {
	if err := s.check(dirs, false); err != nil {
		return err
	}
	for _, d := range dirs {
		sl := s.slice(d.Slice.Name)
		switch d.Op {
		case RemoveSlice:
			s.supersede(sl, "removed:"+sl.Name)
			sl.Status = Removed
		case AddSlice:
			switch {
			case sl != nil:
				def := sl.Def + 1
				s.supersede(sl, fmt.Sprintf("def:%s@%d", sl.Name, def))
				*sl = *s.newSlice(d.Slice, def)
			default:
				s.slices = append(s.slices, s.newSlice(d.Slice, 1))
			}
		}
		s.emit(Event{Event: loop.Event{Kind: "slices", Text: d.Op + ": " + d.Words}, Slice: d.Slice.Name})
	}
	return nil
}

// supersede marks sl's open findings superseded by successor.
func (s *session) supersede(sl *SliceState, successor string) {
	for _, f := range s.findings {
		if f.Slice == sl.Name && f.Def == sl.Def && !f.State.Terminal() {
			f.State = finding.State{Status: finding.Superseded, SupersededBy: successor, By: "directive", At: s.now}
		}
	}
}
