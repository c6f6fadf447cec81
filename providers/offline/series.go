package offline

import "strings"

// seriesWords returns how many words of an English sentence a series
// adds beyond one: a run of four or more items separated by commas, each
// of one to three words ("Alex Crichton, Brian Anderson, Corey Farwell,
// ..."), or of three or more items separated by semicolons, each of at
// most twelve ("Weihang Lo for developing the fix; Eric Huss for
// reviewing the fix; ..."), read after the colon that opens the list,
// if any. A sentence whose length is such a list (the
// credits of a release) is read at a glance; splitting it helps no one.
func seriesWords(text string) int {
	if _, list, ok := strings.Cut(text, ": "); ok {
		text = list // the list a colon opens: "disclose it: A for the fix; B for the review; ..."
	}
	return min(series(text, ",", 3, 4)+series(text, ";", 12, 3), wordCount(text)-1)
}

// series sums, over the runs of at least minItems consecutive items of
// text split at sep that hold one to maxWords words each, the words of
// each run less one.
func series(text, sep string, maxWords, minItems int) int {
	if strings.Count(text, sep) < minItems-1 {
		return 0
	}
	total, run, words := 0, 0, 0
	flush := func() {
		if run >= minItems {
			total += words - 1
		}
		run, words = 0, 0
	}
	for item := range strings.SplitSeq(text, sep) {
		n := wordCount(item)
		if n < 1 || n > maxWords {
			flush()
			continue
		}
		run++
		words += n
	}
	flush()
	return total
}
