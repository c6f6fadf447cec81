package council

// IssueOverlap returns how much two issue texts say the same thing: the
// Jaccard index (0 to 1) of their token sets, the measure Aggregate uses to
// tell that two sibling shots report one problem. Tokens are lower-cased
// runs of letters and digits, and rune bigrams inside runs of Han, Hiragana
// and Katakana, which do not separate words with spaces; so "Missing error
// check" and "missing ERROR check!" overlap fully, and Japanese is compared
// by character pairs. Two texts without any token overlap 0.
//
// Loops with their own duplicate rule (a stricter threshold, another
// tie-break) call it instead of copying the tokenizer, so that every loop
// measures overlap alike.
func IssueOverlap(a, b string) float64 {
	return jaccard(tokens(a), tokens(b))
}
