package editorial

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
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

// docDir returns the folder of round n's artifacts about the document
// name: round-N itself in a run over one document, round-N/NAME (slashes
// kept as folders, each part made a safe file name) in a run over several.
func (r *runner) docDir(n int, name string) string {
	dir := roundDir(r.l.Dir, n)
	if len(r.start.Docs) == 1 {
		return dir
	}
	for _, part := range strings.Split(name, "/") {
		dir = filepath.Join(dir, safeName(part))
	}
	return dir
}

// render writes round rs's artifacts (nothing in a read-only replay),
// from the values the round's steps returned: for each document its
// reviews, findings.md, skipped.md, rejected.md and applied.diff (what the
// round's patches, the policy's alone while the gate has not decided, make
// of the text it reviewed), and for the round pending.json and pending.md
// while the gate waits.
func (r *runner) render(rs *round) error {
	if r.readOnly {
		return nil
	}
	landed := r.landed()
	g := new(errgroup.Group)
	g.SetLimit(DocLimit)
	for _, doc := range rs.docs {
		g.Go(func() error { return r.renderDoc(rs, doc, landed) })
	}
	if err := g.Wait(); err != nil {
		return err
	}
	dir := roundDir(r.l.Dir, rs.n)
	for _, f := range []string{"pending.json", "pending.md"} {
		if err := os.Remove(filepath.Join(dir, f)); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("editorial: %w", err)
		}
	}
	if !rs.waiting {
		return nil
	}
	files := map[string][]byte{}
	files["pending.json"], files["pending.md"] = renderPending(rs)
	if err := loop.WriteRenderings(dir, files); err != nil {
		return fmt.Errorf("editorial: round %d: %w", rs.n, err)
	}
	return nil
}

// renderDoc writes round rs's artifacts about one document.
func (r *runner) renderDoc(rs *round, doc *docRound, landed map[string]bool) error {
	after, err := doc.policy.Apply(doc.text)
	if err == nil && doc.gate != nil {
		after, err = doc.gate.Apply(after)
	}
	if err != nil {
		return fmt.Errorf("editorial: round %d: %s: %w", rs.n, doc.name, err)
	}
	files := map[string][]byte{
		"findings.md":  renderFindings(rs, doc, landed),
		"skipped.md":   renderSkipped(rs, doc, r.start.Policy),
		"rejected.md":  renderRejected(rs, doc),
		"applied.diff": []byte(apply.UnifiedDiff("a/"+doc.name, "b/"+doc.name, doc.text, after)),
	}
	for _, rv := range doc.f.Reviews {
		name := "reviewer-" + safeName(rv.Reviewer)
		if rv.Shot > 1 {
			name += "-shot" + strconv.Itoa(rv.Shot)
		}
		data, err := json.MarshalIndent(rv.Report, "", "  ")
		if err != nil {
			return fmt.Errorf("editorial: round %d: %s: %w", rs.n, name, err)
		}
		files[name+".json"] = append(data, '\n')
	}
	if err := loop.WriteRenderings(r.docDir(rs.n, doc.name), files); err != nil {
		return fmt.Errorf("editorial: round %d: %w", rs.n, err)
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

// cell escapes text for one Markdown table cell.
func cell(s string) string {
	s = strings.Join(strings.Fields(strings.ReplaceAll(s, "\r", "")), " ")
	return strings.ReplaceAll(s, "|", `\|`)
}

// itemStatus says what became of an item in round rs.
func itemStatus(rs *round, it loop.Item, landed map[string]bool) string {
	d, ok := rs.decisions.Get(it.Key)
	switch {
	case !ok && rs.waiting:
		return "pending"
	case !ok:
		return "open"
	case d.Action == loop.Apply && !landed[key(rs.n, phaseOf(d))]:
		return "would apply"
	case d.Action == loop.Apply && d.By == "policy":
		return "auto-applied"
	case d.Action == loop.Apply:
		return "applied"
	case d.Action == loop.Reject:
		return "rejected"
	}
	return "open"
}

func renderFindings(rs *round, doc *docRound, landed map[string]bool) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Round %d: findings\n\n", rs.n)
	for _, rv := range doc.f.Reviews {
		fmt.Fprintf(&b, "## %s", rv.Reviewer)
		if rv.Shot > 1 {
			fmt.Fprintf(&b, " (shot %d)", rv.Shot)
		}
		fmt.Fprintf(&b, "\n\n%s\n", strings.TrimSpace(rv.Report.Summary))
		if m := strings.TrimSpace(rv.Report.Memo); m != "" {
			fmt.Fprintf(&b, "\nMemo: %s\n", m)
		}
		b.WriteString("\n")
	}
	b.WriteString("## Table\n\n| # | key | reviewer | category | line | severity | confidence | issue | fix | quotes | flags | status |\n")
	b.WriteString("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for i, it := range doc.f.Items {
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
		f := it.Finding
		fmt.Fprintf(&b, "| %d | %s | %s | %s | %s | %s | %d | %s | %s | %s | %s | %s |\n",
			i+1, cell(it.Key), cell(it.Reviewer), cell(f.Category), it.Lines, f.Severity, f.Confidence,
			cell(f.Issue), cell(f.Fix), cell(strings.Join(f.Quotes, " / ")), cell(strings.Join(flags, "; ")), itemStatus(rs, it, landed))
	}
	if len(doc.f.Dropped) > 0 {
		b.WriteString("\n## Dropped\n\n")
		for _, it := range doc.f.Dropped {
			fmt.Fprintf(&b, "- %s %s: %s\n", cell(it.Key), it.Label(), cell(it.Note))
		}
	}
	return b.Bytes()
}

func renderSkipped(rs *round, doc *docRound, pol loop.Policy) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Round %d: skipped\n\n", rs.n)
	for _, s := range doc.f.Skips {
		switch {
		case s.Truncated:
			fmt.Fprintf(&b, "[NOTE] answer truncated: %s (shot %d): %s\n  %s.\n", s.Reviewer, s.Shot, cell(s.Reason), loop.TruncationHint)
		case s.SchemaViolation:
			fmt.Fprintf(&b, "[NOTE] schema violation: %s (shot %d): %s\n", s.Reviewer, s.Shot, cell(s.Reason))
		default:
			fmt.Fprintf(&b, "[NOTE] reviewer skipped: %s (shot %d): %s\n", s.Reviewer, s.Shot, cell(s.Reason))
		}
		for _, v := range s.Violations {
			fmt.Fprintf(&b, "  - %s\n", cell(v.String()))
		}
		if more := s.ViolationCount - len(s.Violations); more > 0 {
			fmt.Fprintf(&b, "  - … and %d more\n", more)
		}
	}
	for _, c := range doc.f.Cut {
		fmt.Fprintf(&b, "[NOTE] findings cut: %s\n", cell(c))
	}
	if len(doc.f.Skips)+len(doc.f.Cut) > 0 {
		b.WriteString("\n")
	}
	least := council.Policy(pol).Threshold()
	for _, it := range doc.f.Items {
		switch {
		case !it.Applicable() && it.Finding.Fix != "": // a fix that could not be placed
			fmt.Fprintf(&b, "- %s %s (line %s): could not be applied: %s\n", cell(it.Key), it.Label(), it.Lines, cell(it.Note))
		case it.Applicable() && it.Finding.Severity == finding.Low && it.Finding.Confidence < least:
			fmt.Fprintf(&b, "- %s %s (line %s): held back: confidence %d is under %d\n", cell(it.Key), it.Label(), it.Lines, it.Finding.Confidence, least)
		}
	}
	for _, it := range doc.f.Dropped {
		fmt.Fprintf(&b, "- %s %s (line %s): dropped: %s\n", cell(it.Key), it.Label(), it.Lines, cell(it.Note))
	}
	return b.Bytes()
}

