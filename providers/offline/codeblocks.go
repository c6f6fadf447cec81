package offline

import (
	"bytes"
	"regexp"

	mdoc "github.com/kaigi-dev/kaigi/apply/document"
)

// maxElement bounds the bytes a code element may hold (codeElementEnd), so
// that an element never closed costs bounded time and hides a bounded part
// of the document.
const maxElement = 256 << 10

// codeElementEnd reports where the code element that HTML block b opens
// ends: the offset after its closing tag, when b's first line is a start
// tag of an element that holds code (its name ends in "code", as
// Angular's <docs-code>, or it has a language= or lang= attribute, as
// <docs-code language="ts"> or an MDX <Code lang="js">) and the closing
// tag lies after b's end, within maxElement bytes. CommonMark ends such an
// HTML block at its first blank line, and the code after that blank line
// would read as paragraphs; it returns -1 when b is no such element or
// closes itself.
func codeElementEnd(src []byte, b mdoc.Block) int {
	if b.Kind != mdoc.HTMLBlock {
		return -1
	}
	line := src[b.Span.Start:b.Span.End]
	if k := bytes.IndexByte(line, '\n'); k >= 0 {
		line = line[:k]
	}
	line = bytes.TrimLeft(line, " \t")
	if len(line) < 2 || line[0] != '<' || !isASCIILetter(line[1]) {
		return -1
	}
	end := htmlTagEnd(line, 0, len(line))
	if end < 0 || bytes.HasSuffix(line[:end], []byte("/>")) {
		return -1
	}
	n := 1
	for n < end && (isASCIILetter(line[n]) || line[n] >= '0' && line[n] <= '9' || line[n] == '-') {
		n++
	}
	name, attrs := line[1:n], bytes.ToLower(line[n:end])
	if !bytes.HasSuffix(bytes.ToLower(name), []byte("code")) && !bytes.Contains(attrs, []byte(" language=")) && !bytes.Contains(attrs, []byte(" lang=")) {
		return -1
	}
	closer := append(append([]byte("</"), name...), '>')
	if bytes.Contains(src[b.Span.Start:b.Span.End], closer) {
		return -1 // closed inside the block: CommonMark's end is the element's
	}
	rest := src[b.Span.End:min(len(src), b.Span.End+maxElement)]
	k := bytes.Index(rest, closer)
	if k < 0 {
		return -1
	}
	return b.Span.End + k + len(closer)
}

// maskMDXComments masks the MDX comments ("{/* ... */}") of b, each within
// maxElement bytes of its start: MDX documents (Astro, Starlight, Docusaurus)
// write comments so, and their text is no prose.
func maskMDXComments(b []byte) {
	open, end := []byte("{/*"), []byte("*/}")
	for i := 0; ; {
		k := bytes.Index(b[i:], open)
		if k < 0 {
			return
		}
		s := i + k
		e := bytes.Index(b[s+len(open):min(len(b), s+maxElement)], end)
		if e < 0 {
			i = s + len(open)
			continue
		}
		e += s + len(open) + len(end)
		fill(b, s, e)
		i = e
	}
}

// esmLine matches the first line of an MDX import or export statement:
// "import X from '...'", "import '...'", "export const x = ...".
var esmLine = regexp.MustCompile(`^(import\s+(['"]|[\w*{$][^\n]*\sfrom\s+['"])|export\s+(const|let|var|function|async|class|default|\{|\*)[\s{(*]?)`)

// esm reports whether a paragraph is MDX's ESM (an import or export
// statement opening it, written at the line's start): code, not prose.
func esm(p []byte) bool { return esmLine.Match(p) }
