package finding

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// jaReport is a valid report with Japanese text.
const jaReport = `{"reviewer":"anti-ai-slop","schema_version":"1","summary":"定型句が多い","findings":[{"id":"F001","category":"ai-slop","line_range":"3","issue":"定型の締め","fix":"","confidence":80,"severity":"low","quotes":["いかがでしたか？"]}]}`

func TestExtractFinds(t *testing.T) {
	tests := []struct {
		name string
		text string
	}{
		{"bare", jaReport},
		{"json fence", "```json\n" + jaReport + "\n```"},
		{"plain fence", "```\n" + jaReport + "\n```"},
		{"prose before", "Here is my review:\n\n" + jaReport},
		{"prose after", jaReport + "\n\nLet me know if you need more."},
		{"prose around fence", "以下がレビューです。\n```json\n" + jaReport + "\n```\n以上です。"},
		{"crlf", strings.ReplaceAll("Here:\n```json\n"+jaReport+"\n```\n", "\n", "\r\n")},
		{"bom", "\uFEFF" + jaReport},
		{"indented", indent(jaReport)},
		{"braces in prose", "I use {curly} and [square] notes } ] then:\n" + jaReport},
		{"unclosed brace in prose", "Note: a { is unbalanced here.\n" + jaReport},
		{"quote in open prose brace", "Careful { \"this quote never ends\n" + jaReport},
		{"other object first", `{"thinking":"draft"}` + "\n" + jaReport},
		{"example then answer", "Format: {\"findings\": [...]}\nAnswer:\n" + jaReport},
		{"valid then invalid", jaReport + "\nOr maybe: " + strings.Replace(jaReport, `"low"`, `"urgent"`, 1)},
		{"trailing commas", strings.Replace(strings.Replace(jaReport, `"]}]}`, `"],},],}`, 1), `"line_range":"3",`, `"line_range":"3" ,`, 1)},
		{"fence inside string", strings.Replace(jaReport, `定型の締め`, "```json { not a fence ``` [", 1)},
	}
	for _, tt := range tests {
		rep, err := Extract(tt.text)
		if err != nil {
			t.Errorf("%s: Extract: %v", tt.name, err)
			continue
		}
		if rep.Reviewer != "anti-ai-slop" || len(rep.Findings) != 1 || rep.Findings[0].LineRange != (LineRange{3, 3}) {
			t.Errorf("%s: Extract = %+v", tt.name, rep)
		}
	}
}

func indent(s string) string {
	var v any
	_ = json.Unmarshal([]byte(s), &v)
	b, _ := json.MarshalIndent(v, "  ", "\t")
	return "  " + string(b)
}

func TestExtractPicksLastValid(t *testing.T) {
	first := strings.Replace(jaReport, `"anti-ai-slop"`, `"first"`, 1)
	last := strings.Replace(jaReport, `"anti-ai-slop"`, `"last"`, 1)
	rep, err := Extract(first + "\nCorrected:\n" + last)
	if err != nil || rep.Reviewer != "last" {
		t.Errorf("Extract = %q, %v; want the last report", rep.Reviewer, err)
	}
	broken := strings.Replace(last, `80`, `800`, 1)
	rep, err = Extract(first + "\n" + broken)
	if err != nil || rep.Reviewer != "first" {
		t.Errorf("Extract = %q, %v; want the one that validates", rep.Reviewer, err)
	}
}

