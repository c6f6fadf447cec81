package export

import (
	"bytes"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// The rolling hash of github/codeql-action's upload-sarif
// (src/fingerprints.ts, function hash), which fills in
// primaryLocationLineHash for a result that has none.
const (
	hashBlock = 100   // characters hashed from a line's start
	hashMod   = 37    // the hash's base
	hashEOF   = 65535 // the character hashed after the text's last
)

// LineHashes returns the primaryLocationLineHash of each line of text
// (element 0 is line 1), computed as GitHub's upload-sarif action
// computes it when a SARIF result has none: a rolling hash, in 64-bit
// arithmetic with base 37, over the 100 characters from the line's start
// onwards (so the following lines are part of it), where characters are
// UTF-16 code units of the text decoded as UTF-8 (an invalid sequence is
// one U+FFFD, as Node.js decodes it; a BOM is a character), spaces and
// tabs are skipped, CR, LF and CRLF are one line feed, and the text ends
// with the character 65535 and zeros. A hash is written in lowercase hex
// followed by ":n", n counting the lines with that hash so far.
//
// Lines are counted as upload-sarif counts them: CR, LF and CRLF each end
// one, and the text has one line more than it has line ends (the empty
// text has one line; a final newline starts an empty last line).
func LineHashes(text []byte) []string {
	var h lineHasher
	h.init()
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRune(text[i:])
		if r == utf8.RuneError && n <= 1 {
			n = invalidUTF8(text[i:])
		}
		i += n
		if r < 0x10000 {
			h.char(uint16(r))
			continue
		}
		hi, lo := utf16.EncodeRune(r)
		h.char(uint16(hi))
		h.char(uint16(lo))
	}
	h.char(hashEOF)
	for range hashBlock { // flush the lines near the end
		if h.lines[h.index] != -1 {
			h.output()
		}
		h.update(0)
	}
	return h.out
}

// lineHasher is the state of hash in fingerprints.ts.
type lineHasher struct {
	window    [hashBlock]uint64
	lines     [hashBlock]int // the line starting at that window slot, or -1
	hash      uint64
	firstMod  uint64 // hashMod to the power hashBlock
	index     int
	line      int
	lineStart bool
	prevCR    bool
	counts    map[uint64]int
	out       []string
}

func (h *lineHasher) init() {
	h.firstMod = 1
	for range hashBlock {
		h.firstMod *= hashMod
	}
	for i := range h.lines {
		h.lines[i] = -1
	}
	h.lineStart = true
	h.counts = map[uint64]int{}
}

// output records the hash of the line starting at the current slot.
func (h *lineHasher) output() {
	h.counts[h.hash]++
	v := strconv.FormatUint(h.hash, 16) + ":" + strconv.Itoa(h.counts[h.hash])
	for len(h.out) < h.lines[h.index] {
		h.out = append(h.out, "")
	}
	h.out[h.lines[h.index]-1] = v
	h.lines[h.index] = -1
}

// update rolls c into the hash.
func (h *lineHasher) update(c uint64) {
	begin := h.window[h.index]
	h.window[h.index] = c
	h.hash = hashMod*h.hash + c - h.firstMod*begin
	h.index = (h.index + 1) % hashBlock
}

// char processes one UTF-16 code unit (processCharacter).
func (h *lineHasher) char(c uint16) {
	if c == ' ' || c == '\t' || (h.prevCR && c == '\n') {
		h.prevCR = false
		return
	}
	h.prevCR = c == '\r'
	if c == '\r' {
		c = '\n'
	}
	if h.lines[h.index] != -1 {
		h.output()
	}
	if h.lineStart {
		h.lineStart = false
		h.line++
		h.lines[h.index] = h.line
	}
	if c == '\n' {
		h.lineStart = true
	}
	h.update(uint64(c))
}

// invalidUTF8 is the length of the invalid sequence p starts with, which
// a WHATWG UTF-8 decoder (Node.js's) replaces by one U+FFFD: the maximal
// prefix of a well-formed sequence, or one byte.
func invalidUTF8(p []byte) int {
	lo, hi := byte(0x80), byte(0xBF)
	var n int
	switch b := p[0]; {
	case 0xC2 <= b && b <= 0xDF:
		n = 2
	case b == 0xE0:
		n, lo = 3, 0xA0
	case b == 0xED:
		n, hi = 3, 0x9F
	case 0xE1 <= b && b <= 0xEF:
		n = 3
	case b == 0xF0:
		n, lo = 4, 0x90
	case 0xF1 <= b && b <= 0xF3:
		n = 4
	case b == 0xF4:
		n, hi = 4, 0x8F
	default:
		return 1
	}
	i := 1
	for ; i < n && i < len(p); i++ {
		if c := p[i]; c < lo || c > hi {
			break
		}
		lo, hi = 0x80, 0xBF
	}
	return i
}

// lineHashCache keeps the line hashes of the texts of one log, by file.
type lineHashCache map[string]struct {
	text   []byte
	hashes []string
}

// line is the hash of line n (1-based) of file, whose text is text, or ""
// for a line text does not have.
func (c lineHashCache) line(file string, text []byte, n int) string {
	e, ok := c[file]
	if !ok || !sameBytes(e.text, text) {
		e.text, e.hashes = text, LineHashes(text)
		c[file] = e
	}
	if n < 1 || n > len(e.hashes) {
		return ""
	}
	return e.hashes[n-1]
}

// sameBytes reports whether a and b hold the same bytes, without reading
// them when they are the same slice (the results of one file share it).
func sameBytes(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 || &a[0] == &b[0] {
		return true
	}
	return bytes.Equal(a, b)
}
