package loop_test

import (
	"errors"
	"testing"

	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/loop"
)

// TestReplaceTarget: the new text lands where the target resolves, in the
// document's own line endings, with its BOM, its blank lines before the
// next section and its missing final newline kept.
func TestReplaceTarget(t *testing.T) {
	sec := document.Target{Heading: "Retry"}
	for _, c := range []struct {
		name, text, with, want string
		t                      document.Target
	}{
		{"lf", "# T\n\n## Retry\n\nold\n\n## Next\n\nx\n", "## Retry\n\nnew\n", "# T\n\n## Retry\n\nnew\n\n## Next\n\nx\n", sec},
		{"crlf", "# T\r\n\r\n## Retry\r\n\r\nold\r\n\r\n## Next\r\n", "## Retry\n\nnew one\nline two\n", "# T\r\n\r\n## Retry\r\n\r\nnew one\r\nline two\r\n\r\n## Next\r\n", sec},
		{"no final newline", "# T\n\n## Retry\n\nold", "## Retry\n\nnew\n", "# T\n\n## Retry\n\nnew", sec},
		{"bom whole text", "\uFEFF# T\r\n\r\nold\r\n", "# T\n\nnew", "\uFEFF# T\r\n\r\nnew\r\n", document.Target{}},
		{"japanese", "# 題\n\n## 再試行\n\n古い文章。\n\n## 次\n", "## 再試行\n\n新しい文章です。\n", "# 題\n\n## 再試行\n\n新しい文章です。\n\n## 次\n", document.Target{Heading: "再試行"}},
		{"markers", "a\n<!-- b -->\nold\n<!-- e -->\nz", "new", "a\n<!-- b -->\nnew\n<!-- e -->\nz", document.Target{Begin: "<!-- b -->", End: "<!-- e -->"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := []byte(c.text)
			got, err := loop.ReplaceTarget(in, c.t, []byte(c.with))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Errorf("got\n%q\nwant\n%q", got, c.want)
			}
			if string(in) != c.text {
				t.Error("the input was modified")
			}
		})
	}
	if _, err := loop.ReplaceTarget([]byte("# A\n"), document.Target{Heading: "B"}, nil); !errors.Is(err, document.ErrNotFound) {
		t.Errorf("a missing heading: %v, want ErrNotFound", err)
	}
}