func TestExtractErrors(t *testing.T) {
	finding := `{"id":"F1","category":"c","line_range":"1","issue":"i","fix":"","confidence":1,"severity":"low","quotes":[]}`
	tests := []struct {
		name, text string
		want       string // in the error text
		noJSON     bool
	}{
		{"empty", "", "no JSON object in the reply", true},
		{"prose only", "I found nothing worth reporting.", "no JSON object in the reply", true},
		{"number list", "See [1] and [2].", "no JSON object in the reply", true},
		{"bare array", "```json\n[" + finding + "]\n```", "a bare JSON array of findings (old format); wrap it in a Report object with schema_version \"1\"", false},
		{"missing version", `{"reviewer":"r","summary":"","findings":[]}`, `/schema_version: missing; a Council JSON v1 report must have "schema_version": "1"`, false},
		{"wrong version", `{"reviewer":"r","schema_version":"2","summary":"","findings":[]}`, `/schema_version: must be the string "1" (Council JSON v1), got "2"`, false},
		{"violation", strings.Replace(jaReport, `80`, `180`, 1), "/findings/0/confidence: must be <= 100, got 180", false},
		{"truncated", "Here:\n```json\n" + jaReport[:len(jaReport)/2], "starting at line 3 of the reply is never closed (truncated?)", false},
		{"raw newline in string", strings.Replace(jaReport, `定型の締め`, "定型\nの締め", 1), "starting at line 1 of the reply has a raw line break inside a string (line 1)", false},
		{"single quotes", `{'reviewer': 'r', 'findings': []}`, "no JSON object", true},
		{"broken report", `{"reviewer": "r", "findings": [}`, "has '}' where ']' was expected", false},
		{"invalid report JSON", `{"reviewer": r, "findings": []}`, "not valid JSON: line 1, column 14: invalid character 'r'", false},
		{"other object", `{"answer": 42}`, "/findings: required property is missing", false},
	}
	for _, tt := range tests {
		_, err := Extract(tt.text)
		if err == nil {
			t.Errorf("%s: Extract succeeded", tt.name)
			continue
		}
		if !errors.Is(err, ErrSchemaViolation) {
			t.Errorf("%s: %v does not wrap ErrSchemaViolation", tt.name, err)
		}
		if got := errors.Is(err, ErrNoJSON); got != tt.noJSON {
			t.Errorf("%s: errors.Is(err, ErrNoJSON) = %v, want %v (%v)", tt.name, got, tt.noJSON, err)
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error\n%v\nwant it to contain %q", tt.name, err, tt.want)
		}
	}
}

func TestDropTrailingCommas(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"a":1,}`, `{"a":1}`},
		{"[1,2 ,\r\n]", "[1,2 \r\n]"},
		{`{"a":",}"}`, `{"a":",}"}`},
		{`{"a":"\",}",}`, `{"a":"\",}"}`},
		{`[1,2]`, `[1,2]`},
	}
	for _, tt := range tests {
		if got, _ := dropTrailingCommas(tt.in); got != tt.want {
			t.Errorf("dropTrailingCommas(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzExtract(f *testing.F) {
	for _, s := range []string{
		jaReport,
		"```json\n" + jaReport + "\n```",
		"前置き：\r\n```json\r\n" + jaReport + "\r\n```\r\n",
		"\uFEFF" + jaReport,
		jaReport[:len(jaReport)/2],
		"```json\n```json\n" + jaReport + "\n```\n```",
		"[" + jaReport + "]",
		`{"reviewer":"r","schema_version":"1","summary":"","findings":[],}`,
		`{"a":"\u0000\ud800"}` + jaReport,
		"\xff\xfe{\"findings\":\"\xc3\x28\"}",
		"{{{{[[[[\"\\",
		"} ] { [ \" \n {}",
		`[{"issue":"x"}]`,
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rep, err := Extract(s)
		if err != nil {
			if !errors.Is(err, ErrSchemaViolation) {
				t.Fatalf("Extract(%q) error %v does not wrap ErrSchemaViolation", s, err)
			}
			return
		}
		out, err := json.Marshal(rep)
		if err != nil {
			t.Fatalf("Extract(%q) = %+v, which does not encode: %v", s, rep, err)
		}
		if err := Validate(out); err != nil {
			t.Fatalf("Extract(%q) = %+v, which re-encodes to an invalid report: %v", s, rep, err)
		}
	})
}

// TestExtractAfterStrayQuote checks that a '"' in bracketed prose, which
// opens a string that never closes, does not hide the report after it.
func TestExtractAfterStrayQuote(t *testing.T) {
	compact := `{"reviewer":"r","schema_version":"1","summary":"ok","findings":[]}`
	for name, text := range map[string]string{
		"compact":         `[note: a 5" screen] ` + compact,
		"pretty":          `[note: a 5" screen] ` + jaReport,
		"two stray":       `{see the 3" and [4" models} ` + compact,
		"nested unclosed": `[a 5" screen {and "more [things] ` + compact,
	} {
		if rep, err := Extract(text); err != nil {
			t.Errorf("%s: Extract = %v", name, err)
		} else if rep.Reviewer == "" {
			t.Errorf("%s: Extract found no reviewer", name)
		}
	}
	// Many unclosed brackets: the rescans are capped, and the result is an
	// error, not a hang.
	if _, err := Extract(strings.Repeat(`[a 5" screen `, 10000)); !errors.Is(err, ErrSchemaViolation) {
		t.Errorf("Extract of many unclosed values = %v", err)
	}
}
