// Package levenshtein computes the edit distance of two sequences, for
// the offline reviewers (a name spelt near another) and the corpus
// builder (a line its authors corrected with a small edit).
package levenshtein

// Distance is the Levenshtein distance of a and b: the fewest insertions,
// deletions and substitutions of one element that turn a into b. It takes
// O(len(a)·len(b)) time and O(len(b)) memory; callers bound the lengths.
func Distance[E comparable](a, b []E) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
