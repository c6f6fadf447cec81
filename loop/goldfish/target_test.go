package goldfish

import (
	"strconv"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/apply/document"
)

func TestParseTarget(t *testing.T) {
	for in, want := range map[string]document.Target{
		"full file":                        {},
		"":                                 {},
		"S1.12":                            {ID: "S1.12"},
		"id:S1.12":                         {ID: "S1.12"},
		"h4:S1.12":                         {ID: "S1.12", Level: 4},
		"heading: Retry of failed uploads": {Heading: "Retry of failed uploads"},
		"Retry of failed uploads":          {Heading: "Retry of failed uploads"},
		"marker:<!-- a -->":                {Begin: "<!-- a -->"},
		"marker:<!-- a -->..<!-- b -->":    {Begin: "<!-- a -->", End: "<!-- b -->"},
	} {
		got, err := ParseTarget(in)
		if err != nil || got != want {
			t.Errorf("ParseTarget(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	if _, err := ParseTarget("marker:"); err == nil {
		t.Error("an empty marker parsed")
	}
}

// TestParseTargetRefusesEmpty: a form with nothing after its colon names
// no section; it is refused, never taken as the whole file (issue 22,
// item 19).
func TestParseTargetRefusesEmpty(t *testing.T) {
	for in, want := range map[string]string{
		"heading:":            "heading:TEXT",
		"heading:   ":         "heading:TEXT",
		"id:":                 "id:ID",
		"h4:":                 "h4:ID",
		"marker:":             "marker:BEGIN",
		"marker:  ..<!--b-->": "marker:BEGIN",
		"marker:<!--a-->..  ": "no end marker",
	} {
		got, err := ParseTarget(in)
		if err == nil {
			t.Errorf("ParseTarget(%q) = %+v, want an error", in, got)
			continue
		}
		if !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), strconv.Quote(strings.TrimSpace(in))) || !strings.HasPrefix(err.Error(), "goldfish: ") {
			t.Errorf("ParseTarget(%q): %v; want the target quoted and %q", in, err, want)
		}
	}
}
