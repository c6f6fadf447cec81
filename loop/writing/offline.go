package writing

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/finding"
)

// The offline roles run the whole loop with no model: deterministic rules
// over the findings of the critics they are given (package
// providers/offline's reviewers, in the example). They make the step
// machine visible and testable; they do not write fiction.

// DefaultFixesPerRevision is how many fixes the offline author applies in
// one revision unless OfflineAuthor.Fixes says otherwise.
const DefaultFixesPerRevision = 2

// OfflineAuthor is the offline author: its first draft is Draft (the
// user's own, or a sample), and a revision applies the fixes of the arc
// review's issues, most severe first and at most Fixes of them (0 means
// DefaultFixesPerRevision: a revision answers the main points, the polish
// step the rest), anchored by their quotes anywhere in the draft
// (apply.PatchQuotes); fixes that overlap are all left out.
type OfflineAuthor struct {
	Draft []byte
	Fixes int
}

// Write returns the first draft or applies the fixes.
func (a OfflineAuthor) Write(_ context.Context, t AuthorTask) (string, agent.Usage, error) {
	if t.Version == 0 || t.Verdict == nil {
		if len(a.Draft) == 0 {
			return "", agent.Usage{}, errors.New("writing: the offline author has no first draft (OfflineAuthor.Draft)")
		}
		return string(a.Draft), agent.Usage{}, nil
	}
	issues := slices.Clone(t.Verdict.Issues)
	slices.SortStableFunc(issues, func(x, y Issue) int { return y.Severity.Rank() - x.Severity.Rank() })
	var fixes []apply.QuoteFix
	for i, is := range issues {
		if is.Fix != "" && len(fixes) < cmp.Or(a.Fixes, DefaultFixesPerRevision) {
			fixes = append(fixes, apply.QuoteFix{Key: fmt.Sprint("I", i+1), Quote: is.Quote, Fix: is.Fix})
		}
	}
	doc := []byte(t.Draft)
	// Overlapping fixes are all left for a later revision.
	qp, err := apply.PatchQuotes(doc, fixes, apply.QuoteOptions{})
	if err != nil {
		return "", agent.Usage{}, fmt.Errorf("writing: offline author: %w", err)
	}
	out, err := qp.Patch.Apply(doc)
	return string(out), agent.Usage{}, err
}

// Explain explains, in the first round, the issues it leaves (advice
// without a fix needs a writer's judgement); otherwise it agrees.
func (OfflineAuthor) Explain(_ context.Context, t DiscussTask) (Reply, agent.Usage, error) {
	var advice []string
	for _, is := range t.Verdict.Issues {
		if is.Fix == "" {
			advice = append(advice, is.Issue)
		}
	}
	if t.Round == 1 && len(advice) > 0 {
		return Reply{Text: fmt.Sprintf("%d point(s) need a writer's judgement, not a mechanical fix, and stay as they are: %s", len(advice), strings.Join(advice, "; "))}, agent.Usage{}, nil
	}
	return Reply{Agree: true}, agent.Usage{}, nil
}

// DefaultMajorAt is how many medium or high findings make the offline
// arc reviewer ask for a MAJOR_REVISION unless OfflineCritic.MajorAt says
// otherwise; DefaultMinorFixes how many fixable findings it leaves to the
// polish step.
const (
	DefaultMajorAt    = 5
	DefaultMinorFixes = 2
)

// OfflineCritic is the offline arc reviewer. Its verdict follows from its
// critics' findings on the draft, by this rule: MAJOR_REVISION when at
// least MajorAt (0: DefaultMajorAt) findings are medium or high;
// REVISION_NEEDED when a medium or high finding has a fix, or more than
// MinorFixes (0: DefaultMinorFixes; negative: none) findings have one (a
// mechanical revision would help); OK otherwise. Every finding becomes an issue.
type OfflineCritic struct {
	Critics    []agent.Reviewer
	MajorAt    int
	MinorFixes int
}

// Review gives the verdict.
func (c OfflineCritic) Review(ctx context.Context, t ReviewTask) (Verdict, agent.Usage, error) {
	fs, err := findings(ctx, c.Critics, t.Draft)
	if err != nil {
		return Verdict{}, agent.Usage{}, err
	}
	v := Verdict{Verdict: OK, Issues: []Issue{}}
	serious, fixable, seriousFix := 0, 0, false
	for _, f := range fs {
		v.Issues = append(v.Issues, Issue{Quote: f.Quote(), Issue: f.Issue, Fix: f.Fix, Severity: f.Severity})
		if f.Severity.Rank() >= finding.Medium.Rank() {
			serious++
			seriousFix = seriousFix || f.Fix != ""
		}
		if f.Fix != "" {
			fixable++
		}
	}
	switch {
	case serious >= cmp.Or(c.MajorAt, DefaultMajorAt):
		v.Verdict = MajorRevision
	case seriousFix || fixable > max(0, cmp.Or(c.MinorFixes, DefaultMinorFixes)):
		v.Verdict = RevisionNeeded
	}
	v.Summary = fmt.Sprintf("%d finding(s) from the offline critics: %d medium or high, %d with a mechanical fix.", len(fs), serious, fixable)
	return v, agent.Usage{}, nil
}

// Discuss has nothing to add: the verdict rests on the findings listed.
func (OfflineCritic) Discuss(context.Context, DiscussTask) (Reply, agent.Usage, error) {
	return Reply{Agree: true}, agent.Usage{}, nil
}

