package rounds

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"golang.org/x/sync/errgroup"
)

// roundDir returns the folder of round n's artifacts.
func roundDir(dir string, n int) string { return filepath.Join(dir, "round-"+strconv.Itoa(n)) }

// pendingName is the file of a round's findings that wait for a human,
// in the round's folder; pending.md beside it says the same for a reader.
const pendingName = "pending.json"

// PendingFile returns the slash-separated path of round n's pending
// findings in the run folder run: where a waiting run's questions are.
func PendingFile(run string, n int) string {
	return path.Join(run, "round-"+strconv.Itoa(n), pendingName)
}

// docDir returns the folder of round n's artifacts about the document
// name: round-N itself in a run over one document, round-N/NAME (slashes
// kept as folders, each part made a safe file name) in a run over several.
func (r *Run[S]) docDir(n int, name string) string {
	dir := roundDir(r.Dir, n)
	if len(r.Docs) == 1 {
		return dir
	}
	for _, part := range strings.Split(name, "/") {
		dir = filepath.Join(dir, safeName(part))
	}
	return dir
}

// RenderRound writes round rs's artifacts into the run folder (nothing
// while replaying only), with p the run's policy (for the findings it held
// back),
// from the values the round's steps returned: for each document its
// reviews, findings.md, skipped.md, rejected.md and applied.diff (what the
// round's patches, the policy's alone while the gate has not decided, make
// of the text it reviewed), and for the round pending.json and pending.md
// while the gate waits.
func (r *Run[S]) RenderRound(rs *Round, p Policy) error {
	if r.replayOnly {
		return nil
	}
	status := r.statusOf()
	g := new(errgroup.Group)
	g.SetLimit(docLimit)
	for _, doc := range rs.Docs {
		g.Go(func() error { return r.renderDoc(rs, doc, p, status) })
	}
	if err := g.Wait(); err != nil {
		return err
	}
	dir := roundDir(r.Dir, rs.N)
	for _, f := range []string{pendingName, "pending.md"} {
		if err := os.Remove(filepath.Join(dir, f)); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	if !rs.Waiting {
		return nil
	}
	files := map[string][]byte{}
	files[pendingName], files["pending.md"] = renderPending(rs)
	if err := loop.WriteRenderings(dir, files); err != nil {
		return fmt.Errorf("round %d: %w", rs.N, err)
	}
	return nil
}

// renderDoc writes round rs's artifacts about one document.
func (r *Run[S]) renderDoc(rs *Round, doc *DocRound, p Policy, status func(*Round, loop.Item) finding.Status) error {
	after, err := applied(doc)
	if err != nil {
		return fmt.Errorf("round %d: %s: %w", rs.N, doc.Name, err)
	}
	files := map[string][]byte{
		"findings.md":  renderFindings(rs, doc, func(it loop.Item) string { return r.itemStatus(rs, it, status) }),
		"skipped.md":   renderSkipped(rs, doc, p),
		"rejected.md":  renderRejected(rs, doc),
		"applied.diff": []byte(apply.UnifiedDiff("a/"+doc.Name, "b/"+doc.Name, doc.Text, after)),
	}
	for _, rv := range doc.Findings.Reviews {
		name := "reviewer-" + safeName(rv.Reviewer)
		if rv.Shot > 1 {
			name += "-shot" + strconv.Itoa(rv.Shot)
		}
		data, err := json.MarshalIndent(rv.Report, "", "  ")
		if err != nil {
			return fmt.Errorf("round %d: %s: %w", rs.N, name, err)
		}
		files[name+".json"] = append(data, '\n')
	}
	if err := loop.WriteRenderings(r.docDir(rs.N, doc.Name), files); err != nil {
		return fmt.Errorf("round %d: %w", rs.N, err)
	}
	return nil
}

// safeName keeps a reviewer's name usable as part of a file name.
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '/' || r == '\\' || r == ':' || r < ' ':
			return '_'
		}
		return r
	}, s)
}

// cell escapes text for one Markdown table cell or list line: on one
// line, loop.Printable, with its pipes escaped.
func cell(s string) string {
	s = strings.Join(strings.Fields(strings.ReplaceAll(s, "\r", "")), " ")
	return strings.ReplaceAll(loop.Printable(s), "|", `\|`)
}

// label is it.Label() for a Markdown artifact (loop.Printable).
func label(it loop.Item) string { return loop.Printable(it.Label()) }

// itemStatus says where an item of round rs stands, in finding.Status
// words (StatusLabel).
func (r *Run[S]) itemStatus(rs *Round, it loop.Item, status func(*Round, loop.Item) finding.Status) string {
	d, _ := rs.Decisions.Get(it.Key)
	return StatusLabel(status(rs, it), d.By, r.DryRun, rs.Waiting)
}

