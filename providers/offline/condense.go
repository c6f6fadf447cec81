package offline

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// Unlimited, as Config.MaxPerRule, turns condensing off: every rule
// reports every finding.
const Unlimited = -1

// defaultMaxPerRule is the number of findings a rule reports on one
// document by default (see Config.MaxPerRule).
const defaultMaxPerRule = 1

// A document with less prose than shortText English words (a Japanese
// character counting half a word, so 1,500 characters) is never
// condensed: its findings fit on one screen, and repeats pile up only in
// longer texts.
const shortText = 750

// maxListedLines is the most line numbers the note on a kept finding
// lists for the findings held back after it.
const maxListedLines = 8

// eachCounts reports whether every finding of rule is an error of its
// own with its own remedy (a broken link, a figure with no source, a
// doubled word, a stray character, a misused word): condensing never
// holds those back. The other rules report a habit of the writer (long
// sentences, することができる, exclamation marks, passives, hedges), which
// one example and a count show as well as a list. Config.MaxPerRule lists
// the rules.
func eachCounts(rule string) bool {
	switch rule {
	case "unsourced-figure", "unsourced-claim", "inconsistent-quantity", "broken-link",
		"en-doubled-word", "ja-no-successive-word", "no-dropping-the-ra", "ja-no-abusage", "ja-unnatural-alphabet",
		"no-hankaku-kana", "no-zenkaku-alphabet", "no-nfd", "no-zero-width-spaces", "no-invalid-control-character", "no-unmatched-pair",
		"en-misspelling", "en-confusable", "en-agreement", "en-article", "en-product-name",
		"ja-doubled-phrase", "repeated-sentence", "repeated-prose-sentence", "doubled-sentence":
		return true
	}
	return false
}

// maxPerRule returns the limit Config.MaxPerRule sets: 0 when every
// finding is reported.
func (c Config) maxPerRule() int {
	switch {
	case c.MaxPerRule < 0:
		return 0
	case c.MaxPerRule == 0:
		return defaultMaxPerRule
	}
	return c.MaxPerRule
}

// condense applies Config.MaxPerRule to one reviewer's findings on doc
// and returns those it keeps with the number held back. It keeps at most
// limit findings of each rule: the most severe, then those with a fix,
// then the largest (extents[i] is fs[i]'s size: the longest sentence, the
// most commas), then the most confident, earliest first; the last one kept
// says how many more the rule found and on which lines (in Japanese when
// ja), and lists them in Related, each with its line, quote and issue.
// extents may be nil (all equal).
// High-severity findings, the rules of eachCounts and the findings on a
// document of less than shortText words of prose are never held back.
// It then merges the advice of each paragraph (mergeAdvice). fs is in
// document order and stays so; the findings are renumbered. A limit of 0
// returns fs unchanged.
func condense(fs []finding.Finding, extents []int, limit int, doc *document, ja bool) ([]finding.Finding, int) {
	if limit <= 0 {
		return fs, 0
	}
	byRule := map[string][]int{} // rule -> indices into fs of the findings it may hold back
	advice := map[int]int{}      // block -> advice findings it may merge
	over, shared := false, false
	for i, f := range fs {
		rule := ruleOf(f.Issue)
		if !condensable(f) {
			continue
		}
		byRule[rule] = append(byRule[rule], i)
		over = over || len(byRule[rule]) > limit
		if f.Advisory() {
			bi := doc.blockAtLine(f.LineRange.Start)
			advice[bi]++
			shared = shared || bi >= 0 && advice[bi] > 1
		}
	}
	if !over && !shared || doc.short() {
		return fs, 0
	}
	drop := make([]bool, len(fs))
	held := 0
	for _, idx := range byRule {
		if len(idx) <= limit {
			continue
		}
		ranked := slices.Clone(idx)
		extent := func(i int) int {
			if i < len(extents) {
				return extents[i]
			}
			return 0
		}
		slices.SortStableFunc(ranked, func(a, b int) int {
			return cmp.Or(cmp.Compare(severityRank(fs[b].Severity), severityRank(fs[a].Severity)),
				cmp.Compare(fixRank(fs[b]), fixRank(fs[a])),
				cmp.Compare(extent(b), extent(a)),
				cmp.Compare(fs[b].Confidence, fs[a].Confidence), cmp.Compare(a, b))
		})
		keep, rest := ranked[:limit], ranked[limit:]
		slices.Sort(keep)
		slices.Sort(rest)
		lines := make([]int, len(rest))
		related := make([]finding.Location, len(rest))
		for k, i := range rest {
			drop[i] = true
			lines[k] = fs[i].LineRange.Start
			related[k] = finding.Location{LineRange: fs[i].LineRange, Quote: fs[i].Quote(), Issue: fs[i].Issue}
		}
		held += len(rest)
		last := &fs[keep[len(keep)-1]]
		last.Issue += heldNote(len(rest), lines, ja)
		last.Related = append(last.Related, related...)
	}
	out := fs[:0]
	for i, f := range fs {
		if !drop[i] {
			out = append(out, f)
		}
	}
	out = mergeAdvice(out, doc, ja)
	for i := range out {
		out[i].ID = fmt.Sprintf("F%03d", i+1)
	}
	return out, held
}

