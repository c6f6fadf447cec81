package levenshtein

import "testing"

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "", 3}, {"", "abc", 3}, {"kitten", "sitting", 3},
		{"postgress", "postgresql", 2}, {"github", "github", 0}, {"flaw", "lawn", 2},
	} {
		if got := Distance([]byte(c.a), []byte(c.b)); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
	if got := Distance([]rune("サーバー"), []rune("サーバ")); got != 1 {
		t.Errorf("Distance of runes = %d, want 1", got)
	}
}
