package council

import "testing"

func TestIssueOverlap(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want float64
	}{
		{"Missing error check", "missing ERROR check!", 1},
		{"Missing error check", "error check missing in Close", 0.6},
		{"unused variable", "nil map write", 0},
		{"", "", 0},
		{"エラー処理", "エラー処理がない", 0.5},
	} {
		if got := IssueOverlap(c.a, c.b); got != c.want {
			t.Errorf("IssueOverlap(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
		if got := IssueOverlap(c.b, c.a); got != c.want {
			t.Errorf("IssueOverlap(%q, %q) = %v, want %v (symmetric)", c.b, c.a, got, c.want)
		}
	}
}
