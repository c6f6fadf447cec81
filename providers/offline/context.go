package offline

import (
	"cmp"
	"slices"
	"sort"
)

// hedgeAlert reports the admonitions in which hedging is right: a
// warning says what may happen, and "〜かもしれません" is then the precise
// word, not a weak one.
func hedgeAlert(alert string) bool {
	switch alert {
	case "warning", "caution", "danger", "attention", "important", "error":
		return true
	}
	return false
}

// hedgeRule reports the rules whose findings a warning's hedging makes
// wrong.
func hedgeRule(rule string) bool { return rule == "ja-no-weak-phrase" }

// blockAt returns the index of the block holding byte offset off, or -1.
func (d *document) blockAt(off int) int {
	i := sort.Search(len(d.blocks), func(k int) bool { return d.blocks[k].end > off })
	if i < len(d.blocks) && d.blocks[i].start <= off {
		return i
	}
	return -1
}

// dropInContext removes the hits that their context makes false alarms,
// whichever rule found them: a weak phrase inside a warning (see
// hedgeAlert). It runs after a reviewer's rules, so the rules stay as they
// are.
func (e *emitter) dropInContext() {
	out := e.hits[:0]
	for _, h := range e.hits {
		if hedgeRule(h.rule) {
			if b := e.doc.blockAt(h.start); b >= 0 && hedgeAlert(e.doc.blocks[b].alert) {
				continue
			}
		}
		out = append(out, h)
	}
	e.hits = out
}

// minRepeat is the fewest runes a sentence holds for dropRepeats to read
// a second copy of it as a copy: short sentences ("Yes.") repeat by
// themselves.
const minRepeat = 12

// dropRepeats removes the hits in a sentence written verbatim earlier in
// the document that repeat a hit of the earlier copy (the same rule and
// message at the same place in the sentence): the problem is reported
// once, at its first copy, and the repeat itself is repeated-sentence's
// finding.
func (e *emitter) dropRepeats() {
	if len(e.hits) == 0 {
		return
	}
	type copySpan struct{ start, end, delta int }
	var copies []copySpan
	first := map[string]int{} // sentence text -> start of its first copy
	for s := range e.doc.sentences() {
		if runeCount(s.text) < minRepeat {
			continue
		}
		if at, ok := first[s.text]; ok {
			copies = append(copies, copySpan{s.start, s.end, s.start - at})
			continue
		}
		first[s.text] = s.start
	}
	if len(copies) == 0 {
		return
	}
	type key struct {
		rule, issue string
		start, end  int
	}
	seen := make(map[key]bool, len(e.hits))
	for _, h := range e.hits {
		seen[key{h.rule, h.issue, h.start, h.end}] = true
	}
	out := e.hits[:0]
	for _, h := range e.hits {
		i, _ := slices.BinarySearchFunc(copies, h.start, func(c copySpan, off int) int { return cmp.Compare(c.end, off+1) })
		if i < len(copies) && copies[i].start <= h.start && h.end <= copies[i].end {
			d := copies[i].delta
			if seen[key{h.rule, h.issue, h.start - d, h.end - d}] {
				continue
			}
		}
		out = append(out, h)
	}
	e.hits = out
}
