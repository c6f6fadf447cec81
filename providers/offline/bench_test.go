package offline

import (
	"bytes"
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
)

// corpus builds a document of about size bytes by repeating the bundled
// sample and clean texts of one language (front matter and all).
func corpus(tb testing.TB, lang string, size int) []byte {
	tb.Helper()
	var parts [][]byte
	for _, name := range []string{"sample-" + lang + ".md", "clean-" + lang + ".md"} {
		b, err := Sample(name)
		if err != nil {
			tb.Fatal(err)
		}
		parts = append(parts, b)
	}
	var buf bytes.Buffer
	for i := 0; buf.Len() < size; i++ {
		buf.Write(parts[i%len(parts)])
		buf.WriteString("\n")
	}
	return buf.Bytes()[:size:size]
}

// BenchmarkEditorial runs the whole rule set (all four reviewers) over
// 100 KB and 1 MB documents; the tokenizer is loaded before the timer
// starts. Compare ns/op of the two sizes for linearity.
func BenchmarkEditorial(b *testing.B) {
	rs := loadedEditorial(b)
	for _, lang := range []string{"ja", "en"} {
		for _, size := range []struct {
			name string
			n    int
		}{{"100KB", 100 << 10}, {"1MB", 1 << 20}} {
			text := bytes.ToValidUTF8(corpus(b, lang, size.n), nil)
			b.Run(lang+"/"+size.name, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				n := 0
				for b.Loop() {
					n = 0
					for _, r := range rs {
						rev, err := r.Review(context.Background(), agent.Target{Path: "big.md", Text: text})
						if err != nil {
							b.Fatal(err)
						}
						n += len(rev.Report.Findings)
					}
				}
				b.ReportMetric(float64(n), "findings")
			})
		}
	}
}

// BenchmarkReviewer times each reviewer alone on 1 MB of Japanese.
func BenchmarkReviewer(b *testing.B) {
	rs := loadedEditorial(b)
	text := bytes.ToValidUTF8(corpus(b, "ja", 1<<20), nil)
	for _, r := range rs {
		b.Run(r.Name(), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := r.Review(context.Background(), agent.Target{Text: text}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestTokenizerLoadCost logs what loading the kagome tokenizer costs and
// bounds what it allocates: the dictionary image and the feature table
// are read in place, so a load allocates the trie's duplicate map and
// small tables, under a megabyte (loading the module's dictionary
// allocated some 120 MB). Run it with -v to see the figures.
func TestTokenizerLoadCost(t *testing.T) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	m := &morph{}
	start := time.Now()
	if _, err := m.tokenizer(); err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("tokenizer load: %v, %.2f MB allocated in %d allocations",
		elapsed.Round(time.Microsecond), float64(allocated)/(1<<20), after.Mallocs-before.Mallocs)
	if m.loadTime <= 0 {
		t.Error("load time not recorded")
	}
	if m.tok.feat == nil || allocated > 4<<20 || after.Mallocs-before.Mallocs > 5000 {
		t.Errorf("the load allocated %d bytes in %d allocations (features in place: %v); want at most 4 MiB and 5000",
			allocated, after.Mallocs-before.Mallocs, m.tok.feat != nil)
	}
}

// BenchmarkSingleLine runs the whole rule set over pathological one-line
// inputs of 1 MB and 10 MB, unclosed link and code syntax repeated, and
// one sentence repeated with no bracket on the line (the samples on one
// line are BenchmarkScaling's oneline cases): time and memory must grow
// about 10x. Run it as BenchmarkScaling.
func BenchmarkSingleLine(b *testing.B) {
	rs := loadedEditorial(b)
	for _, c := range []struct{ name, unit string }{
		{"unclosed-links", "[a](b "},
		{"unclosed-code", "`a "},
		// no bracket on the line: finding a word's link text once read
		// back to the line's start at every word (a 5 MB line took 116 s)
		{"ja-sentences", "設定することができます。"},
		{"en-sentences", "You can setup the WAL here. "},
	} {
		for _, size := range scalingSizes {
			text := bytes.Repeat([]byte(c.unit), size.n/len(c.unit))
			b.Run(c.name+"/"+size.name, func(b *testing.B) { benchReview(b, rs, "line.md", text) })
		}
	}
}

// BenchmarkScaling runs the whole rule set over 1 MB and 10 MB of each
// language, as many lines and as one line (line breaks turned into
// spaces), with allocations and CPU time reported (the machine's other
// work inflates wall time, not CPU time): for 10x the size, time and
// memory must grow about 10x. Run with -benchtime 1x: go test -run '^$' -bench
// Scaling -benchtime 1x -benchmem.
func BenchmarkScaling(b *testing.B) {
	rs := loadedEditorial(b)
	for _, lang := range []string{"ja", "en"} {
		for _, layout := range []string{"lines", "oneline"} {
			for _, size := range scalingSizes {
				text := bytes.ToValidUTF8(corpus(b, lang, size.n), nil)
				if layout == "oneline" {
					text = bytes.ReplaceAll(text, []byte("\n"), []byte(" "))
				}
				b.Run(lang+"/"+layout+"/"+size.name, func(b *testing.B) { benchReview(b, rs, "big.md", text) })
			}
		}
	}
}

// benchReview times the reviewers rs over text, reporting bytes a second,
// allocations and the CPU time of an operation (user and system, all
// goroutines), which the machine's other work does not inflate.
func benchReview(b *testing.B, rs []agent.Reviewer, path string, text []byte) {
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		for _, r := range rs {
			if _, err := r.Review(context.Background(), agent.Target{Path: path, Text: text}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
}

// scalingSizes are the document sizes BenchmarkScaling and
// BenchmarkSingleLine compare.
var scalingSizes = []struct {
	name string
	n    int
}{{"1MB", 1 << 20}, {"10MB", 10 << 20}}

// BenchmarkColdStart reviews a one-sentence document with reviewers
// created for the run, as a command does once: for Japanese that
// includes loading the tokenizer (the dictionary image read in place).
// The rule index (ruleIndex) is built once a process, so -benchtime 1x
// measures a first start: go test -run '^$' -bench ColdStart -benchtime
// 1x -benchmem.
func BenchmarkColdStart(b *testing.B) {
	for _, c := range []struct{ lang, text string }{
		{"ja", "これは日本語の短い文です。\n"},
		{"en", "This is one short English sentence.\n"},
	} {
		b.Run(c.lang, func(b *testing.B) {
			b.ReportAllocs()
			cpu := cpuTime()
			defer func() { b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op") }()
			for b.Loop() {
				for _, r := range Editorial(Config{}) {
					if _, err := r.Review(context.Background(), agent.Target{Path: "one.md", Text: []byte(c.text)}); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// loadedEditorial returns the shared reviewers with the tokenizer loaded,
// so that a benchmark times reviews, not the dictionary's load.
func loadedEditorial(b *testing.B) []agent.Reviewer {
	b.Helper()
	rs := editorial()
	if _, err := rs[2].(*Reviewer).shared.ja.tokenizer(); err != nil {
		b.Fatal(err)
	}
	return rs
}