// StatusLabel says where a finding stands for people, in the words of
// finding.Status: "applied", "rejected" or "open", with who applied it
// ("applied (policy)", "applied (gate)"), "applied (dry run: not
// written)" in a dry run, and "open (pending)" while the gate waits for a
// decision.
func StatusLabel(st finding.Status, by string, dry, waiting bool) string {
	switch {
	case st == finding.Applied && dry:
		return "applied (dry run: not written)"
	case st == finding.Applied && by != "":
		return "applied (" + by + ")"
	case st == finding.Open && waiting:
		return "open (pending)"
	}
	return string(st)
}

func renderFindings(rs *Round, doc *DocRound, status func(loop.Item) string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Round %d: findings\n\n", rs.N)
	for _, rv := range doc.Findings.Reviews {
		fmt.Fprintf(&b, "## %s", cell(rv.Reviewer))
		if rv.Shot > 1 {
			fmt.Fprintf(&b, " (shot %d)", rv.Shot)
		}
		fmt.Fprintf(&b, "\n\n%s\n", loop.Printable(strings.TrimSpace(rv.Report.Summary)))
		if len(rv.Report.Strengths) > 0 {
			b.WriteString("\nWhat works:\n")
			for _, s := range rv.Report.Strengths {
				fmt.Fprintf(&b, "- %s\n", loop.Printable(strings.Join(strings.Fields(s), " ")))
			}
		}
		if m := strings.TrimSpace(rv.Report.Memo); m != "" {
			fmt.Fprintf(&b, "\nMemo: %s\n", loop.Printable(m))
		}
		b.WriteString("\n")
	}
	b.WriteString("## Table\n\n| # | key | reviewer | category | line | severity | confidence | issue | fix | quotes | flags | status |\n")
	b.WriteString("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for i, it := range doc.Findings.Items {
		var flags []string
		if it.Conflict != 0 {
			flags = append(flags, "conflict "+strconv.Itoa(it.Conflict))
		}
		if len(it.Supporters) > 0 {
			flags = append(flags, "same edit as "+strings.Join(it.Supporters, ", "))
		}
		if !it.Applicable() {
			flags = append(flags, "no edit: "+it.Note)
		}
		if it.Far {
			flags = append(flags, farText(it))
		}
		if len(it.SameLine) > 0 {
			flags = append(flags, sameLineText(it))
		}
		f := it.Finding
		fmt.Fprintf(&b, "| %d | %s | %s | %s | %s | %s | %d | %s | %s | %s | %s | %s |\n",
			i+1, cell(it.Key), cell(it.Reviewer), cell(f.Category), it.Lines, f.Severity, f.Confidence,
			cell(f.Issue), cell(f.Fix), cell(strings.Join(f.Quotes, " / ")), cell(strings.Join(flags, "; ")), status(it))
	}
	if len(doc.Findings.Dropped) > 0 {
		b.WriteString("\n## Dropped\n\n")
		for _, it := range doc.Findings.Dropped {
			fmt.Fprintf(&b, "- %s %s: %s\n", cell(it.Key), label(it), cell(it.Note))
		}
	}
	return b.Bytes()
}

func renderSkipped(rs *Round, doc *DocRound, pol Policy) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Round %d: skipped\n\n", rs.N)
	for _, s := range doc.Findings.Skips {
		switch {
		case s.Truncated:
			fmt.Fprintf(&b, "[NOTE] answer truncated: %s (shot %d): %s\n  %s.\n", cell(s.Reviewer), s.Shot, cell(s.Reason), s.Hint())
		case s.SchemaViolation:
			fmt.Fprintf(&b, "[NOTE] schema violation: %s (shot %d): %s\n", cell(s.Reviewer), s.Shot, cell(s.Reason))
		default:
			fmt.Fprintf(&b, "[NOTE] reviewer skipped: %s (shot %d): %s\n", cell(s.Reviewer), s.Shot, cell(s.Reason))
		}
		for _, v := range s.Violations {
			fmt.Fprintf(&b, "  - %s\n", cell(v.String()))
		}
		if more := s.ViolationCount - len(s.Violations); more > 0 {
			fmt.Fprintf(&b, "  - … and %d more\n", more)
		}
	}
	for _, c := range doc.Findings.Cut {
		fmt.Fprintf(&b, "[NOTE] findings cut: %s\n", cell(c))
	}
	if len(doc.Findings.Skips)+len(doc.Findings.Cut) > 0 {
		b.WriteString("\n")
	}
	least := council.Policy(pol).Threshold()
	for _, it := range doc.Findings.Items {
		switch {
		case !it.Applicable() && it.Finding.Fix != "": // a fix that could not be placed
			fmt.Fprintf(&b, "- %s %s (line %s): could not be applied: %s\n", cell(it.Key), label(it), it.Lines, cell(it.Note))
		case it.Applicable() && it.Finding.Severity == finding.Low && it.Finding.Confidence < least:
			fmt.Fprintf(&b, "- %s %s (line %s): held back: confidence %d is under %d\n", cell(it.Key), label(it), it.Lines, it.Finding.Confidence, least)
		}
	}
	for _, it := range doc.Findings.Dropped {
		fmt.Fprintf(&b, "- %s %s (line %s): dropped: %s\n", cell(it.Key), label(it), it.Lines, cell(it.Note))
	}
	return b.Bytes()
}

