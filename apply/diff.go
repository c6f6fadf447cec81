package apply

import udiff "github.com/aymanbagabas/go-udiff"

// diffContext is the number of unchanged lines around each hunk.
const diffContext = 3

// UnifiedDiff renders old -> new as a standard unified diff with three lines
// of context, labelled oldName and newName (as in "--- a/x.md"). Equal
// inputs give "". A last line without a final newline is followed by the
// standard "\ No newline at end of file" marker, so the diff applies with
// patch(1) and git apply. CRLF line endings stay in the lines' text.
func UnifiedDiff(oldName, newName string, old, new []byte) string {
	o := string(old)
	u, err := udiff.ToUnifiedDiff(oldName, newName, o, udiff.Lines(o, string(new)), diffContext)
	if err != nil { // cannot happen: the edits come from diffing o itself
		return udiff.Unified(oldName, newName, o, string(new))
	}
	// go-udiff v0.4.1 loses count of the unchanged lines between edits it
	// joins into one hunk, so the new-file start of later hunks drifts.
	// Each hunk's new start is its old start moved by what the hunks
	// before it added and removed.
	offset := 0
	for _, h := range u.Hunks {
		h.ToLine = h.FromLine + offset
		for _, l := range h.Lines {
			switch l.Kind {
			case udiff.Insert:
				offset++
			case udiff.Delete:
				offset--
			}
		}
	}
	return u.String()
}
