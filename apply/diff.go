package apply

import udiff "github.com/aymanbagabas/go-udiff"

// UnifiedDiff renders old -> new as a standard unified diff with three lines
// of context, labelled oldName and newName (as in "--- a/x.md"). Equal
// inputs give "". A last line without a final newline is followed by the
// standard "\ No newline at end of file" marker, so the diff applies with
// patch(1) and git apply. CRLF line endings stay in the lines' text.
func UnifiedDiff(oldName, newName string, old, new []byte) string {
	return udiff.Unified(oldName, newName, string(old), string(new))
}
