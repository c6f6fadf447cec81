package goldfish

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// farSpec writes a CRLF spec of 70 Japanese lines under one heading: the
// line the reviewer names (5) no longer holds the quote, which stands
// once, on line 60.
func farSpec(t *testing.T) (path string, text []byte) {
	t.Helper()
	var b strings.Builder
	b.WriteString("# 仕様\r\n")
	for i := 2; i <= 70; i++ {
		line := fmt.Sprintf("第%d項：設定は既定のままでよい。", i)
		switch i {
		case 5:
			line = "第5項：変更後は再読み込みで足ります。"
		case 60:
			line = "第60項：変更後は再起動が必要です。"
		}
		b.WriteString(line + "\r\n")
	}
	path = filepath.Join(t.TempDir(), "spec.md")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, []byte(b.String())
}

// farLoop is a Loop over the whole of farSpec with one goldfish that, while
// the quote stands, reports it as a Nit on line 5.
func farLoop(t *testing.T) *Loop {
	g := fake(t, "style", func(sec string, round, shot int) []finding.Finding {
		if !strings.Contains(sec, "再起動が必要です") {
			return nil
		}
		return []finding.Finding{{LineRange: finding.LineRange{Start: 5, End: 5}, Issue: "wording", Severity: finding.Low,
			Quotes: []string{"再起動が必要です"}, Fix: "再起動は不要です"}}
	})
	return &Loop{Reviewers: []*Goldfish{g}, Target: document.Target{}, NoAgreement: true, Asker: answers(ChoiceAuto, loop.Yes)}
}

// TestFarQuoteNotAutoApplied is issue 22 item 8 in the Goldfish loop: the
// resolver proposes the fix and the round's choice is auto-approve, but
// the quote was found only far from the reviewer's line: without a gate
// it is deferred, saying where it was found, and the file is unchanged.
func TestFarQuoteNotAutoApplied(t *testing.T) {
	for _, gate := range []rounds.Approver{nil, rounds.AutoGate{}} {
		spec, before := farSpec(t)
		l := farLoop(t)
		l.Dir, l.Gate = filepath.Join(filepath.Dir(spec), DefaultDir), gate
		o, err := l.Run(context.Background(), spec)
		if err != nil {
			t.Fatal(err)
		}
		if after, _ := os.ReadFile(spec); string(after) != string(before) || len(o.Applied) != 0 {
			t.Fatalf("gate %T: the far fix was applied unasked (%d applied):\n%s", gate, len(o.Applied), after)
		}
		rep, _ := os.ReadFile(filepath.Join(l.Dir, "round-1", ReportName))
		if !strings.Contains(string(rep), "found only on lines 60, not near the reviewer's lines 5") {
			t.Errorf("gate %T: the report does not say where the quote was found:\n%s", gate, rep)
		}
		if len(o.Unresolved) != 1 || !strings.Contains(o.Unresolved[0].Reason, "found only on lines 60") {
			t.Errorf("gate %T: unresolved %+v; want the far finding deferred, saying where its quote is", gate, o.Unresolved)
		}
	}
}

// TestFarQuoteToGate: with a gate, the far fix is handed to it (the
// resolver's other decisions stand), marked Far, and applied once the
// person approves it.
func TestFarQuoteToGate(t *testing.T) {
	spec, before := farSpec(t)
	l := farLoop(t)
	l.Dir = filepath.Join(filepath.Dir(spec), DefaultDir)
	var shown []loop.Item
	l.Gate = rounds.ApproverFunc(func(_ context.Context, b rounds.Batch) ([]rounds.Decision, error) {
		var ds []rounds.Decision
		for _, it := range b.Items {
			shown = append(shown, it)
			ds = append(ds, rounds.Decision{Key: it.Key, Action: rounds.Apply})
		}
		return ds, nil
	})
	o, err := l.Run(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	if len(shown) != 1 || !shown[0].Far || shown[0].Lines != (finding.LineRange{Start: 60, End: 60}) {
		t.Fatalf("the gate was shown %+v", shown)
	}
	want := strings.Replace(string(before), "再起動が必要です", "再起動は不要です", 1)
	if after, _ := os.ReadFile(spec); string(after) != want || len(o.Applied) != 1 {
		t.Fatalf("%d applied; file:\n%s", len(o.Applied), after)
	}
}