// condensable reports whether condense may hold f back or merge it: not
// a high-severity finding nor one of a rule of eachCounts.
func condensable(f finding.Finding) bool {
	return f.Severity != finding.High && !eachCounts(ruleOf(f.Issue))
}

// mergeAdvice makes the condensable advice (findings without a fix) of
// one block, a paragraph or list item, one finding: the first, with the
// issues of the others appended ("; also en-weasel: ...", in Japanese
// when ja) and their quotes added to Quotes, its line range grown to
// cover them and its severity raised to theirs. A margin note per
// paragraph reads better than a stack of them; findings with a fix stay
// apart, each with its own quote to replace. fs is in document order.
func mergeAdvice(fs []finding.Finding, doc *document, ja bool) []finding.Finding {
	join := "; also "
	if ja {
		join = "／あわせて "
	}
	out := fs[:0]
	lead := map[int]int{} // block index -> index in out of its first advice
	for _, f := range fs {
		bi := -1
		if f.Advisory() && condensable(f) {
			bi = doc.blockAtLine(f.LineRange.Start)
		}
		k, ok := lead[bi]
		switch {
		case bi < 0:
			out = append(out, f)
			continue
		case !ok:
			lead[bi] = len(out)
			out = append(out, f)
			continue
		}
		l := &out[k]
		l.Issue += join + f.Issue
		l.Quotes = append(l.Quotes, f.Quotes...)
		l.LineRange.End = max(l.LineRange.End, f.LineRange.End)
		if severityRank(f.Severity) > severityRank(l.Severity) {
			l.Severity = f.Severity
		}
	}
	return out
}

// blockAtLine returns the index of the block that holds the start of
// line (1-based), or -1.
func (d *document) blockAtLine(line int) int {
	if line < 1 || line > d.lineCount() {
		return -1
	}
	off := d.lineStart(line - 1)
	i, found := slices.BinarySearchFunc(d.blocks, off, func(b block, off int) int {
		switch {
		case b.end <= off:
			return -1
		case b.start > off:
			return 1
		}
		return 0
	})
	if !found {
		// the line may start with indentation or a marker before the block
		if i < len(d.blocks) && d.line(d.blocks[i].start) == line {
			return i
		}
		return -1
	}
	return i
}

// heldNote is the note appended to the last finding a rule keeps: how
// many more (n) the rule found and on which lines (the first
// maxListedLines of them).
func heldNote(n int, lines []int, ja bool) string {
	lines = slices.Compact(lines)
	var b strings.Builder
	for k, l := range lines {
		if k == maxListedLines {
			b.WriteString(", …")
			break
		}
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(l))
	}
	if ja {
		return fmt.Sprintf("（同じ指摘がこの文書にあと%d件: %s行目）", n, b.String())
	}
	unit := "line"
	if len(lines) > 1 {
		unit = "lines"
	}
	return fmt.Sprintf(" (%d more like this in the document: %s %s)", n, unit, b.String())
}

// fixRank ranks a finding with a fix (a mechanical, sure edit) above
// advice.
func fixRank(f finding.Finding) int {
	if f.Advisory() {
		return 0
	}
	return 1
}

// severityRank orders severities from low (0) to high (2).
func severityRank(s finding.Severity) int {
	switch s {
	case finding.High:
		return 2
	case finding.Medium:
		return 1
	}
	return 0
}

// ruleOf returns the rule ID a finding's Issue starts with ("max-ten: ...").
func ruleOf(issue string) string {
	rule, _, _ := strings.Cut(issue, ": ")
	return rule
}

// short reports whether the document has less than shortText English
// words of prose, a character of Japanese prose counting half a word
// (code, front matter and markup are not prose). It stops reading at
// shortText, so a long document costs no more than a short one.
func (d *document) short() bool {
	words, chars := 0, 0
	for s := range d.sentences() {
		if s.ja {
			chars += runeCount(s.text)
		} else {
			words += wordCount(s.text)
		}
		if words+chars/2 >= shortText {
			return false
		}
	}
	return true
}
