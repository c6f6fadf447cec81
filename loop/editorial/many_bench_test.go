package editorial_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/kaigi-dev/kaigi/loop"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// BenchmarkManyFiles reviews about 1 MB of Japanese Markdown (the bundled
// sample, repeated) with the offline reviewers in one dry round: as one
// file, and split into 75 files in one run. With no bound on findings per
// review, both do the same work; the issue asks them to be within 20%.
func BenchmarkManyFiles(b *testing.B) {
	sample, err := offline.Sample("sample-ja.md")
	if err != nil {
		b.Fatal(err)
	}
	var parts []string
	for size := 0; size < 1_000_000; size += len(sample) {
		parts = append(parts, strings.Replace(string(sample), "# ", fmt.Sprintf("# %d ", len(parts)), 1))
	}
	for _, n := range []int{1, 75} {
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				dir := b.TempDir()
				var paths []string
				per := (len(parts) + n - 1) / n
				for k := 0; k*per < len(parts); k++ {
					p := filepath.Join(dir, fmt.Sprintf("p%02d.md", k))
					os.WriteFile(p, []byte(strings.Join(parts[k*per:min(len(parts), (k+1)*per)], "")), 0o644)
					paths = append(paths, p)
				}
				c := council.Council{Members: council.Members(offline.Editorial(offline.Config{})...)}
				l := &editorial.Loop{Council: c, Dir: filepath.Join(dir, ".editorial"), MaxRounds: 1, DryRun: true, MaxFindings: -1}
				b.StartTimer()
				if _, err := l.Run(context.Background(), paths...); err != nil && !errors.Is(err, loop.ErrNotConverged) {
					b.Fatal(err)
				}
			}
		})
	}
}
