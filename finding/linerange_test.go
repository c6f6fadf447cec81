package finding

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
)

func TestParseLineRange(t *testing.T) {
	tests := []struct {
		in   string
		want LineRange
	}{
		{"12", LineRange{12, 12}},
		{"12-15", LineRange{12, 15}},
		{"12–15", LineRange{12, 15}}, // en dash
		{"12—15", LineRange{12, 15}}, // em dash
		{"12~15", LineRange{12, 15}},
		{"L12-L15", LineRange{12, 15}},
		{"l3", LineRange{3, 3}},
		{" 12 - 15 ", LineRange{12, 15}},
		{"12-12", LineRange{12, 12}},
		{"1", LineRange{1, 1}},
		{"\t7\r\n", LineRange{7, 7}},
		{"007-010", LineRange{7, 10}},
		{"1073741824", LineRange{maxLine, maxLine}},
	}
	for _, tt := range tests {
		got, err := ParseLineRange(tt.in)
		if err != nil {
			t.Errorf("ParseLineRange(%q): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("ParseLineRange(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
}

func TestParseLineRangeErrors(t *testing.T) {
	tests := []struct {
		in, why string
	}{
		{"15-12", "reversed"},
		{"0", "start at 1"},
		{"0-3", "start at 1"},
		{"-3", "negative"},
		{"3--5", "negative"},
		{"abc", "not a line number"},
		{"12-x", "not a line number"},
		{"", "empty"},
		{"   ", "empty"},
		{"12-", "missing"},
		{"-", "not a line number"},
		{"99999999999999999999", "too large"},
		{"1073741825", "too large"},
		{"12-15-18", "not a line number"},
		{"+12", "not a line number"},
		{"LL12", "not a line number"},
		{"Ll12", "not a line number"},
		{"１２", "not a line number"}, // full-width digits
		{"12.5", "not a line number"},
		{"L 12", "not a line number"},
	}
	for _, tt := range tests {
		got, err := ParseLineRange(tt.in)
		if err == nil {
			t.Errorf("ParseLineRange(%q) = %+v, want an error", tt.in, got)
			continue
		}
		if !errors.Is(err, ErrInvalidLineRange) {
			t.Errorf("ParseLineRange(%q) error %v does not wrap ErrInvalidLineRange", tt.in, err)
		}
		msg := err.Error()
		if !strings.Contains(msg, strconv.Quote(tt.in)) || !strings.Contains(msg, tt.why) {
			t.Errorf("ParseLineRange(%q) error %q: want it to quote the value and say %q", tt.in, msg, tt.why)
		}
	}
}

func TestLineRangeMethods(t *testing.T) {
	r := LineRange{Start: 3, End: 5}
	if r.IsZero() || !r.Valid() {
		t.Errorf("%+v: IsZero=%v Valid=%v", r, r.IsZero(), r.Valid())
	}
	for line, want := range map[int]bool{2: false, 3: true, 4: true, 5: true, 6: false} {
		if got := r.Contains(line); got != want {
			t.Errorf("%v.Contains(%d) = %v, want %v", r, line, got, want)
		}
	}
	if s := (LineRange{}).String(); s != "" {
		t.Errorf("zero String() = %q", s)
	}
	if (LineRange{}).Valid() || !(LineRange{}).IsZero() {
		t.Error("zero range must be IsZero and not Valid")
	}
	if (LineRange{Start: 5, End: 3}).Valid() {
		t.Error("reversed range must not be Valid")
	}
}

func TestLineRangeJSON(t *testing.T) {
	type wrap struct {
		R LineRange `json:"r"`
	}
	tests := []struct {
		in   string
		want LineRange
		out  string
	}{
		{`{"r":"12-15"}`, LineRange{12, 15}, `{"r":"12-15"}`},
		{`{"r":"L7"}`, LineRange{7, 7}, `{"r":"7"}`},
		{`{"r":" 1 – 2 "}`, LineRange{1, 2}, `{"r":"1-2"}`},
		{`{"r":""}`, LineRange{}, `{"r":""}`},
	}
	for _, tt := range tests {
		var w wrap
		if err := json.Unmarshal([]byte(tt.in), &w); err != nil {
			t.Errorf("Unmarshal(%s): %v", tt.in, err)
			continue
		}
		if w.R != tt.want {
			t.Errorf("Unmarshal(%s) = %+v, want %+v", tt.in, w.R, tt.want)
		}
		out, err := json.Marshal(w)
		if err != nil {
			t.Errorf("Marshal(%+v): %v", w, err)
			continue
		}
		if string(out) != tt.out {
			t.Errorf("Marshal(%+v) = %s, want %s", w, out, tt.out)
		}
	}
	var w wrap
	if err := json.Unmarshal([]byte(`{"r":"9-2"}`), &w); err == nil || !strings.Contains(err.Error(), `"9-2"`) {
		t.Errorf("Unmarshal reversed range: err = %v, want one quoting \"9-2\"", err)
	}
	if _, err := json.Marshal(wrap{R: LineRange{Start: 9, End: 2}}); !errors.Is(err, ErrInvalidLineRange) {
		t.Errorf("Marshal of a reversed range: err = %v, want ErrInvalidLineRange", err)
	}
}

func FuzzParseLineRange(f *testing.F) {
	for _, s := range []string{
		"12", "12-15", "12–15", "12—15", "L12-L15", " 12 - 15 ", "15-12", "0", "-3",
		"", "abc", "99999999999999999999", "１２－１５", "１２", "行12", "12行目",
		"12-15\r\n", "\r\n12\r\n", "12\x00", "\xff\xfe12", "1\xe2\x80", "L", "-", "--1",
		"12\u300015", "\u3000 12 \u3000",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseLineRange(s)
		if err != nil {
			if r != (LineRange{}) {
				t.Fatalf("ParseLineRange(%q) returned %+v with error %v", s, r, err)
			}
			return
		}
		if !r.Valid() || r.End > maxLine {
			t.Fatalf("ParseLineRange(%q) accepted invalid %+v", s, r)
		}
		again, err := ParseLineRange(r.String())
		if err != nil || again != r {
			t.Fatalf("ParseLineRange(%q) = %+v; re-parsing %q gave %+v, %v", s, r, r.String(), again, err)
		}
	})
}
