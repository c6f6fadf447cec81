package goldfish

import (
	"context"
	"errors"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// TestRoundCapSaysWhy is issue 22 item 4: at the round cap, the outcome,
// the report and the error say one true thing: why the last round did not
// count as clean, and how many findings are open at which level; never
// "high findings open" when none is.
func TestRoundCapSaysWhy(t *testing.T) {
	for _, tt := range []struct {
		name   string
		sev    finding.Severity
		fix    string
		choice string
		why    string
		counts string
	}{
		{name: "a Major left open", sev: finding.Medium, choice: ChoiceContinue,
			why: "round 1 left 1 Blocker/Major finding(s) open", counts: "1 finding(s) left open, 1 of them Blocker or Major"},
		{name: "a fix written", sev: finding.Low, fix: "Uploads", choice: ChoiceAuto,
			why: "round 1 wrote a fix", counts: "0 finding(s) left open"},
		{name: "clean, too few rounds", sev: finding.Low, choice: ChoiceContinue,
			why: "", counts: "1 finding(s) left open, 0 of them Blocker or Major"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := fake(t, "design_critic", func(sec string, round, shot int) []finding.Finding {
				if !strings.Contains(sec, "It's worth noting that uploads") {
					return nil
				}
				return []finding.Finding{find(sec, "It's worth noting that uploads", "filler", tt.sev, tt.fix)}
			})
			l, spec := specLoop(t, g)
			l.MaxRounds, l.Asker = 1, answers(tt.choice, loop.Yes)
			o, err := l.Run(context.Background(), spec)
			if !errors.Is(err, loop.ErrNotConverged) || o == nil || o.Reason != loop.RoundCapReached {
				t.Fatalf("%v, %+v", err, o)
			}
			want := "the round cap of 1 round(s) was reached before 2 consecutive clean rounds: " + tt.why
			if tt.why == "" {
				want = "the round cap of 1 round(s) was reached with 1 of the 2 consecutive clean rounds needed"
			}
			if o.Stop != want {
				t.Errorf("Outcome.Stop = %q, want %q", o.Stop, want)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, "goldfish: not converged after 1 round(s): "+want) || !strings.Contains(msg, tt.counts) || strings.Contains(msg, "loop:") {
				t.Errorf("error %q; want %q and %q with one prefix", msg, want, tt.counts)
			}
			rep, _ := os.ReadFile(o.ReportFile)
			if !strings.Contains(string(rep), "- Stopped: "+want+"\n") {
				t.Errorf("report:\n%s", rep)
			}
			for _, text := range []string{o.Stop, err.Error(), string(rep)} {
				if strings.Contains(text, "high findings open") {
					t.Errorf("says high findings are open, with none: %q", text)
				}
			}
		})
	}
}

// TestWaitingForAnswerSaysSo: a run waiting for its gate choice (a
// question, not the findings' gate) says in its Outcome what the report
// says: an answer is awaited in questions.json, not decisions for
// pending.md.
func TestWaitingForAnswerSaysSo(t *testing.T) {
	g := fake(t, "design_critic", func(sec string, round, shot int) []finding.Finding {
		return []finding.Finding{find(sec, "It's worth noting that uploads", "filler", finding.Low, "Uploads")}
	})
	l, spec := specLoop(t, g)
	l.Asker = loop.FileAsker{Dir: l.Dir}
	o, err := l.Run(context.Background(), spec)
	if !errors.Is(err, loop.ErrNotConverged) || o.Reason != loop.AwaitingDecisions {
		t.Fatalf("%v %+v", err, o)
	}
	rep, _ := os.ReadFile(o.ReportFile)
	if !strings.Contains(o.Stop, "waiting for an answer (see questions.json") || !strings.Contains(string(rep), "- Stopped: "+o.Stop+"\n") || !strings.Contains(err.Error(), o.Stop) {
		t.Errorf("Outcome.Stop %q, error %q, report:\n%s", o.Stop, err, rep)
	}
}

