package rounds

import (
	"fmt"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/loop"
)

// buildPatch builds the patch of the items take chooses (their Edits,
// anchored in text, the text the round reviewed) onto the text prior makes
// of text: each edit is moved past prior (apply.Patch.Rebase; one prior
// already made is left out), and the patch is built against prior's
// result and checked against it (apply.PatchAnchors: the way
// apply.PatchQuotes builds a patch of anchored quotes). prior nil means the
// patch applies to text itself. Two chosen edits that overlap are refused
// with ErrConflictingApprovals; edits that do not fit the text are an
// error naming the item.
func buildPatch(text []byte, prior *apply.Patch, items []loop.Item, take func(loop.Item) bool) (*apply.Patch, error) {
	base := text
	if prior == nil {
		prior = &apply.Patch{}
	} else {
		var err error
		if base, err = prior.Apply(text); err != nil {
			return nil, fmt.Errorf("the prior patch does not apply to the reviewed text: %w", err)
		}
	}
	var anchors []apply.Anchor
	for _, it := range items {
		if it.Edit == nil || !take(it) {
			continue
		}
		e, done, err := prior.Rebase(*it.Edit)
		if err != nil {
			return nil, fmt.Errorf("%s's edit does not follow the prior patch: %w", it.Key, err)
		}
		if !done {
			anchors = append(anchors, apply.Anchor{Key: it.Key, Edit: e, Lines: it.Lines})
		}
	}
	qp, err := apply.PatchAnchors(base, anchors, apply.QuoteOptions{})
	switch {
	case len(qp.Conflicts) > 0:
		return nil, fmt.Errorf("%w: %v", ErrConflictingApprovals, qp.Conflicts[0].Keys)
	case err != nil:
		return nil, fmt.Errorf("the edits do not apply to the text: %w", err)
	}
	return qp.Patch, nil
}
