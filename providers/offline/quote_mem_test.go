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
