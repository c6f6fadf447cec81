package multishot

import (
	"cmp"
	"fmt"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

// shotRun is one attempt of a shot, as the session's records and its
// rendered Markdown name it.
type shotRun struct {
	key     string // the attempt's journal key
	wave    int
	pass    int
	slice   string
	harness string
	shot    int
	attempt int // from 1
	wire    shotWire
}

// OutRecord is a shot's validated result in the session's final JSON, in
// the original's shape: its Markdown and finding ids.
type OutRecord struct {
	// Slice, Pass, Shot and Wave say which shot it was ("s", "p", "sh",
	// "w").
	Slice string `json:"s"`
	Pass  int    `json:"p"`
	Shot  int    `json:"sh"`
	Wave  int    `json:"w"`
	// File is the rendered result, relative to the session folder.
	// Example: "logs/w1_code-2.md".
	File string `json:"f"`
	// IDs are the ids of the shot's findings, in its order.
	IDs []string `json:"ids"`
	// Status is "findings" or "no_findings".
	Status string `json:"st"`
	// Final: findings of the shot are final (its slice's judge said
	// stop); fix or ignore them.
	Final bool `json:"final"`
}

// ErrRecord is a diagnostic in the session's final JSON: a failed shot
// attempt (retried alone; "failed" or "timeout") or a slice whose judge
// gave no verdict that agrees with the rule ("judge_failed").
type ErrRecord struct {
	// Slice, Pass, Shot and Wave say where ("s", "p", "sh", "w"); Shot
	// is 0 for a judge failure.
	Slice string `json:"s"`
	Pass  int    `json:"p"`
	Shot  int    `json:"sh,omitempty"`
	Wave  int    `json:"w"`
	// Attempt numbers the shot's attempt, from 1.
	Attempt int `json:"try,omitempty"`
	// File is the rendered failure, relative to the session folder.
	File string `json:"f,omitempty"`
	// Status is "failed", "timeout" or "judge_failed".
	Status string `json:"st"`
	// Message says what went wrong.
	Message string `json:"msg"`
}

// file is the run's Markdown, relative to the session folder.
func (r shotRun) file() string {
	return path.Join("logs", strings.NewReplacer("/", "_", "#", "-").Replace(r.key)+".md")
}

// found returns the session's findings of the run's shot, in order (none
// for a failed attempt).
func (s *session) found(r shotRun) []*Finding {
	if r.wire.Err != "" {
		return nil
	}
	var out []*Finding
	for _, f := range s.findings {
		if f.Wave == r.wave && f.Slice == r.slice && f.Shot == r.shot {
			out = append(out, f)
		}
	}
	return out
}

// records returns the session's out and err records.
func (s *session) records() ([]OutRecord, []ErrRecord) {
	out := []OutRecord{}
	var errs []ErrRecord
	for _, r := range s.runs {
		if r.wire.Err != "" {
			st := "failed"
			if r.wire.Timeout {
				st = "timeout"
			}
			errs = append(errs, ErrRecord{Slice: r.slice, Pass: r.pass, Shot: r.shot, Wave: r.wave, Attempt: r.attempt, File: r.file(), Status: st, Message: r.wire.Err})
			continue
		}
		rec := OutRecord{Slice: r.slice, Pass: r.pass, Shot: r.shot, Wave: r.wave, File: r.file(), IDs: []string{}, Status: "no_findings"}
		for _, f := range s.found(r) {
			rec.IDs = append(rec.IDs, f.ID)
			rec.Final = rec.Final || f.Final
			rec.Status = "findings"
		}
		out = append(out, rec)
	}
	for _, sl := range s.slices {
		if sl.Status != JudgeFailed {
			continue
		}
		rec := ErrRecord{Slice: sl.Name, Pass: sl.Passes, Status: "judge_failed", Message: "no verdict agreed with the rule"}
		for _, j := range s.judged {
			if j.Slice == sl.Name {
				rec.Wave = j.Wave
				rec.Message = cmp.Or(j.Error, fmt.Sprintf("verdict %q against the rule's %q", j.Verdict, j.Rule))
			}
		}
		errs = append(errs, rec)
	}
	return out, errs
}

// writeRuns renders every shot attempt of the session to its Markdown
// (rewritten alike on replay, with the findings' current resolution); a
// rendering is best effort, as a log.
func (s *session) writeRuns() {
	for _, r := range s.runs {
		_ = loop.WriteRendering(filepath.Join(s.l.Dir, filepath.FromSlash(r.file())), []byte(s.runMarkdown(r)))
	}
}

// runMarkdown renders one attempt: a front matter naming it, then its
// findings with their ids, locations, content and resolution, or why it
// failed.
func (s *session) runMarkdown(r shotRun) string {
	var b strings.Builder
	outcome := "failed"
	found := s.found(r)
	switch {
	case r.wire.Err != "":
	case len(found) > 0:
		outcome = "findings"
	default:
		outcome = "no_findings"
	}
	fmt.Fprintf(&b, "---\nslice: %s\nwave: %d\npass: %d\nshot: %d\nattempt: %d\nharness: %s\nschema_version: 1\noutcome: %s\n---\n\n",
		strconv.Quote(r.slice), r.wave, r.pass, r.shot, r.attempt, strconv.Quote(cmp.Or(r.harness, "default")), outcome)
	switch outcome {
	case "failed":
		fmt.Fprintf(&b, "# Review failed\n\n%s\n", r.wire.Err)
	case "no_findings":
		b.WriteString("No findings.\n")
	default:
		b.WriteString("# Review findings\n")
		for _, f := range found {
			fmt.Fprintf(&b, "\n## %s · %s · %s\n\n**Location:** `%s:%s`\n\n%s\n", f.Severity, oneLine(f.Title), f.ID, f.Location.Path, f.Location.Lines(), f.Content)
			if res := resolution(f); res != "" {
				fmt.Fprintf(&b, "\n### Resolution\n\n%s\n", res)
			}
		}
	}
	return b.String()
}

// resolution says where f stands in words, or "" while it is open.
func resolution(f *Finding) string {
	st := f.State
	var out string
	switch st.Current() {
	case finding.Duplicate:
		out = fmt.Sprintf("Duplicate of `%s`.", st.DuplicateOf)
		if st.By == "auto" {
			out = fmt.Sprintf("Duplicate of `%s` (a sibling shot's).", st.DuplicateOf)
		}
	case finding.Ignored, finding.Rejected:
		out = "Ignored: " + st.Reason
	case finding.Superseded:
		out = "Superseded by " + st.SupersededBy + "."
	case finding.Applied:
		out = "Fixed."
	}
	if f.Final {
		out = strings.TrimSpace(out + " Final: its slice's judge said stop.")
	}
	return out
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
