package finding

import (
	"errors"
	"strings"
	"testing"
)

func TestParseSeverity(t *testing.T) {
	tests := []struct {
		in   string
		want Severity
	}{
		{"low", Low}, {"medium", Medium}, {"high", High},
		{"LOW", Low}, {"Medium", Medium}, {"  high\t", High}, {"med", Medium},
		{"Blocker", High}, {"Major", Medium}, {"Nit", Low},
		{"critical", High}, {"major", Medium}, {"minor", Low},
		{"P0", High}, {"p1", High}, {"P2", Medium}, {"P3", Low},
		{"\r\nNIT\r\n", Low},
	}
	for _, tt := range tests {
		got, err := ParseSeverity(tt.in)
		if err != nil {
			t.Errorf("ParseSeverity(%q): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("ParseSeverity(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseSeverityUnknown(t *testing.T) {
	for _, in := range []string{"", " ", "urgent", "P4", "hi gh", "高", "lowest"} {
		got, err := ParseSeverity(in)
		if err == nil {
			t.Errorf("ParseSeverity(%q) = %q, want an error", in, got)
			continue
		}
		if !errors.Is(err, ErrUnknownSeverity) {
			t.Errorf("ParseSeverity(%q) error %v does not wrap ErrUnknownSeverity", in, err)
		}
		if want := `"` + in + `"`; !strings.Contains(err.Error(), want) {
			t.Errorf("ParseSeverity(%q) error %q does not quote the value", in, err)
		}
	}
}

func TestSeverityRankValid(t *testing.T) {
	tests := []struct {
		s     Severity
		rank  int
		valid bool
	}{
		{Low, 1, true}, {Medium, 2, true}, {High, 3, true},
		{"", 0, false}, {"High", 0, false}, {"blocker", 0, false},
	}
	for _, tt := range tests {
		if got := tt.s.Rank(); got != tt.rank {
			t.Errorf("%q.Rank() = %d, want %d", tt.s, got, tt.rank)
		}
		if got := tt.s.Valid(); got != tt.valid {
			t.Errorf("%q.Valid() = %v, want %v", tt.s, got, tt.valid)
		}
	}
}
