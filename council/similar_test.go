package council

import (
	"math"
	"testing"
)

func TestJaccardOfIssues(t *testing.T) {
	tests := []struct {
		a, b string
		want float64
	}{
		{"Stock phrase adds nothing", "stock phrase adds NOTHING.", 1},
		{"Stock phrase adds nothing", "Stock phrase, remove it", 2.0 / 6},
		{"", "", 0},
		{"", "word", 0},
		// Japanese: rune bigrams 定型/型句/句で/では vs 定型/型句/句が
		{"定型句では", "定型句が", 2.0 / 5},
		{"冗長な表現", "冗長な表現", 1},
		// Mixed scripts: "ai" and the bigram 表現 are shared.
		{"AI 表現", "ai表現です", 2.0 / 4},
	}
	for _, tt := range tests {
		got := jaccard(tokens(tt.a), tokens(tt.b))
		if math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("jaccard(%q, %q) = %.3f, want %.3f", tt.a, tt.b, got, tt.want)
		}
		if back := jaccard(tokens(tt.b), tokens(tt.a)); back != got {
			t.Errorf("jaccard is not symmetric for %q, %q: %v vs %v", tt.a, tt.b, got, back)
		}
	}
}

func FuzzTokens(f *testing.F) {
	for _, s := range []string{"", "Stock phrase", "定型句では", "ｶﾀｶﾅ and ＡＢＣ", "\xff\xfe bad utf-8", "a\r\nb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		set := tokens(s)
		if j := jaccard(set, set); len(set) > 0 && j != 1 {
			t.Errorf("jaccard of %q with itself = %v", s, j)
		}
		for tok := range set {
			if tok == "" {
				t.Errorf("empty token from %q", s)
			}
		}
	})
}