func renderRejected(rs *Round, doc *DocRound) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Round %d: rejected\n\nThese are handed to the next round's reviewers as \"already rejected, do not propose again\".\n\n", rs.N)
	for _, it := range doc.Findings.Items {
		if d, ok := rs.Decisions.Get(it.Key); ok && d.Action == Reject {
			reason := d.Reason
			if reason == "" {
				reason = "no reason given"
			}
			fmt.Fprintf(&b, "- %s %s (line %s)\n  - quote: %s\n  - fix: %s\n  - reason: %s\n",
				cell(it.Key), label(it), it.Lines, cell(it.Finding.Quote()), cell(it.Finding.Fix), cell(reason))
		}
	}
	return b.Bytes()
}

// Pending is one entry of a round's pending.json, the findings the gate
// has not decided: a program that answers the gate reads them, fills in
// Action ("apply", "reject" or "defer") and, for a rejection, Reason, and
// writes the array to the decisions file FileGate reads (the other fields
// are ignored there). Lines are those of the document as it is now.
type Pending struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Lines string `json:"lines"`
	Quote string `json:"quote,omitempty"`
	Fix   string `json:"fix,omitempty"`
	// NoEdit, set only on an entry without an edit to apply (advice
	// only, or a fix that could not be placed), says why: "apply" leaves
	// such an entry open.
	NoEdit string `json:"no_edit,omitempty"`
	// Far, set only on an entry whose quote was found only away from the
	// lines its reviewer named (Item.Far), says so: check that the text
	// at Lines is the one meant before applying it.
	Far string `json:"far,omitempty"`
	// SameLine, set only on an entry another reviewer fixes differently
	// on one of its lines (Item.SameLine), names those entries: the edits
	// do not overlap, so any of them may be applied.
	SameLine string `json:"same_line,omitempty"`
	Action   string `json:"action"`
	Reason   string `json:"reason"`
}

// renderPending lists the items the gate has not decided, with their
// lines in the document as it is now (after the round's policy patch).
func renderPending(rs *Round) (jsonData, md []byte) {
	var entries []Pending
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Round %d: waiting for decisions\n\nCopy this round's pending.json to the decisions file (decisions.json next to journal.jsonl, unless the program names another), set each \"action\" to apply, reject or defer (with a \"reason\" for a rejection), and resume the run. Lines are those of the document as it is now.\n\n", rs.N)
	{
		for _, it := range rs.lineMaps()(rs.Items()) {
			if _, ok := rs.Decisions.Get(it.Key); ok {
				continue
			}
			e := Pending{Key: it.Key, Label: it.Label(), Lines: it.Lines.String(), Quote: it.Finding.Quote(), Fix: it.Finding.Fix}
			note := ""
			if !it.Applicable() {
				e.NoEdit = "no edit to apply: " + it.Note + "; approving it leaves it open"
				note = " (" + cell(e.NoEdit) + ")"
			}
			if it.Far {
				e.Far = farText(it)
				note += " (" + cell(e.Far) + ")"
			}
			if len(it.SameLine) > 0 {
				e.SameLine = sameLineText(it)
				note += " (" + cell(e.SameLine) + ")"
			}
			entries = append(entries, e)
			if it.Conflict != 0 {
				note += fmt.Sprintf(" (conflict %d: choose at most one)", it.Conflict)
			}
			fmt.Fprintf(&b, "- [ ] %s %s, line %s%s\n", cell(it.Key), label(it), it.Lines, note)
		}
	}
	if entries == nil {
		entries = []Pending{}
	}
	jsonData, _ = json.MarshalIndent(entries, "", "  ")
	return append(jsonData, '\n'), b.Bytes()
}

// applied returns the text doc's round made of its text: its policy's and
// gate's patches applied (those it has: a round not decided has none).
func applied(doc *DocRound) ([]byte, error) {
	after := doc.Text
	for _, p := range []*apply.Patch{doc.Policy, doc.Gate} {
		if p == nil {
			continue
		}
		var err error
		if after, err = p.Apply(after); err != nil {
			return nil, err
		}
	}
	return after, nil
}

// sameLineText names the other reviewers' different edits on a SameLine
// item's lines.
func sameLineText(it loop.Item) string {
	return "another reviewer fixes this line differently (" + strings.Join(it.SameLine, ", ") + "); each edit can be applied"
}

// farText says of a Far item that its quote is not where its reviewer
// said.
func farText(it loop.Item) string {
	return "quote found only here, not near the reviewer's lines " + it.Finding.LineRange.String()
}