// OfflineReader is an offline reader persona: it scores a draft with a
// readability measure chosen by the persona's focus, and prefers the draft
// that measures better (a tie when both measure the same). A focus naming
// pace, tempo or hooks reads the mean sentence length (in words, or in
// characters for Japanese); style, voice or prose the critics' ai-slop and
// narrative findings per 1000 characters; consistency, setting or facts
// their fact findings; any other focus all findings.
type OfflineReader struct {
	Critics []agent.Reviewer
}

// lens returns what the persona measures, and the categories it counts
// (nil: sentence length).
func lens(p Persona) (string, []string) {
	has := func(words ...string) bool { return hasAny(p.Focus, words) }
	switch {
	case has("pace", "tempo", "hook", "テンポ", "引き"):
		return "mean sentence length", nil
	case has("style", "voice", "prose", "文体"):
		return "style findings per 1000 characters", []string{"ai-slop", "narrative"}
	case has("consisten", "setting", "fact", "整合", "設定"):
		return "fact findings per 1000 characters", []string{"fact"}
	}
	return "findings per 1000 characters", []string{}
}

// measure returns the persona's measure of text (lower is better) and the
// findings behind it.
func (r OfflineReader) measure(ctx context.Context, p Persona, text string) (float64, []finding.Finding, error) {
	_, cats := lens(p)
	if cats == nil {
		return meanSentence(text), nil, nil
	}
	fs, err := findings(ctx, r.Critics, text)
	if err != nil {
		return 0, nil, err
	}
	var mine []finding.Finding
	for _, f := range fs {
		if len(cats) == 0 || slices.Contains(cats, f.Category) {
			mine = append(mine, f)
		}
	}
	return float64(len(mine)) * 1000 / float64(max(1, len([]rune(text)))), mine, nil
}

// Read scores the draft: 5 stars at a measure of 0 findings (or short
// sentences), one star less per finding per 1000 characters, rounded up
// (per 5 words or 15 characters of mean sentence length beyond 12 words
// or 35 characters), at least 1.
func (r OfflineReader) Read(ctx context.Context, t ReadTask) (Feedback, agent.Usage, error) {
	m, fs, err := r.measure(ctx, t.Persona, t.Draft)
	if err != nil {
		return Feedback{}, agent.Usage{}, err
	}
	name, cats := lens(t.Persona)
	penalty := math.Ceil(m)
	if cats == nil {
		unit, free := 5.0, 12.0
		if japanese(t.Draft) {
			unit, free = 15, 35
		}
		penalty = math.Ceil(max(0, m-free) / unit)
	}
	fb := Feedback{Stars: int(max(1, 5-penalty)), Good: []string{}, Concerns: []Concern{}}
	fb.Impression = fmt.Sprintf("%s: %.1f.", name, m)
	fb.OneLine = fmt.Sprintf("%s %.1f", name, m)
	for _, f := range fs {
		if len(fb.Concerns) < 5 {
			fb.Concerns = append(fb.Concerns, Concern{Quote: f.Quote(), Issue: f.Issue, Fix: f.Fix, Severity: f.Severity})
		}
	}
	if len(fs) == 0 && cats != nil {
		fb.Good = append(fb.Good, "nothing in my focus got in the way")
	}
	fb.Memory = fmt.Sprintf("Read episode %d (%s %.1f).", t.Episode, name, m)
	return fb, agent.Usage{}, nil
}

// Compare prefers the draft that measures better.
func (r OfflineReader) Compare(ctx context.Context, t CompareTask) (Preference, agent.Usage, error) {
	a, _, err := r.measure(ctx, t.Persona, t.A)
	if err != nil {
		return Preference{}, agent.Usage{}, err
	}
	b, _, err := r.measure(ctx, t.Persona, t.B)
	if err != nil {
		return Preference{}, agent.Usage{}, err
	}
	name, _ := lens(t.Persona)
	switch {
	case a < b:
		return Preference{Prefer: "A", Reason: fmt.Sprintf("%s %.2f against %.2f", name, a, b)}, agent.Usage{}, nil
	case b < a:
		return Preference{Prefer: "B", Reason: fmt.Sprintf("%s %.2f against %.2f", name, b, a)}, agent.Usage{}, nil
	}
	return Preference{Prefer: "tie", Reason: fmt.Sprintf("%s %.2f for both", name, a)}, agent.Usage{}, nil
}

// findings returns every critic's findings on text.
func findings(ctx context.Context, critics []agent.Reviewer, text string) ([]finding.Finding, error) {
	var out []finding.Finding
	for _, c := range critics {
		rev, err := c.Review(ctx, agent.Target{Path: "current-draft.txt", Text: []byte(text), ReaderProfile: "readers of a web novel"})
		if err != nil {
			return nil, fmt.Errorf("writing: critic %s: %w", c.Name(), err)
		}
		out = append(out, rev.Report.Findings...)
	}
	return out, nil
}

// japanese reports a text holding kana.
func japanese(text string) bool {
	return strings.ContainsFunc(text, func(r rune) bool { return unicode.In(r, unicode.Hiragana, unicode.Katakana) })
}

// meanSentence returns the mean sentence length of text: words, or
// characters for Japanese. The first line (the title) is left out.
func meanSentence(text string) float64 {
	body := bodyOf(text)
	ja := japanese(body)
	var sentences []string
	for _, s := range strings.FieldsFunc(body, func(r rune) bool { return strings.ContainsRune("。！？!?.\n", r) }) {
		if strings.TrimSpace(s) != "" {
			sentences = append(sentences, s)
		}
	}
	if len(sentences) == 0 {
		return 0
	}
	total := 0
	for _, s := range sentences {
		if ja {
			total += len([]rune(strings.TrimSpace(s)))
		} else {
			total += len(strings.Fields(s))
		}
	}
	return float64(total) / float64(len(sentences))
}
