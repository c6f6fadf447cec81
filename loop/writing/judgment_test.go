package writing_test

import (
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop/writing"
)

func fb(stars int, quotes ...string) writing.Feedback {
	f := writing.Feedback{Stars: stars}
	for _, q := range quotes {
		f.Concerns = append(f.Concerns, writing.Concern{Quote: q, Issue: "stumbled", Severity: "low"})
	}
	return f
}

func TestJudge(t *testing.T) {
	minor := writing.Issue{Quote: "q", Issue: "minor", Severity: "low"}
	major := writing.Issue{Quote: "q", Issue: "major", Severity: "high"}
	ok := func(issues ...writing.Issue) writing.Verdict {
		return writing.Verdict{Verdict: writing.OK, Issues: issues}
	}
	tests := []struct {
		name   string
		in     writing.JudgeInput
		want   writing.Grade
		mean   float64
		median float64
		spread int
		shared int
	}{
		{"clean OK", writing.JudgeInput{Verdict: ok(), Feedback: []writing.Feedback{fb(4), fb(4), fb(3)}}, writing.Pass, 11.0 / 3, 4, 1, 0},
		{"one minor is not enough", writing.JudgeInput{Verdict: ok(minor, major), Feedback: []writing.Feedback{fb(4), fb(4), fb(4)}}, writing.Pass, 4, 4, 0, 0},
		{"two minors", writing.JudgeInput{Verdict: ok(minor, minor), Feedback: []writing.Feedback{fb(5), fb(5), fb(5)}}, writing.PassWithPolish, 5, 5, 0, 0},
		{"two of three readers on one spot", writing.JudgeInput{Verdict: ok(), Feedback: []writing.Feedback{fb(4, "the lamp was dark"), fb(4), fb(4, "lamp was")}}, writing.PassWithPolish, 4, 4, 0, 1},
		{"readers on different spots", writing.JudgeInput{Verdict: ok(), Feedback: []writing.Feedback{fb(4, "the lamp"), fb(4, "the boat"), fb(4)}}, writing.Pass, 4, 4, 0, 0},
		{"mean below 3.0", writing.JudgeInput{Verdict: ok(), Feedback: []writing.Feedback{fb(2), fb(3), fb(3)}}, writing.PassWithPolish, 8.0 / 3, 3, 1, 0},
		{"mean exactly 3.0", writing.JudgeInput{Verdict: ok(), Feedback: []writing.Feedback{fb(2), fb(3), fb(4)}}, writing.Pass, 3, 3, 2, 0},
		{"force pass confirmed", writing.JudgeInput{Verdict: writing.Verdict{Verdict: writing.RevisionNeeded}, ForcePass: true, Feedback: []writing.Feedback{fb(5), fb(5)}}, writing.ForcePass, 5, 5, 0, 0},
		{"major revision forced", writing.JudgeInput{Verdict: writing.Verdict{Verdict: writing.MajorRevision}, ForcePass: true}, writing.ForcePass, 0, 0, 0, 0},
		{"force pass wins over polish", writing.JudgeInput{Verdict: ok(minor, minor), ForcePass: true, Feedback: []writing.Feedback{fb(1)}}, writing.ForcePass, 1, 1, 0, 0},
		{"even count median", writing.JudgeInput{Verdict: ok(), Feedback: []writing.Feedback{fb(5), fb(3), fb(4), fb(2)}}, writing.Pass, 3.5, 3.5, 3, 0},
		{"Japanese quotes, one spot", writing.JudgeInput{Verdict: ok(), Feedback: []writing.Feedback{fb(4, "灯りは消えていた"), fb(4, "灯りは消え")}}, writing.PassWithPolish, 4, 4, 0, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			j := writing.Judge(tc.in)
			if j.Grade != tc.want || j.Mean != tc.mean || j.Median != tc.median || j.Spread != tc.spread || len(j.Shared) != tc.shared {
				t.Fatalf("Judge = %+v; want %s mean %v median %v spread %d shared %d", j, tc.want, tc.mean, tc.median, tc.spread, tc.shared)
			}
			if len(j.Reasons) == 0 {
				t.Error("no reason given")
			}
		})
	}
}

func TestScan(t *testing.T) {
	tests := []struct {
		draft string
		hits  int
	}{
		{"第3話 暗い灯台\n雨が降った。", 0},
		{"暗い灯台\n第3話の終わりから、雨が降った。", 1},
		{"暗い灯台\r\n第一部の終わりから。\r\n第十二話", 2},
		{"第一部\n", 1},
		{"The Dark Lamp\nEpisode 3 is not scanned.", 0},
		{"", 0},
	}
	for _, tc := range tests {
		if got := writing.Scan(tc.draft); len(got) != tc.hits {
			t.Errorf("Scan(%q) = %q, want %d hit(s)", tc.draft, got, tc.hits)
		}
	}
	if got := writing.Scan("t\nx 第3話"); len(got) != 1 || !strings.HasPrefix(got[0], "line 2: ") {
		t.Errorf("hits must name their line: %q", got)
	}
}

func TestVerdictCheck(t *testing.T) {
	good := writing.Verdict{Verdict: writing.OK, Issues: []writing.Issue{{Quote: "q", Issue: "i", Severity: "low"}}}
	if err := good.Check(); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []writing.Verdict{
		{Verdict: "FINE"},
		{Verdict: writing.OK, Issues: []writing.Issue{{Quote: "q", Issue: "i", Severity: "minor"}}},
		{Verdict: writing.OK, Issues: []writing.Issue{{Quote: "q", Severity: "low"}}},
	} {
		if bad.Check() == nil {
			t.Errorf("%+v passed Check", bad)
		}
	}
}
