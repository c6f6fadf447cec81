// Package document reads the structure of a text file the way kaigi's
// reviewers and loops need it: one line index, one front matter rule, one
// Markdown block scanner and targets that name a part of a text by what
// it is ("the section with id S1.12") rather than by line numbers that
// drift as the text is edited. It imports only the standard library and
// golang.org/x/text's normalisation tables, and never modifies a text: a
// BOM, CRLF line endings and a missing final newline are read as they are.
//
//   - Boundary is the one character-boundary rule: where a quote or an edit
//     may start or end without splitting a rune, a CRLF pair, a combining or
//     an emoji sequence (apply and the offline reviewers both use it).
//   - Lines maps between byte offsets and 1-based lines. Only '\n' ends a
//     line, a CRLF line's '\r' belongs to its terminator, a BOM to line 1.
//   - FindFrontMatter finds a YAML ("---") or TOML ("+++") block at the very
//     start of a text; a block that is never closed is not front matter.
//   - Parse returns the Outline of a Markdown text: its blocks (headings,
//     paragraphs, lists, tables, code, HTML, math, front matter), the
//     sections its headings open, with their ids and slugs, and its HTML
//     comments.
//   - Target.Resolve turns "the whole text", "the section under heading X",
//     "the section with id S1.12" or "the lines between two markers" into
//     a line range and the SHA-256 of those bytes. A Target is plain data:
//     resolve the same value again on each new version of the text.
//
// The smallest use finds a section again after an edit moved it:
//
//	t := document.Target{ID: "S1.12", Level: 4}
//	r, err := t.Resolve(text)
//	if err != nil {
//		return err // errors.Is(err, document.ErrNotFound), ErrAmbiguous
//	}
//	fmt.Println(r.Lines, r.Hash == before.Hash) // same bytes, maybe other lines
package document
