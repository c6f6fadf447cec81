package apply

import "testing"

func TestUnifiedDiff(t *testing.T) {
	tests := []struct {
		name, old, new, want string
	}{
		{name: "equal", old: "a\n", new: "a\n", want: ""},
		{name: "change a line", old: "a\nb\nc\n", new: "a\nB\nc\n",
			want: "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"},
		{name: "no newline on both sides", old: "a\nb", new: "a\nc",
			want: "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n"},
		{name: "final newline added", old: "a\nb", new: "a\nb\n",
			want: "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n"},
		{name: "final newline removed", old: "a\nb\n", new: "a\nb",
			want: "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n"},
		{name: "unchanged last line without newline as context", old: "a\nb", new: "A\nb",
			want: "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n+A\n b\n\\ No newline at end of file\n"},
		{name: "Japanese CRLF", old: "猫\r\n犬\r\n", new: "猫\r\n狐\r\n",
			want: "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n 猫\r\n-犬\r\n+狐\r\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := UnifiedDiff("a/x", "b/x", []byte(tt.old), []byte(tt.new))
			if got != tt.want {
				t.Errorf("UnifiedDiff:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}
