package offline

import "sort"

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
