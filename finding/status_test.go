package finding

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

var allStatuses = []Status{Open, Contested, Applied, Rejected, Duplicate, Ignored, Superseded, Final}

// complete returns a State with status st and whatever st requires.
func complete(st Status) State {
	s := State{Status: st}
	switch st {
	case Rejected, Ignored:
		s.Reason = "kept on purpose"
	case Duplicate:
		s.DuplicateOf = "F003"
	case Superseded:
		s.SupersededBy = "F009"
	}
	return s
}

func TestStateToMatrix(t *testing.T) {
	legal := map[[2]Status]bool{}
	for _, to := range []Status{Applied, Rejected, Duplicate, Ignored, Superseded, Final} {
		legal[[2]Status{Open, to}] = true
		legal[[2]Status{Contested, to}] = true
	}
	legal[[2]Status{Open, Contested}] = true
	legal[[2]Status{Contested, Open}] = true
	legal[[2]Status{Applied, Rejected}] = true
	legal[[2]Status{Applied, Open}] = true
	legal[[2]Status{Rejected, Open}] = true

	for _, from := range allStatuses {
		for _, to := range allStatuses {
			next := complete(to)
			if to == Open && (from == Applied || from == Rejected) {
				next.Reason = "reported again with a new quote"
			}
			got, err := complete(from).To(next)
			if legal[[2]Status{from, to}] {
				if err != nil || got != next {
					t.Errorf("%s -> %s: got %+v, %v; want allowed", from, to, got, err)
				}
				continue
			}
			if err == nil {
				t.Errorf("%s -> %s: allowed, want refused", from, to)
				continue
			}
			if !errors.Is(err, ErrTransition) || !strings.Contains(err.Error(), string(from)) {
				t.Errorf("%s -> %s: error %v should wrap ErrTransition and name %s", from, to, err, from)
			}
			if got != complete(from) {
				t.Errorf("%s -> %s: refused move returned %+v, want the old state", from, to, got)
			}
		}
	}
}

func TestStateToRequirements(t *testing.T) {
	tests := []struct {
		name string
		from State
		next State
		want string // "" means allowed
	}{
		{"zero is open", State{}, State{Status: Applied}, ""},
		{"superseded without successor", State{Status: Open}, State{Status: Superseded}, "successor"},
		{"superseded_by on final", State{Status: Open}, State{Status: Final, SupersededBy: "F2"}, `superseded_by "F2"`},
		{"reopen applied without reason", State{Status: Applied}, State{Status: Open}, "needs a reason"},
		{"reopen rejected with reason", State{Status: Rejected, Reason: "no"}, State{Status: Open, Reason: "new evidence"}, ""},
		{"automatic duplicate", State{}, State{Status: Duplicate, DuplicateOf: "f_1", By: "auto"}, ""},
		{"zero to zero", State{}, State{}, "already open"},
		{"rejected without reason", State{Status: Open}, State{Status: Rejected}, "rejected needs a reason"},
		{"rejected with blank reason", State{Status: Open}, State{Status: Rejected, Reason: " \u3000"}, "rejected needs a reason"},
		{"ignored without reason", State{Status: Contested}, State{Status: Ignored}, "ignored needs a reason"},
		{"duplicate without id", State{Status: Open}, State{Status: Duplicate}, "duplicate needs the id"},
		{"duplicate_of on applied", State{Status: Open}, State{Status: Applied, DuplicateOf: "F1"}, `duplicate_of "F1" given for status applied`},
		{"applied to open needs a reason", State{Status: Applied}, State{Status: Open}, "reopening a finding that is applied needs a reason"},
		{"applied to duplicate", State{Status: Applied}, State{Status: Duplicate, DuplicateOf: "F1"}, "applied cannot become duplicate (it may become rejected, open)"},
		{"revert", State{Status: Applied}, State{Status: Rejected, Reason: "reverted by the author"}, ""},
		{"final is settled", State{Status: Final}, State{Status: Open}, "no move out of final"},
		{"unknown next", State{Status: Open}, State{Status: "done"}, `unknown status "done"`},
		{"unknown from", State{Status: "wip"}, State{Status: Open}, `unknown status "wip"`},
		{"contested with reason", State{}, State{Status: Contested, Reason: "the figure is sourced in line 3"}, ""},
	}
	for _, tt := range tests {
		got, err := tt.from.To(tt.next)
		if tt.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
			} else if got.Status != tt.next.Current() || got.Reason != tt.next.Reason {
				t.Errorf("%s: got %+v", tt.name, got)
			}
			continue
		}
		if err == nil || !errors.Is(err, ErrTransition) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one wrapping ErrTransition containing %q", tt.name, err, tt.want)
		}
	}
}

func TestStatusTerminal(t *testing.T) {
	for _, s := range allStatuses {
		want := s != Open && s != Contested
		if s.Terminal() != want || complete(s).Terminal() != want {
			t.Errorf("%s.Terminal() = %v, want %v", s, s.Terminal(), want)
		}
	}
	if (State{}).Terminal() || Status("").Terminal() || Status("done").Terminal() {
		t.Error("zero or unknown status reported terminal")
	}
}

func TestStateJSON(t *testing.T) {
	tests := []struct {
		s    State
		want string
	}{
		{State{Status: Open}, `{"status":"open"}`},
		{State{Status: Rejected, Reason: "意図的な表現"}, `{"status":"rejected","reason":"意図的な表現"}`},
		{State{Status: Duplicate, DuplicateOf: "F003"}, `{"status":"duplicate","duplicate_of":"F003"}`},
	}
	for _, tt := range tests {
		b, err := json.Marshal(tt.s)
		if err != nil || string(b) != tt.want {
			t.Errorf("Marshal(%+v) = %s, %v; want %s", tt.s, b, err, tt.want)
		}
		var back State
		if err := json.Unmarshal(b, &back); err != nil || back != tt.s {
			t.Errorf("Unmarshal(%s) = %+v, %v", b, back, err)
		}
		if err := back.Validate(); err != nil {
			t.Errorf("Validate(%+v): %v", back, err)
		}
	}
}
