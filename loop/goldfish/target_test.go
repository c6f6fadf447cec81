package goldfish

import (
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
