package goldfish

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

// seen records what a scripted goldfish was shown, by round.
type seen struct {
	mu       sync.Mutex
	sections []string
}

func (s *seen) add(t string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sections = append(s.sections, t)
}

// fake is a goldfish on a scripted provider (a real model reviewer: its
// prompt, its isolation, its answer extracted and validated) whose report
// fn writes from the section the request shows, the round and the shot.
// Round 1 has two calls (self-agreement), later rounds one; the two calls
// of round 1 are told apart by arrival, as shots 1 and 2.
func fake(t *testing.T, name string, fn func(section string, round, shot int) []finding.Finding) *Goldfish {
	return fakeN(t, name, 2, fn)
}

// fakeN is fake with first calls in round 1.
func fakeN(t *testing.T, name string, first int, fn func(section string, round, shot int) []finding.Finding) *Goldfish {
	t.Helper()
	seats, err := Materials{}.Cast([]string{name}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := scripted.NewResponder(func(call int, req agent.Request) scripted.Reply {
		round, shot := 1, call+1
		if call >= first {
			round, shot = call-first+2, 1
		}
		fs := fn(sectionOf(req), round, shot)
		for i := range fs {
			fs[i].ID = fmt.Sprintf("F%03d", i+1)
			if fs[i].Category == "" {
				fs[i].Category = name
			}
			if fs[i].Confidence == 0 {
				fs[i].Confidence = 90
			}
		}
		if fs == nil {
			fs = []finding.Finding{}
		}
		data, err := json.Marshal(finding.Report{Reviewer: name, SchemaVersion: "1", Summary: "read", Findings: fs})
		if err != nil {
			return scripted.Error(err)
		}
		return scripted.Text(string(data))
	})
	return NewGoldfish(p, seats[0], nil, "S1.12")
}

var numbered = regexp.MustCompile(`^ *\d+\| ?(.*)$`)

// sectionOf returns the document a review request shows, without its line
// numbers.
func sectionOf(req agent.Request) string {
	text := req.Messages[0].Text()
	_, doc, _ := strings.Cut(text, "# Document: ")
	var b strings.Builder
	in := false
	for _, line := range strings.Split(doc, "\n") {
		m := numbered.FindStringSubmatch(line)
		if m == nil {
			if in {
				break
			}
			continue
		}
		in = true
		b.WriteString(m[1] + "\n")
	}
	return b.String()
}

// find returns a finding on the line of section that holds quote (lines
// counted in the section, as the goldfish see them).
func find(section, quote, issue string, sev finding.Severity, fix string) finding.Finding {
	i := strings.Index(section, quote)
	line := strings.Count(section[:max(i, 0)], "\n") + 1
	return finding.Finding{LineRange: finding.LineRange{Start: line, End: line}, Issue: issue, Severity: sev, Quotes: []string{quote}, Fix: fix}
}

func specLoop(t *testing.T, gs ...*Goldfish) (*Loop, string) {
	t.Helper()
	l, spec := offlineLoop(t, "design_critic")
	l.Reviewers = gs
	return l, spec
}

// TestSectionReresolvedEachRound: round 1's fix makes the section three
// lines longer; round 2 resolves it anew, shows the goldfish the section as
// it is now and anchors their findings on the file's lines.
func TestSectionReresolvedEachRound(t *testing.T) {
	var s seen
	g := fake(t, "design_critic", func(sec string, round, shot int) []finding.Finding {
		if shot == 1 {
			s.add(sec)
		}
		if strings.Contains(sec, "It's worth noting that uploads can fail.") {
			return []finding.Finding{find(sec, "It's worth noting that uploads can fail.", "filler", finding.Low, "Uploads can fail.\n\nA failed upload is retried.\n")}
		}
		if strings.Contains(sec, "10 MiB are refused") {
			return []finding.Finding{find(sec, "Uploads of more than 10 MiB are refused.", "MB or MiB?", finding.Medium, "Uploads of more than 10 MiB are refused (1 MiB = 1,048,576 bytes).")}
		}
		return nil
	})
	l, spec := specLoop(t, g)
	o, err := l.Run(context.Background(), spec)
	if err != nil {
		t.Fatalf("%v", err)
	}
	text, _ := os.ReadFile(spec)
	r, err := document.Target{ID: "S1.12"}.Resolve(text)
	if err != nil {
		t.Fatal(err)
	}
	if r.Lines != (document.LineRange{Start: 16, End: 30}) {
		t.Errorf("section now at %v", r.Lines)
	}
	if len(s.sections) < 2 || !strings.HasPrefix(s.sections[1], "### S1.12") || !strings.Contains(s.sections[1], "A failed upload is retried.") || strings.Contains(s.sections[1], "S1.13") {
		t.Fatalf("round 2 was shown %q", s.sections)
	}
	if s.sections[2] != string(text[r.Span.Start:r.Span.End]) {
		t.Errorf("round 3 was not shown the section as the file holds it")
	}
	// The round-2 finding sits on line 14 of the section, line 29 of the file.
	var lines []string
	for _, e := range o.Applied {
		lines = append(lines, e.Item.Key+"@"+e.Item.Lines.String())
	}
	if got := strings.Join(lines, ","); got != "r1/design_critic/F001@18,r2/design_critic/F001@29" {
		t.Errorf("applied %s", got)
	}
	if !strings.Contains(string(text), "Uploads of more than 10 MiB are refused (1 MiB = 1,048,576 bytes).\n\n### S1.13") {
		t.Errorf("round 2's fix was not applied where the section now is:\n%s", text)
	}
	rep, _ := os.ReadFile(filepath.Join(l.Dir, "round-2", ReportName))
	if !strings.Contains(string(rep), "lines 16-27, now 16-30") {
		t.Errorf("round 2's report does not say the section moved:\n%s", rep)
	}
}

// TestEditAboveShiftsSection: lines inserted above the section between
// two runs move it; the next run reviews and fixes the right lines.
func TestEditAboveShiftsSection(t *testing.T) {
	g := fake(t, "design_critic", func(sec string, round, shot int) []finding.Finding {
		if i := strings.Index(sec, "10 MB are split"); i >= 0 {
			return []finding.Finding{find(sec, "more than 10 MB are split", "unit", finding.Low, "more than 10 MiB are split")}
		}
		return nil
	})
	l, spec := specLoop(t, g)
	text, _ := os.ReadFile(spec)
	os.WriteFile(spec, append([]byte("<!-- draft -->\nOwner: platform team.\n\n"), text...), 0o644)
	o, err := l.Run(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Applied) != 1 || o.Applied[0].Item.Lines != (finding.LineRange{Start: 29, End: 29}) {
		t.Fatalf("applied %+v", o.Applied)
	}
	got, _ := os.ReadFile(spec)
	if !strings.Contains(string(got), "Uploads of more than 10 MiB are split. Uploads of more than 10 MiB are refused.") {
		t.Errorf("document:\n%s", got)
	}
	rep, _ := os.ReadFile(filepath.Join(l.Dir, "round-1", ReportName))
	if !strings.Contains(string(rep), "lines 19-30") {
		t.Errorf("round 1 did not resolve the moved section:\n%s", rep)
	}
}

// TestIsolationInRun: no request of a later round holds anything of an
// earlier one (the finding's words, the resolver's reasons), and the
// journal lists each call's materials by name and SHA-256.
func TestIsolationInRun(t *testing.T) {
	seats, err := Materials{}.Cast([]string{"design_critic"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := scripted.NewResponder(func(int, agent.Request) scripted.Reply {
		return scripted.Text(`{"reviewer":"design_critic","schema_version":"1","summary":"s","findings":[{"id":"F001","category":"design","line_range":"3","issue":"UNIQUE-EARLIER-ISSUE","fix":"","confidence":80,"severity":"medium","quotes":["It's worth noting"]}]}`)
	})
	ctxRefs := []agent.Reference{{Name: "context: glossary.md", Text: "Upload: one PUT."}}
	l, spec := specLoop(t, NewGoldfish(p, seats[0], ctxRefs, "S1.12"))
	l.Context = ctxRefs
	if _, err := l.Run(context.Background(), spec); err != nil {
		t.Fatal(err)
	}
	reqs := p.Requests()
	if len(reqs) != 3 { // two shots in round 1, one in round 2 (both clean: the finding was contested)
		t.Fatalf("%d requests", len(reqs))
	}
	for i, r := range reqs[2:] {
		var b strings.Builder
		for _, m := range r.Messages {
			b.WriteString(m.Text())
		}
		for _, leak := range []string{"UNIQUE-EARLIER-ISSUE", "advice with no replacement", "contested", "Rejected"} {
			if strings.Contains(b.String(), leak) {
				t.Errorf("round %d's request holds %q", i+2, leak)
			}
		}
	}
	if reqs[0].Messages[0].Text() != reqs[2].Messages[0].Text() {
		t.Error("round 2 on the unchanged section sent another request than round 1")
	}
	raw, _ := os.ReadFile(filepath.Join(l.Dir, "journal.jsonl"))
	for _, want := range []string{`"key":"r2/isolation"`, `"kind":"context","name":"glossary.md","sha256":"`, `"kind":"standard","name":"feature-spec-standard"`, `"kind":"section","name":"16-27"`} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("the journal lacks %s", want)
		}
	}
}

// TestContestMemoryInRun: a reworded re-raise of a contested finding is
// not raised again; one with new evidence reopens it, both shown.
func TestContestMemoryInRun(t *testing.T) {
	g := fakeN(t, "design_critic", 1, func(sec string, round, shot int) []finding.Finding {
		q := "improve reliability by 40%"
		switch round {
		case 1:
			return []finding.Finding{find(sec, q, "40% has no source", finding.Medium, "")}
		case 2:
			reworded := find(sec, q, "Where does the 40% figure come from?", finding.High, "")
			evidence := find(sec, q, "the figure contradicts the cap", finding.Medium, "")
			evidence.Quotes = append(evidence.Quotes, "retries at most 5 times")
			return []finding.Finding{reworded, evidence}
		}
		return []finding.Finding{find(sec, q, "40% is unsupported", finding.Medium, "")}
	})
	l, spec := specLoop(t, g)
	l.NoAgreement, l.CleanRounds = true, 3
	o, err := l.Run(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	rep, _ := os.ReadFile(filepath.Join(l.Dir, "round-2", ReportName))
	r2 := string(rep)
	for _, want := range []string{"## Not raised again (1)", "r2/design_critic/F001 🔴 Blocker", "re-raises r1/design_critic/F001, contested in round 1",
		"### r2/design_critic/F002", "Reopens r1/design_critic/F001 (contested in round 1", `which quoted ["improve reliability by 40%"]`, `- Evidence: "retries at most 5 times"`} {
		if !strings.Contains(r2, want) {
			t.Errorf("round 2's report lacks %q:\n%s", want, r2)
		}
	}
	rep, _ = os.ReadFile(filepath.Join(l.Dir, "round-3", ReportName))
	if !strings.Contains(string(rep), "## Not raised again (1)") || !strings.Contains(string(rep), "re-raises r2/design_critic/F002") {
		t.Errorf("round 3 raised the reopened finding again:\n%s", rep)
	}
	if o.Reason != loop.Converged || o.Rounds != 3 {
		t.Errorf("%s after %d rounds", o.Reason, o.Rounds)
	}
}

// answers is an Asker that answers the gate choice and the turn boundary
// as told.
func answers(choice, next string) loop.Asker {
	return loop.AskFunc(func(_ context.Context, q loop.Question) (loop.Answer, error) {
		switch {
		case strings.HasSuffix(q.Key, "/close"):
			return loop.Answer{Key: q.Key, Choice: ClosingNext}, nil
		case q.Kind == loop.Choice:
			return loop.Answer{Key: q.Key, Choice: choice}, nil
		}
		return loop.Answer{Key: q.Key, Choice: next}, nil
	})
}

// TestRoundCap: a new Major every round, left open (the gate's choice is
// continue), runs into the cap, which is not converged.
func TestRoundCap(t *testing.T) {
	quotes := []string{"The exporter retries at most 5 times.", "The exporter waits 2 seconds", "The exporter doubles the wait", "The exporter gives up", "Uploads of more than 10 MB"}
	g := fake(t, "design_critic", func(sec string, round, shot int) []finding.Finding {
		return []finding.Finding{find(sec, quotes[(round-1)%len(quotes)], "undefined edge", finding.Medium, "")}
	})
	l, spec := specLoop(t, g)
	l.Asker = answers(ChoiceContinue, loop.Yes)
	o, err := l.Run(context.Background(), spec)
	if !errors.Is(err, loop.ErrNotConverged) || o == nil || o.Reason != loop.RoundCapReached || o.Rounds != DefaultMaxRounds {
		t.Fatalf("%v, %+v", err, o)
	}
	rep, _ := os.ReadFile(o.ReportFile)
	if !strings.Contains(string(rep), "round 5 of at most 5") || !strings.Contains(string(rep), "Stopped: ") {
		t.Errorf("report:\n%s", rep)
	}
}

// TestTwoCleanRounds: a clean round after a dirty one is not enough; a
// dirty round between two clean ones resets the count.
func TestTwoCleanRounds(t *testing.T) {
	g := fake(t, "design_critic", func(sec string, round, shot int) []finding.Finding {
		if round == 2 { // clean, dirty, clean, clean
			return []finding.Finding{find(sec, "The exporter retries at most 5 times.", fmt.Sprint("open ", round), finding.High, "")}
		}
		return nil
	})
	l, spec := specLoop(t, g)
	l.Asker = answers(ChoiceContinue, loop.Yes)
	o, err := l.Run(context.Background(), spec)
	if err != nil || o.Reason != loop.Converged || o.Rounds != 4 {
		t.Fatalf("%v: %s after %d rounds", err, o.Reason, o.Rounds)
	}
}

// TestHumanStop: a no at the turn boundary stops the run.
func TestHumanStop(t *testing.T) {
	g := fake(t, "design_critic", func(sec string, round, shot int) []finding.Finding { return nil })
	l, spec := specLoop(t, g)
	l.Asker = answers(ChoiceAuto, loop.No)
	o, err := l.Run(context.Background(), spec)
	if !errors.Is(err, loop.ErrNotConverged) || o.Reason != loop.HumanStopped || o.Rounds != 1 {
		t.Fatalf("%v %+v", err, o)
	}
}

// TestSelfAgreement: a reviewer whose two round-1 calls share one of three
// findings has self-agreement 1/3; its clean answers are weak evidence,
// shown so, and do not count toward the clean rounds.
func TestSelfAgreement(t *testing.T) {
	disagreeing := func(sec string, round, shot int) []finding.Finding {
		if round > 1 {
			return nil
		}
		a := find(sec, "The exporter retries at most 5 times.", "a", finding.Low, "")
		b := find(sec, "The exporter waits 2 seconds", "b", finding.Low, "")
		c := find(sec, "The exporter doubles the wait", "c", finding.Low, "")
		if shot == 1 {
			return []finding.Finding{a, b}
		}
		return []finding.Finding{a, c}
	}
	l, spec := specLoop(t, fake(t, "design_critic", disagreeing))
	o, err := l.Run(context.Background(), spec)
	if len(o.Agreements) != 1 || o.Agreements[0].Common != 1 || o.Agreements[0].Jaccard != 1.0/3 {
		t.Fatalf("agreements %+v", o.Agreements)
	}
	if !errors.Is(err, loop.ErrNotConverged) || o.Reason != loop.RoundCapReached {
		t.Errorf("weak clean rounds converged: %v %s", err, o.Reason)
	}
	rep, _ := os.ReadFile(filepath.Join(l.Dir, "round-2", ReportName))
	if !strings.Contains(string(rep), "clean, weak evidence (low self-agreement) | 0 | 0 | 0.33 (1/2/2)") {
		t.Errorf("report:\n%s", rep)
	}
	l2, spec2 := specLoop(t, fake(t, "design_critic", disagreeing))
	l2.MinAgreement = 0.3
	if o, err := l2.Run(context.Background(), spec2); err != nil || o.Rounds != 2 {
		t.Errorf("at a lower bar the clean rounds count: %v, %d rounds", err, o.Rounds)
	}
}