// TestSummarySaysGoldfishStop is issue 26: summary.md and report.html say
// why a Goldfish run stopped in its own words, as the terminal does:
// "2 consecutive clean rounds", not the Editorial Swarm's "every high
// finding was applied or rejected"; and a run waiting on the turn
// question says it waits for an answer in questions.json, not for
// decisions in a pending.md that does not exist.
func TestSummarySaysGoldfishStop(t *testing.T) {
	clean := func(string, int, int) []finding.Finding { return nil }
	t.Run("converged", func(t *testing.T) {
		l, spec := specLoop(t, fake(t, "design_critic", clean))
		o, err := l.Run(context.Background(), spec)
		if err != nil || o.Reason != loop.Converged {
			t.Fatalf("%v %+v", err, o)
		}
		checkStopWords(t, l.Dir, o.Stop, "2 consecutive clean rounds")
	})
	t.Run("waiting on the turn question", func(t *testing.T) {
		l, spec := specLoop(t, fake(t, "design_critic", clean))
		l.Asker = loop.FileAsker{Dir: l.Dir}
		o, err := l.Run(context.Background(), spec)
		if !errors.Is(err, loop.ErrNotConverged) || o.Reason != loop.AwaitingDecisions {
			t.Fatalf("%v %+v", err, o)
		}
		checkStopWords(t, l.Dir, o.Stop, "waiting for an answer (see questions.json")
	})
}

// checkStopWords checks that summary.md and report.html in dir say stop,
// which contains want, and nothing of another loop's wording.
func checkStopWords(t *testing.T, dir, stop, want string) {
	t.Helper()
	if !strings.Contains(stop, want) {
		t.Errorf("Outcome.Stop = %q, want it to say %q", stop, want)
	}
	sum, err := os.ReadFile(filepath.Join(dir, "summary.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(sum), "Stopped: "+stop+".\n") {
		t.Errorf("summary.md does not say %q:\n%s", stop, sum)
	}
	page, err := os.ReadFile(filepath.Join(dir, rounds.ReportName))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html.UnescapeString(string(page)), want) {
		t.Errorf("%s does not say %q", rounds.ReportName, want)
	}
	for name, text := range map[string]string{"summary.md": string(sum), rounds.ReportName: string(page)} {
		for _, other := range []string{"every high finding", "pending.md"} {
			if strings.Contains(text, other) {
				t.Errorf("%s says %q", name, other)
			}
		}
	}
}

// TestWaitingAtTheFindingsGateSaysPending: a run whose inspected findings
// wait in a decisions file says so, and the pending.md it points to
// exists in the round's folder.
func TestWaitingAtTheFindingsGateSaysPending(t *testing.T) {
	g := fake(t, "design_critic", func(sec string, round, shot int) []finding.Finding {
		return []finding.Finding{find(sec, "It's worth noting that uploads", "filler", finding.Medium, "Uploads")}
	})
	l, spec := specLoop(t, g)
	l.Asker, l.Gate = answers(ChoiceInspect, loop.Yes), rounds.FileGate{Path: filepath.Join(l.Dir, "decisions.json")}
	o, err := l.Run(context.Background(), spec)
	if !errors.Is(err, loop.ErrNotConverged) || o.Reason != loop.AwaitingDecisions {
		t.Fatalf("%v %+v", err, o)
	}
	sum, _ := os.ReadFile(filepath.Join(l.Dir, "summary.md"))
	if !strings.Contains(string(sum), "Stopped: "+o.Stop+".\n") || !strings.Contains(o.Stop, "pending.md") {
		t.Errorf("Outcome.Stop %q; summary.md:\n%s", o.Stop, sum)
	}
	if _, err := os.Stat(filepath.Join(l.Dir, "round-1", "pending.md")); err != nil {
		t.Errorf("the pending.md it names: %v", err)
	}
}
