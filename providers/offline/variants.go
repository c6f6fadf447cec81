package offline

// spelling is one way a document writes a word or a term, and where:
// what ja-long-vowel-variant and en-term-variant compare.
type spelling struct {
	text string
	at   []span
}

// minority returns, of two spellings of one word, the one to report (the
// one written less often; on a tie, the one first written later) and the
// other, and whether the other is the document's settled choice (written
// at least twice and more often), which the reported one can be fixed to.
func minority(a, b spelling) (minor, major spelling, settled bool) {
	if len(a.at) > len(b.at) || len(a.at) == len(b.at) && a.at[0].start < b.at[0].start {
		a, b = b, a
	}
	return a, b, len(b.at) >= 2 && len(b.at) > len(a.at)
}