func renderRejected(rs *round, doc *docRound) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Round %d: rejected\n\nThese are handed to the next round's reviewers as \"already rejected, do not propose again\".\n\n", rs.n)
	for _, it := range doc.f.Items {
		if d, ok := rs.decisions.Get(it.Key); ok && d.Action == loop.Reject {
			reason := d.Reason
			if reason == "" {
				reason = "no reason given"
			}
			fmt.Fprintf(&b, "- %s %s (line %s)\n  - quote: %s\n  - fix: %s\n  - reason: %s\n",
				cell(it.Key), it.Label(), it.Lines, cell(it.Finding.Quote()), cell(it.Finding.Fix), cell(reason))
		}
	}
	return b.Bytes()
}

// pendingEntry is one line of pending.json: the shape FileGate reads back.
type pendingEntry struct {
	Key    string `json:"key"`
	Label  string `json:"label"`
	Lines  string `json:"lines"`
	Quote  string `json:"quote,omitempty"`
	Fix    string `json:"fix,omitempty"`
	Action string `json:"action"`
	Reason string `json:"reason"`
}

// renderPending lists the items the gate has not decided, with their
// lines in the document as it is now (after the round's policy patch).
func renderPending(rs *round) (jsonData, md []byte) {
	var entries []pendingEntry
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Round %d: waiting for decisions\n\nCopy this round's pending.json to the decisions file (decisions.json next to journal.jsonl, unless the program names another), set each \"action\" to apply, reject or defer (with a \"reason\" for a rejection), and resume the run. Lines are those of the document as it is now.\n\n", rs.n)
	{
		for _, it := range lineMaps(rs)(rs.items()) {
			if _, ok := rs.decisions.Get(it.Key); ok {
				continue
			}
			e := pendingEntry{Key: it.Key, Label: it.Label(), Lines: it.Lines.String(), Quote: it.Finding.Quote(), Fix: it.Finding.Fix}
			entries = append(entries, e)
			conflict := ""
			if it.Conflict != 0 {
				conflict = fmt.Sprintf(" (conflict %d: choose at most one)", it.Conflict)
			}
			fmt.Fprintf(&b, "- [ ] %s %s, line %s%s\n", cell(it.Key), it.Label(), it.Lines, conflict)
		}
	}
	if entries == nil {
		entries = []pendingEntry{}
	}
	jsonData, _ = json.MarshalIndent(entries, "", "  ")
	return append(jsonData, '\n'), b.Bytes()
}

// phaseOf names the side effect that applies decision d.
func phaseOf(d loop.Decision) string {
	if d.By == "policy" {
		return "policy"
	}
	return "gate"
}
