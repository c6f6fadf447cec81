package discussion

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
)

// DefaultMaxClaims is how many claims an Offline participant posts in
// round 1 unless told otherwise.
const DefaultMaxClaims = 3

// Offline is a deterministic participant on a rule-based reviewer (the
// offline reviewers of providers/offline), needing no model. Its rules:
//
//   - Round 1: it reviews every target and posts its MaxClaims most severe
//     findings (then the most confident, then the first) as claims, each
//     carrying the finding.
//   - Later rounds, for each point of another it has not answered yet: it
//     rebuts a point whose quote sits in code (a code block or inline
//     code), a block quote or the front matter, where prose rules do not
//     govern the author's wording; it concedes any other point, saying
//     whether its own round-1 findings corroborate it (a finding of its own
//     on overlapping lines of the same file) or its rules cannot.
//   - For each rebuttal of one of its own claims it has not answered yet:
//     it concedes (withdrawing the claim) when its claim's quote does sit
//     where the rebuttal's rule says, unless the claim is a fact claim
//     (category "fact"), which it defends: an unsourced figure is
//     unsourced in a quotation too; it defends a claim whose quote is in
//     body prose.
//
// It reads the targets only in round 1; later it uses the texts round 1
// read (Turn.Targets), as its memory of its analysis. It never answers its
// own posts, nor rebuttals of its rebuttals, so a debate between Offline
// participants settles and then makes no progress.
type Offline struct {
	name     string
	reviewer agent.Reviewer
	// MaxClaims bounds its round-1 claims; 0 means DefaultMaxClaims.
	MaxClaims int
}

// NewOffline returns the participant name playing reviewer r.
func NewOffline(name string, r agent.Reviewer) *Offline { return &Offline{name: name, reviewer: r} }

// Name returns the participant's name.
func (o *Offline) Name() string { return o.name }

// Reviewer returns the rule-based reviewer.
func (o *Offline) Reviewer() agent.Reviewer { return o.reviewer }

// Turn answers one round by the rules in Offline's doc.
func (o *Offline) Turn(ctx context.Context, t Turn) (Answer, error) {
	if t.Round == 1 {
		return o.analyse(ctx, t)
	}
	answered := map[string]bool{}
	own := map[string]Seen{}
	for _, s := range t.Seen {
		if s.Own {
			own[s.Label] = s
			for _, r := range s.Refs {
				answered[r] = true
			}
		}
	}
	var a Answer
	for _, s := range t.Seen {
		if s.Own || answered[s.Label] {
			continue
		}
		switch {
		case s.Kind.Point():
			if where := locate(s.Finding, t.Targets); where != "" {
				a.Posts = append(a.Posts, Draft{Kind: board.Rebuttal, Refs: []string{s.Label},
					Body: fmt.Sprintf("The quoted text sits in %s, which prose rules do not govern: the author's wording there is not theirs to polish (or not prose at all).", where)})
				continue
			}
			body := "My rules cannot corroborate this point; I do not contest it."
			if mine := corroborating(s.Finding, t.Analysis); mine != "" {
				body = "My own analysis flags the same lines (" + mine + "); I agree."
			}
			a.Posts = append(a.Posts, Draft{Kind: board.Concession, Refs: []string{s.Label}, Body: body})
		case s.Kind == board.Rebuttal:
			for _, r := range s.Refs {
				mine, ok := own[r]
				if !ok || !mine.Kind.Point() {
					continue
				}
				where := locate(mine.Finding, t.Targets)
				switch {
				case where != "" && (mine.Finding == nil || mine.Finding.Category != "fact"):
					a.Posts = append(a.Posts, Draft{Kind: board.Concession, Refs: []string{s.Label},
						Body: fmt.Sprintf("Agreed: my quote sits in %s; I withdraw the point.", where)})
				case where != "":
					a.Posts = append(a.Posts, Draft{Kind: board.Rebuttal, Refs: []string{s.Label},
						Body: fmt.Sprintf("My point stands: a figure without a source is unsourced in %s too, and the reader takes it as fact.", where)})
				default:
					a.Posts = append(a.Posts, Draft{Kind: board.Rebuttal, Refs: []string{s.Label},
						Body: fmt.Sprintf("My point stands: its quote is body prose (%s), which the rule governs.", lines(mine.Finding))})
				}
				break
			}
		}
	}
	return a, nil
}

// analyse is round 1: the reviewer's findings as claims.
func (o *Offline) analyse(ctx context.Context, t Turn) (Answer, error) {
	var fs []finding.Finding
	var a Answer
	for _, tg := range t.Targets {
		rev, err := o.reviewer.Review(ctx, agent.Target{Path: tg.Name, Text: []byte(tg.Text), Round: 1})
		a.Usage = a.Usage.Add(rev.Usage)
		if err != nil {
			return a, fmt.Errorf("%s: %s: %w", o.name, tg.Name, err)
		}
		for _, f := range rev.Report.Findings {
			f.File = tg.Name
			fs = append(fs, f)
		}
	}
	slices.SortStableFunc(fs, func(x, y finding.Finding) int {
		return cmp.Or(rank(y.Severity)-rank(x.Severity), y.Confidence-x.Confidence)
	})
	for _, f := range fs[:min(len(fs), cmp.Or(o.MaxClaims, DefaultMaxClaims))] {
		body := fmt.Sprintf("**%s** (%s, %s): %q", f.Issue, f.Severity, lines(&f), f.Quote())
		if f.Fix != "" {
			body += fmt.Sprintf(" → %q", f.Fix)
		}
		a.Posts = append(a.Posts, Draft{Kind: board.Claim, Body: body, Finding: &f})
	}
	return a, nil
}

