package offline

import (
	"runtime"
	"strings"
	"testing"
)

// TestAdviceQuotesKeepNoLine: the quotes of many findings on one long
// line hold their own few bytes, not the kilobytes of line around each
// that adviceQuote reads (a 10 MB line of unclosed links once kept 4 GB
// alive).
func TestAdviceQuotesKeepNoLine(t *testing.T) {
	const n = 2000
	d := parse([]byte(strings.Repeat("[a](b ", 4*n) + "\n"))
	quotes := make([]string, n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range quotes {
		at := 6 * 2 * i
		quotes[i] = d.adviceQuote(at, at+1)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	total := 0
	for _, q := range quotes {
		total += len(q)
	}
	if total == 0 || kept > int64(n*256) {
		t.Errorf("%d quotes of %d bytes in all keep %d bytes alive; want at most %d", n, total, kept, n*256)
	}
}

// TestOneLineJapaneseAllocatesLinearly: a Japanese document on one line
// allocates in proportion to its length (ja-no-mixed-period once copied
// the rest of the paragraph at every sentence: 376 GB for 10 MB).
func TestOneLineJapaneseAllocatesLinearly(t *testing.T) {
	rs := editorialWith(Config{}, editorial()[0].(*Reviewer).shared)
	var rev *Reviewer
	for _, r := range rs {
		if r.Name() == ReaderAdvocateName {
			rev = r.(*Reviewer)
		}
	}
	alloc := func(sentences int) uint64 {
		text := []byte(strings.Repeat("これは文です。", sentences) + "\n")
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		if _, err := rev.Review(t.Context(), agentTarget(string(text))); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	alloc(100) // warm up what a first review builds once
	small, big := alloc(5000), alloc(40000)
	if big > 12*small {
		t.Errorf("8x the sentences on one line allocate %.1fx the bytes (%d, %d); want at most 12x", float64(big)/float64(small), small, big)
	}
}
