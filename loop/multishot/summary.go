package multishot

import (
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

// Summary is what a session came to, written to Dir/summary.json and
// Dir/summary.md after every Run, Resume and Continue.
type Summary struct {
	// OK: the session is done. In Barrier mode every slice is done (clean
	// or judge-stopped), no slice failed, and every finding is terminal,
	// final ones included. In Report mode every slice was reviewed.
	OK bool `json:"ok"`
	// Remaining counts the findings still open (Report mode: the
	// findings to follow up).
	Remaining int `json:"remaining"`
	// Mode is the session's mode.
	Mode Mode `json:"mode"`
	// Variant is the configured variant the session was started with
	// (Loop.Variant); absent when none was asked for.
	Variant string `json:"variant,omitempty"`
	// Out are the shots' validated results, every wave's in order, as
	// the original's final JSON: slice, pass, shot, the Markdown file
	// (Dir/logs) and the finding ids, final when the judge said stop.
	Out []OutRecord `json:"out"`
	// Err are the diagnostics: failed shot attempts and judge failures;
	// null when there is none.
	Err []ErrRecord `json:"err"`
	// Waves are the session's waves, in order.
	Waves []WaveReport `json:"waves"`
	// Slices are the slices in the order they were defined, tombstones
	// included.
	Slices []SliceState `json:"slices"`
	// Findings are every finding of the session, in the order found.
	Findings []Finding `json:"findings"`
	// Judge lists every judgement, retried ones included.
	Judge []Judgement `json:"judge"`
	// Marks are the duplicate decisions, automatic and manual.
	Marks []Mark `json:"dedupe_marks"`
	// Dedupe measures the automatic rule on Marks.
	Dedupe DedupeStats `json:"dedupe"`
	// Usage sums every model call: classifier, shots (failed attempts
	// too), judge and fixer.
	Usage agent.Usage `json:"usage"`
	// Notes say what was not reviewed and why.
	Notes []string `json:"notes,omitempty"`
}

// Open returns the findings still open, in order.
func (s *Summary) Open() []Finding {
	var out []Finding
	for _, f := range s.Findings {
		if !f.State.Terminal() {
			out = append(out, f)
		}
	}
	return out
}

func (s *session) summary() *Summary {
	sum := &Summary{Mode: s.set.Mode, Variant: s.set.Variant, Waves: s.waves, Judge: s.judged, Marks: s.marks, Dedupe: Stats(s.marks), Usage: s.usage,
		Notes: s.notes, Findings: []Finding{}, Slices: []SliceState{}}
	if sum.Waves == nil {
		sum.Waves = []WaveReport{}
	}
	if sum.Judge == nil {
		sum.Judge = []Judgement{}
	}
	if sum.Marks == nil {
		sum.Marks = []Mark{}
	}
	ok := true
	for _, sl := range s.slices {
		sum.Slices = append(sum.Slices, *sl)
		switch sl.Status {
		case Clean, JudgeStop, Removed:
		case Reported:
			ok = ok && s.set.Mode == Report
		default:
			ok = false
		}
	}
	for _, f := range s.findings {
		sum.Findings = append(sum.Findings, *f)
		if !f.State.Terminal() {
			sum.Remaining++
		}
	}
	sum.OK = ok && (s.set.Mode == Report || sum.Remaining == 0)
	sum.Out, sum.Err = s.records()
	return sum
}

// writeSummary writes summary.json and summary.md and returns the Summary.
func (s *session) writeSummary() (*Summary, error) {
	s.writeRuns()
	sum := s.summary()
	data, err := jsonIndent(sum)
	if err != nil {
		return nil, err
	}
	if err := loop.WriteRenderings(s.l.Dir, map[string][]byte{"summary.json": data, "summary.md": []byte(sum.Markdown())}); err != nil {
		return nil, err
	}
	return sum, nil
}

// Markdown renders the summary for a person.
func (s *Summary) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Multi-shot review\n\n- ok: %t\n- remaining: %d\n- mode: %s\n- waves: %d\n", s.OK, s.Remaining, s.Mode, len(s.Waves))
	if s.Variant != "" {
		fmt.Fprintf(&b, "- variant: %s\n", s.Variant)
	}
	fmt.Fprintf(&b, "- dedupe: %d automatic, %d overturned, %d manual; precision %s, recall %s\n", s.Dedupe.Auto, s.Dedupe.Overturned,
		s.Dedupe.Manual, pct(s.Dedupe.Precision), pct(s.Dedupe.Recall))
	fmt.Fprintf(&b, "- usage: %d call(s), %d tokens\n", s.Usage.Calls, s.Usage.Total())
	for _, n := range s.Notes {
		fmt.Fprintf(&b, "- note: %s\n", n)
	}
	b.WriteString("\n## Slices\n\n| slice | def | status | passes | window | shots |\n| --- | --- | --- | --- | --- | --- |\n")
	for _, sl := range s.Slices {
		fmt.Fprintf(&b, "| %s | %d | %s | %d | %d | %d |\n", sl.Name, sl.Def, sl.Status, sl.Passes, sl.Window, sl.Shots)
	}
	if len(s.Judge) > 0 {
		b.WriteString("\n## Judge\n\n")
		for _, j := range s.Judge {
			fmt.Fprintf(&b, "- wave %d, %s, window %d, attempt %d: %s (%s); rule: %s; agrees: %t\n", j.Wave, j.Slice, j.Window, j.Attempt, j.Verdict, j.Reason, j.Rule, j.Agrees)
		}
	}
	if len(s.Out)+len(s.Err) > 0 {
		b.WriteString("\n## Shots\n\n")
		for _, o := range s.Out {
			line := fmt.Sprintf("- wave %d, %s, pass %d, shot %d: [%s](%s) %s", o.Wave, o.Slice, o.Pass, o.Shot, o.Status, o.File, strings.Join(o.IDs, " "))
			b.WriteString(strings.TrimSpace(line) + "\n")
		}
		for _, e := range s.Err {
			fmt.Fprintf(&b, "- wave %d, %s, pass %d, shot %d: %s: %s\n", e.Wave, e.Slice, e.Pass, e.Shot, e.Status, oneLine(e.Message))
		}
	}
	b.WriteString("\n## Findings\n\n| id | slice | wave/pass/shot | level | where | title | status |\n| --- | --- | --- | --- | --- | --- | --- |\n")
	for _, f := range s.Findings {
		st := string(f.State.Current())
		switch f.State.Current() {
		case finding.Duplicate:
			st += " of " + f.State.DuplicateOf
			if f.State.By == "auto" {
				st += " (auto)"
			}
		case finding.Ignored, finding.Superseded:
			st += ": " + f.State.Reason + f.State.SupersededBy
		}
		if f.Final {
			st += ", final"
		}
		fmt.Fprintf(&b, "| %s | %s | %d/%d/%d | %s | %s:%s | %s | %s |\n", f.ID, f.Slice, f.Wave, f.Pass, f.Shot, f.Severity,
			f.Location.Path, f.Location.Lines(), cell(f.Title), cell(st))
	}
	return b.String()
}

func pct(x float64) string {
	if x < 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.0f%%", 100*x)
}

func cell(s string) string {
	return strings.NewReplacer("|", `\|`, "\r", " ", "\n", " ").Replace(s)
}