func rank(s finding.Severity) int {
	switch s {
	case finding.High:
		return 3
	case finding.Medium:
		return 2
	case finding.Low:
		return 1
	}
	return 0
}

// lines says where a finding is: "file:12-14".
func lines(f *finding.Finding) string {
	if f == nil {
		return "no lines"
	}
	if f.File == "" {
		return "line " + f.LineRange.String()
	}
	return f.File + ":" + f.LineRange.String()
}

// corroborating returns where the participant's own analysis flagged the
// lines f names, or "".
func corroborating(f *finding.Finding, mine []Draft) string {
	if f == nil {
		return ""
	}
	for _, d := range mine {
		g := d.Finding
		if g != nil && g.File == f.File && g.LineRange.Start <= f.LineRange.End && f.LineRange.Start <= g.LineRange.End {
			return lines(g)
		}
	}
	return ""
}

// locate says where f's quote sits when that is not body prose: "a code
// block", "inline code", "a block quote", "the front matter"; "" for
// prose, or when it cannot tell (no finding, no such target or line).
func locate(f *finding.Finding, ts []Target) string {
	if f == nil || !f.LineRange.Valid() {
		return ""
	}
	var text []byte
	for _, t := range ts {
		if t.Name == f.File || (f.File == "" && len(ts) == 1) {
			text = []byte(t.Text)
		}
	}
	if text == nil {
		return ""
	}
	out := document.Parse(text)
	line := f.LineRange.Start
	if fm := out.FrontMatter; fm != nil && fm.Lines.Contains(line) {
		return "the front matter"
	}
	for _, b := range out.Blocks {
		if !b.Lines.Contains(line) {
			continue
		}
		switch {
		case b.Kind == document.FencedCode || b.Kind == document.IndentedCode:
			return "a code block"
		case b.Kind == document.FrontMatterBlock:
			return "the front matter"
		case b.Quote > 0 || b.Kind == document.BlockQuote:
			return "a block quote"
		}
	}
	if q := f.Quote(); q != "" {
		ls := strings.Split(string(text), "\n")
		if line <= len(ls) {
			l := ls[line-1]
			if i := strings.Index(l, q); i >= 0 && strings.Count(l[:i], "`")%2 == 1 {
				return "inline code"
			}
		}
	}
	return ""
}

// OfflineLead is a deterministic lead: its verdict follows from the
// surviving points alone. Critical are the surviving points of high or
// medium severity (by their findings); the verdict is FAIL with a
// surviving high point, WARN with a surviving medium one, else PASS. The
// other fields of a spec's verdict example (LeadTurn.Example) are left
// empty.
type OfflineLead struct {
	name string
}

// NewOfflineLead returns the lead called name.
func NewOfflineLead(name string) *OfflineLead { return &OfflineLead{name: name} }

// Name returns the lead's name.
func (l *OfflineLead) Name() string { return l.name }

// Conclude writes consensus and verdict from t.Points.
func (l *OfflineLead) Conclude(_ context.Context, t LeadTurn) (Conclusion, error) {
	var crit []string
	var withdrawn, unanswered, kept []string
	worst := 0
	var items []map[string]any
	for _, st := range t.Points {
		id := st.Point.ID
		switch {
		case st.ConcededBy != "":
			withdrawn = append(withdrawn, id)
			continue
		case !st.Survives:
			unanswered = append(unanswered, id)
			continue
		}
		kept = append(kept, id)
		f := st.Point.Finding
		if f == nil || rank(f.Severity) < rank(finding.Medium) {
			continue
		}
		worst = max(worst, rank(f.Severity))
		crit = append(crit, id)
		items = append(items, map[string]any{"points": []string{id}, "issue": f.Issue + " (" + lines(f) + ")"})
	}
	verdict := map[int]string{0: "PASS", 2: "WARN", 3: "FAIL"}[worst]
	consensus := fmt.Sprintf("Survived the debate: %d (%s). Withdrawn by their authors: %d (%s). Lost to a rebuttal their authors did not answer: %d (%s).",
		len(kept), list(kept), len(withdrawn), list(withdrawn), len(unanswered), list(unanswered))
	if t.Stopped != "" {
		consensus += " The debate stopped early: " + t.Stopped + "."
	}
	if items == nil {
		items = []map[string]any{}
	}
	v := fillExample(map[string]any{"verdict": verdict, "critical": items, "consensus": consensus,
		"summary": fmt.Sprintf("%s: %d critical point(s) of %d surviving (%s).", verdict, len(crit), len(kept), list(crit))}, t.Example)
	raw, err := marshal(v)
	return Conclusion{Consensus: consensus, Verdict: raw}, err
}

func list(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}
