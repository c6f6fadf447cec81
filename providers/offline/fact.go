package offline

import (
	"context"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/kaigi-dev/kaigi/finding"
)

// Figure patterns. Each submatch group names a kind of claim; regexps are
// immutable and safe to share.
var (
	figureEN = regexp.MustCompile(`(?i)\b(\d+(?:[.,]\d+)*\s?(?:%|percent\b)|\d+(?:\.\d+)?x\b|\d+(?:\.\d+)?\s+times\s+(?:faster|slower|more|less|fewer|cheaper|larger|smaller|bigger)\b|\d[\d,.]*\s*(?:million|billion|thousand)?\s+(?:users|developers|companies|customers|people|downloads|organizations|engineers|installs)\b|[$€£¥]\s?\d[\d,.]*(?:\s?(?:million|billion|bn|k|m)\b)?)` +
		`|\b(the\s+(?:fastest|best|most\s+(?:popular|widely\s+used|advanced|reliable|secure|efficient)|largest|biggest|leading)\b|world's\s+(?:first|fastest|best|largest|leading)\b|industry-leading|number\s+one\b|unprecedented|unmatched)` +
		`|\b((?:January|February|March|April|May|June|July|August|September|October|November|December)\s+(?:\d{1,2},\s+)?(?:19|20)\d\d\b|(?:in|since)\s+(?:19|20)\d\d\b)`)
	figureJA = regexp.MustCompile(`([0-9０-９]+(?:[.,][0-9０-９]+)*\s?(?:%|％|パーセント)|[0-9０-９]+(?:\.[0-9]+)?倍|[0-9０-９][0-9０-９,，]*(?:\.[0-9]+)?\s?(?:万|億)\s?(?:人|社|件|ユーザー|ダウンロード|円|ドル|台)?|[0-9０-９][0-9０-９,，]*\s?(?:人|社|ユーザー|円|ドル))` +
		`|(世界初|業界初|国内初|日本初|業界No\.?\s?1|No\.\s?1|ナンバーワン|最速|最高峰|圧倒的|唯一の)` +
		`|((?:19|20)[0-9]{2}年[0-9]{1,2}月|(?:19|20)[0-9]{2}年(?:に|から|以降))`)
	schemeRE = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

// sourceMarkers returns what, found in a paragraph, counts as a source
// for its figures.
func sourceMarkers() []string {
	return []string{"http://", "https://", "[^", "according to", "source:", "sources:", "reported by",
		"によると", "によれば", "出典", "参照", "調べ", "より引用", "引用元"}
}

// figure is a quantity found in the document, for consistency checks.
type figure struct {
	unit       string
	value      float64
	start, end int
	quote      string
	sent       int // the sentence's start: figures of one sentence are about different things
}

// figureIndex finds earlier figures about the same thing: it maps a unit
// and a content key to the figures (most recent last) whose sentence holds
// that key. Each list keeps at most maxPerKey figures, so memory and time
// stay linear in the document.
type figureIndex struct {
	figs  []figure
	byKey map[string][]int
}

const maxPerKey = 8

// add records f with its sentence's keys and returns an earlier figure of
// the same unit with a different value that shares two keys, if any, from
// another sentence ("the width to 50% and the height to 100%" states two
// quantities, not one twice).
func (x *figureIndex) add(f figure, keys []string) (figure, bool) {
	if x.byKey == nil {
		x.byKey = map[string][]int{}
	}
	shared := map[int]int{}
	var match figure
	found := false
	for _, k := range keys {
		for _, i := range x.byKey[f.unit+"\x00"+k] {
			if shared[i]++; shared[i] == 2 && !found && x.figs[i].value != f.value && x.figs[i].sent != f.sent {
				match, found = x.figs[i], true
			}
		}
	}
	x.figs = append(x.figs, f)
	for _, k := range keys {
		key := f.unit + "\x00" + k
		l := x.byKey[key]
		if len(l) == maxPerKey {
			l = l[1:]
		}
		if len(l) == 0 || l[len(l)-1] != len(x.figs)-1 {
			x.byKey[key] = append(l, len(x.figs)-1)
		}
	}
	return match, found
}

// checkFacts runs the fact-checker rules.
func checkFacts(ctx context.Context, r *run) error {
	sourced := make(map[int]bool) // block index -> has a source
	var figs figureIndex
	n := 0
	for s := range r.doc.sentences() {
		if err := tick(ctx, n); err != nil {
			return err
		}
		n++
		k := r.doc.blocks[s.blk].kind
		if k == heading || k == tableRow || k == caption || k == note {
			continue
		}
		if _, err := r.matchPhrases(s); err != nil { // unsourced-claim entries
			return err
		}
		if !mayHoldFigure(s.text) {
			continue
		}
		re := figureEN
		if s.ja {
			re = figureJA
		}
		m := re.FindAllStringSubmatchIndex(s.text, -1)
		if len(m) == 0 {
			continue
		}
		has, ok := sourced[s.blk]
		if !ok {
			has = r.blockSourced(s.blk)
			sourced[s.blk] = has
		}
		if !has {
			r.unsourced(s, m)
		}
		r.quantities(s, m, &figs)
	}
	return r.brokenLinks(ctx)
}

// superlativeHints returns substrings every superlative of figureEN and
// figureJA contains (case-folded for English).
func superlativeHints() []string {
	return []string{"fastest", "best", "most", "largest", "biggest", "leading", "world's", "number one",
		"unprecedented", "unmatched", "初", "no1", "no.1", "no. 1", "no 1", "ナンバーワン", "最", "圧倒的", "唯一"}
}

// mayHoldFigure is a cheap filter before the figure regexps, which are
// the costliest part of the fact-checker: a figure needs a digit or a
// currency sign, and a superlative one of superlativeHints.
func mayHoldFigure(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= '0' && c <= '9' || c == '$' {
			return true
		}
	}
	if strings.ContainsAny(s, "０１２３４５６７８９€£¥") {
		return true
	}
	lower := asciiLower(s)
	for _, h := range superlativeHints() {
		if strings.Contains(lower, h) {
			return true
		}
	}
	return false
}

