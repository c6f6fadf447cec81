package writing_test

import (
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop/writing"
)

func TestPolish(t *testing.T) {
	draft := "暗い灯台\r\n\r\n雨戸が一度、二度と鳴った。\r\nとてもとても暗い夜だった。\r\n灯りは消えていた。\r\n蓮は小舟へ走った。\r\n波は高かった"
	personas := []writing.Persona{{ID: "yuki"}, {ID: "mei"}, {ID: "ken"}}
	v := writing.Verdict{Verdict: writing.OK, Issues: []writing.Issue{
		{Quote: "波は高かった", Fix: "波は高い", Issue: "tense", Severity: "low"},                 // rank 3
		{Quote: "とてもとても", Fix: "とても", Issue: "doubled", Severity: "low"},                // rank 1: a reader agrees
		{Quote: "見つからない引用", Fix: "x", Issue: "not in the text", Severity: "low"},        // rank 3, not anchored
		{Quote: "蓮は小舟へ走った", Fix: "", Issue: "advice only", Severity: "low"},             // no fix: never chosen
		{Quote: "雨戸が一度", Fix: "雨戸が一度だけ", Issue: "one more minor", Severity: "low"},      // rank 3
		{Quote: "灯り", Fix: "あかり", Issue: "a fourth fix: over the cap", Severity: "low"}, // rank 3
	}}
	fb := []writing.Feedback{
		{Stars: 3, Concerns: []writing.Concern{{Quote: "とてもとても暗い", Severity: "low"}, {Quote: "二度と鳴った", Fix: "二度鳴った", Severity: "low"}}},
		{Stars: 3, Concerns: []writing.Concern{{Quote: "二度と鳴った", Fix: "二度鳴った", Severity: "low"}}},
		{Stars: 3},
	}
	out, items := writing.Polish(draft, v, personas, fb)
	applied := 0
	for _, it := range items {
		if it.Applied {
			applied++
		}
	}
	if applied != writing.MaxPolish {
		t.Fatalf("%d applied, want %d: %+v", applied, writing.MaxPolish, items)
	}
	if items[0].Rank != 1 || items[0].Quote != "とてもとても" || items[1].Rank != 2 || !strings.HasPrefix(items[1].From, "reader:") {
		t.Errorf("order %+v", items)
	}
	want := "暗い灯台\r\n\r\n雨戸が一度、二度鳴った。\r\nとても暗い夜だった。\r\n灯りは消えていた。\r\n蓮は小舟へ走った。\r\n波は高い"
	if out != want {
		t.Errorf("polished\n%q\nwant\n%q", out, want)
	}
	for _, it := range items {
		if it.Quote == "見つからない引用" && (it.Applied || it.Note == "") {
			t.Errorf("an unanchored fix: %+v", it)
		}
		if it.Fix == "" || it.Quote == "灯り" {
			t.Errorf("chosen past the cap or without a fix: %+v", it)
		}
	}
}

// TestPolishNotes: a quote found twice and a fix overlapping one taken
// before it are left out with notes, and the next proposal takes the
// freed place; the draft has a BOM and no final newline.
func TestPolishNotes(t *testing.T) {
	draft := "\ufeff夜だった。\n雨が降る夜だった。\n舟は出ない"
	v := writing.Verdict{Verdict: writing.OK, Issues: []writing.Issue{
		{Quote: "夜だった", Fix: "夜", Issue: "found twice", Severity: "low"},
		{Quote: "雨が降る", Fix: "雨の", Issue: "first", Severity: "low"},
		{Quote: "降る夜", Fix: "降った夜", Issue: "overlaps the first", Severity: "low"},
		{Quote: "舟は出ない", Fix: "舟は出なかった", Issue: "last", Severity: "low"},
	}}
	out, items := writing.Polish(draft, v, nil, nil)
	if want := "\ufeff夜だった。\n雨の夜だった。\n舟は出なかった"; out != want {
		t.Errorf("polished %q, want %q", out, want)
	}
	notes := map[string]string{}
	for _, it := range items {
		notes[it.Issue] = it.Note
		if it.Applied != (it.Note == "") {
			t.Errorf("%+v: applied exactly when there is no note", it)
		}
	}
	if n := notes["found twice"]; !strings.Contains(n, "ambiguous") || strings.Contains(n, "lines") {
		t.Errorf("note of a quote found twice: %q (no line range is made up)", n)
	}
	if n := notes["overlaps the first"]; n != "overlaps a fix chosen before it" {
		t.Errorf("note of an overlapping fix: %q", n)
	}
}
