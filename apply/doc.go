// Package apply is the only part of kaigi that changes a user's document.
// It anchors findings to byte spans by their quotes, merges duplicate edits
// and reports conflicting ones, applies the rest as a reversible Patch,
// renders unified diffs, writes files atomically inside a root folder, and
// keeps an undo journal so that a program can revert what it applied, even
// after a crash.
//
// Edits are byte spans into the original document. The stored document is
// never normalised: a BOM, CRLF line endings, a missing final newline and
// non-NFC text stay exactly as they were, and only the spans the findings
// quote change. Every edit keeps the text it replaces, so every Patch has an
// exact Inverse and any subset of findings can be reverted.
//
// A finding's fix always replaces its quotes[0] exactly. To insert text,
// quote the neighbouring text and give as fix that quote with the
// insertion added; to delete text, quote it together with some neighbouring
// text and give as fix the quote without the deleted part. An empty fix is
// advice only and is never applied. A quote may be written with "\n" line
// breaks in a CRLF document (the way a prompt shows it) and still matches
// exactly; the fix's line endings become the document's own. A finding
// without a quote is advice only unless whole-line replacement is asked
// for (Options.ReplaceLines).
//
// The smallest use anchors findings, drops conflicts and applies the rest:
//
//	anchors, skips := apply.Resolve(doc, proposals, apply.Options{})
//	changes, conflicts := apply.Merge(anchors)
//	p, err := apply.NewPatch(doc, changes)
//	if err != nil {
//		return err
//	}
//	out, err := p.Apply(doc) // p.Inverse().Apply(out) gives doc back
//
// PatchQuotes does all three for a model's bare quote/fix pairs (a line
// hint optional), keeps the first of overlapping fixes when asked
// (FirstWins) and lists every fix it leaves out with its reason;
// PatchAnchors is its second half, for edits already anchored.
//
// skips say why a finding was not anchored (errors.Is with ErrAdvisory,
// ErrQuoteNotFound, ErrAmbiguous, ErrOutOfRange, ErrNoQuote or
// ErrProtected) and conflicts list the findings a human must choose
// between. An anchor marked Far was found only away from the lines its
// finding names (the text there has changed, and the one occurrence
// elsewhere may not be the one meant): show it to a person before
// applying it; the snippet above is for anchors known to be wanted.
//
// To change files on disk, open the folder findings may name with OpenDir
// and write through it (Dir.WriteFile is atomic and confined to the
// folder); the loop kernel's journal (loop/journal) makes such writes
// durable and undoable. For a round over
// several files, ReadWorkspace reads the target files through the Dir, and
// Workspace.Resolve anchors each finding in the file its Finding.File
// names, refusing, as data, findings that name a file outside the targets
// or the root.
package apply