// blockSourced reports whether block i holds a link or a source marker.
func (r *run) blockSourced(i int) bool {
	b := r.doc.blocks[i]
	links := r.doc.links // in document order
	if j := sort.Search(len(links), func(k int) bool { return links[k].start >= b.start }); j < len(links) && links[j].end <= b.end {
		return true
	}
	text := strings.ToLower(string(r.doc.raw[b.start:b.end]))
	for _, m := range sourceMarkers() {
		if strings.Contains(text, m) {
			return true
		}
	}
	return false
}

// unsourced reports the most serious figure of a sentence with no source.
func (r *run) unsourced(s sentence, m [][]int) {
	best, kind := -1, 4
	for i, g := range m {
		for k := 1; k <= 3; k++ {
			if g[2*k] >= 0 && k < kind {
				best, kind = i, k
			}
		}
	}
	g := m[best]
	a, b := s.start+g[2*kind], s.start+g[2*kind+1]
	text := r.doc.raw[a:b]
	switch kind {
	case 1:
		r.e.advise("unsourced-figure", finding.Medium, 65, a, b, "figure %q has no source or link nearby; cite where it comes from", text)
	case 2:
		r.e.advise("unsourced-figure", finding.Medium, 60, a, b, "superlative %q has no source nearby; cite evidence or soften it", text)
	default:
		r.e.advise("unsourced-figure", finding.Low, 50, a, b, "date %q has no source nearby; check it and link a release note or announcement", text)
	}
}

// quantities records the figures of s and reports one that contradicts an
// earlier figure about the same thing.
func (r *run) quantities(s sentence, m [][]int, figs *figureIndex) {
	var keys []string
	for _, g := range m {
		if g[2] < 0 {
			continue
		}
		text := s.text[g[2]:g[3]]
		unit, val, ok := quantity(text)
		if !ok {
			continue
		}
		if keys == nil {
			keys = dedupe(contentKeys(s.text, s.ja))
		}
		f := figure{unit: unit, value: val, start: s.start + g[2], end: s.start + g[3], sent: s.start}
		f.quote = r.doc.adviceQuote(f.start, f.end)
		p, found := figs.add(f, keys)
		if !found || !r.e.on("inconsistent-quantity") {
			continue
		}
		r.e.hits = append(r.e.hits, hit{rule: "inconsistent-quantity", sev: finding.Medium, conf: 60, start: f.start, end: f.end,
			issue: "the same quantity is given as " + strings.TrimSpace(string(r.doc.raw[p.start:p.end])) + " on line " +
				strconv.Itoa(r.doc.line(p.start)) + " and " + strings.TrimSpace(text) + " here; make them agree",
			more: []string{p.quote}})
	}
}

func dedupe(keys []string) []string {
	slices.Sort(keys)
	return slices.Compact(keys)
}

// quantity parses a figure into a unit class and a value.
func quantity(s string) (unit string, v float64, ok bool) {
	var num strings.Builder
	rest := ""
	for i, c := range s {
		if c >= '０' && c <= '９' {
			c = c - '０' + '0'
		}
		if c >= '0' && c <= '9' || c == '.' {
			num.WriteRune(c)
			continue
		}
		if c == ',' || c == '，' {
			continue
		}
		if num.Len() > 0 {
			rest = s[i:]
			break
		}
	}
	v, err := strconv.ParseFloat(strings.TrimRight(num.String(), "."), 64)
	if err != nil {
		return "", 0, false
	}
	rest = strings.ToLower(strings.TrimSpace(rest))
	switch {
	case rest == "" || strings.HasPrefix(rest, "$"):
		return "", 0, false
	case strings.HasPrefix(rest, "%"), strings.HasPrefix(rest, "％"), strings.HasPrefix(rest, "percent"), strings.HasPrefix(rest, "パーセント"):
		return "%", v, true
	case rest == "x", strings.HasPrefix(rest, "times"), strings.HasPrefix(rest, "倍"):
		return "x", v, true
	}
	return rest, v, true
}

// stopword reports an English word too common to identify what a figure
// is about.
func stopword(w string) bool {
	switch w {
	case "that", "this", "with", "from", "have", "were", "than", "about", "after", "before", "which", "their",
		"there", "when", "what", "into", "over", "under", "more", "less", "percent", "times", "also", "during",
		"between", "through", "without", "within", "across", "against", "among", "because", "while", "where",
		"only", "just", "been", "will", "would", "could":
		return true
	}
	return false
}

// contentKeys returns the words that say what a sentence's figures are
// about: English words of four letters or more, or Japanese runs of two
// or more kanji or katakana.
func contentKeys(s string, ja bool) []string {
	var keys []string
	if !ja {
		for a, b := range words(s) {
			w := strings.ToLower(s[a:b])
			if len(w) >= 4 && !stopword(w) && !unicode.IsDigit(rune(w[0])) {
				keys = append(keys, w)
			}
		}
		return keys
	}
	start, n := -1, 0
	flush := func(end int) {
		if start >= 0 && n >= 2 {
			keys = append(keys, s[start:end])
		}
		start, n = -1, 0
	}
	for i, c := range s {
		if nounChar(c) {
			if start < 0 {
				start = i
			}
			n++
			continue
		}
		flush(i)
	}
	flush(len(s))
	return keys
}
