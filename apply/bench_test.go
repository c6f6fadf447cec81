package apply

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
)

// benchDoc builds a deterministic mixed Japanese/English document of about
// size bytes, and one finding per stride lines whose quote is unique and
// whose line hint is right.
func benchDoc(size, findings int) ([]byte, []Proposal) {
	var b strings.Builder
	b.Grow(size + 200)
	lines := 0
	for b.Len() < size {
		lines++
		fmt.Fprintf(&b, "L%07d 吾輩は猫である。The quick brown fox jumps over the lazy dog. 名前はまだ無い。🐈\n", lines)
	}
	stride := max(lines/findings, 1)
	props := make([]Proposal, 0, findings)
	for i := 0; i < findings && i*stride < lines; i++ {
		line := i*stride + 1
		props = append(props, Proposal{
			Key: fmt.Sprintf("r/F%05d", i),
			Finding: finding.Finding{
				LineRange: finding.LineRange{Start: line, End: line},
				Quotes:    []string{fmt.Sprintf("L%07d 吾輩は猫", line)},
				Fix:       fmt.Sprintf("L%07d 吾輩は犬", line),
			},
		})
	}
	return []byte(b.String()), props
}

// BenchmarkResolveApply anchors, merges and applies 10,000 findings on a
// 10 MB document.
func BenchmarkResolveApply(b *testing.B) {
	doc, props := benchDoc(10<<20, 10_000)
	b.SetBytes(int64(len(doc)))
	b.ResetTimer()
	for b.Loop() {
		anchors, skips := Resolve(doc, props, Options{})
		changes, conflicts := Merge(anchors)
		if len(skips)+len(conflicts) > 0 || len(changes) != len(props) {
			b.Fatalf("%d skips, %d conflicts, %d changes", len(skips), len(conflicts), len(changes))
		}
		p, err := NewPatch(doc, changes)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := p.Apply(doc); err != nil {
			b.Fatal(err)
		}
	}
}

// mergeInput builds n anchors over a document of 10n bytes, about one in
// ten overlapping its neighbour, one in twenty a duplicate.
func mergeInput(n int) []Anchor {
	rng := rand.New(rand.NewPCG(1, uint64(n)))
	anchors := make([]Anchor, n)
	for i := range anchors {
		start := rng.IntN(10 * n)
		end := start + rng.IntN(12)
		anchors[i] = Anchor{Key: fmt.Sprint(i), Edit: Edit{Start: start, End: end, New: fmt.Sprint(i % 7)}}
		if i > 0 && rng.IntN(20) == 0 {
			anchors[i].Edit = anchors[i-1].Edit
		}
	}
	return anchors
}

func benchMerge(b *testing.B, n int) {
	anchors := mergeInput(n)
	b.ResetTimer()
	for b.Loop() {
		Merge(anchors)
	}
}

func BenchmarkMerge10k(b *testing.B)  { benchMerge(b, 10_000) }
func BenchmarkMerge100k(b *testing.B) { benchMerge(b, 100_000) }

// TestMergeScales checks that Merge stays O(n log n): ten times the edits
// may cost at most 15 times the time and the allocations (n log n predicts
// about 12.5 for time, 10 for allocations; pairwise would be 100). Other
// processes on the machine make single timings noisy, so each size is
// measured three times, interleaved, and the fastest run counts.
func TestMergeScales(t *testing.T) {
	if testing.Short() {
		t.Skip("measures run time with testing.Benchmark; skipped with -short")
	}
	var small, large testing.BenchmarkResult
	for i := range 3 {
		s := testing.Benchmark(func(b *testing.B) { b.ReportAllocs(); benchMerge(b, 10_000) })
		l := testing.Benchmark(func(b *testing.B) { b.ReportAllocs(); benchMerge(b, 100_000) })
		if i == 0 || s.NsPerOp() < small.NsPerOp() {
			small = s
		}
		if i == 0 || l.NsPerOp() < large.NsPerOp() {
			large = l
		}
	}
	ratio := float64(large.NsPerOp()) / float64(small.NsPerOp())
	allocs := float64(large.AllocsPerOp()) / float64(max(small.AllocsPerOp(), 1))
	t.Logf("10k: %v %s; 100k: %v %s; time x%.1f, allocations x%.1f",
		small, small.MemString(), large, large.MemString(), ratio, allocs)
	switch {
	case raceEnabled:
		t.Log("time ratio not checked: the race detector distorts timings")
	case ratio > 15:
		t.Errorf("Merge of 100k edits takes %.1f times as long as 10k (want <= 15)", ratio)
	}
	if allocs > 15 {
		t.Errorf("Merge of 100k edits allocates %.1f times as often as 10k (want <= 15)", allocs)
	}
}

// TestApplyAllocsConstant checks that Apply's allocations do not grow with
// the number of edits.
func TestApplyAllocsConstant(t *testing.T) {
	allocs := func(edits int) float64 {
		doc := []byte(strings.Repeat("猫 cat\n", 10_000))
		changes := make([]Change, edits)
		step := len(doc) / edits
		for i := range changes {
			s := i * step
			changes[i] = Change{Edit: Edit{Start: s, End: s, New: "犬"}, Keys: []string{"k"}}
		}
		p, err := NewPatch(doc, changes)
		if err != nil {
			t.Fatal(err)
		}
		return testing.AllocsPerRun(20, func() {
			if _, err := p.Apply(doc); err != nil {
				t.Fatal(err)
			}
		})
	}
	few, many := allocs(10), allocs(10_000)
	t.Logf("allocations per Apply: %v with 10 edits, %v with 10,000", few, many)
	if many > few {
		t.Errorf("Apply allocates %v times with 10,000 edits but %v with 10", many, few)
	}
}

func BenchmarkNormalizedResolve(b *testing.B) {
	doc, props := benchDoc(1<<20, 1000)
	for i := range props {
		props[i].Finding.Quotes[0] = strings.ReplaceAll(props[i].Finding.Quotes[0], "L", "Ｌ") // full-width
	}
	b.SetBytes(int64(len(doc)))
	b.ResetTimer()
	for b.Loop() {
		anchors, _ := Resolve(doc, props, Options{})
		if len(anchors) != len(props) {
			b.Fatalf("%d anchors", len(anchors))
		}
	}
}

// BenchmarkResolveDrifted measures the slow path: 1,000 findings on a 10 MB
// document whose line hints are 100 lines off, beyond the window, so each
// quote is looked for in the whole document.
func BenchmarkResolveDrifted(b *testing.B) {
	doc, props := benchDoc(10<<20, 1000)
	for i := range props {
		lr := &props[i].Finding.LineRange
		lr.Start, lr.End = lr.Start+100, lr.End+100
	}
	b.SetBytes(int64(len(doc)))
	b.ResetTimer()
	for b.Loop() {
		anchors, _ := Resolve(doc, props, Options{})
		if len(anchors) != len(props) {
			b.Fatalf("%d anchors", len(anchors))
		}
	}
}
