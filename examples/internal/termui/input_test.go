package termui

import (
	"bytes"
	"context"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
)

// TestAskInput: an input question is a line of text, trimmed; an empty
// line keeps the default.
func TestAskInput(t *testing.T) {
	q := loop.Question{Key: "intake/file", Kind: loop.Input, Prompt: "Which file is to be reviewed?"}
	for _, c := range []struct {
		def, line, want string
	}{
		{"", "  docs/spec.md \n", "docs/spec.md"},
		{"none", "\n", "none"},
	} {
		q.Default = c.def
		var out bytes.Buffer
		a, err := Gate{In: &lineReader{lines: []string{c.line}}, Out: &out, Accessible: true}.Ask(context.Background(), q)
		if err != nil || a != (loop.Answer{Key: q.Key, Text: c.want}) {
			t.Errorf("%q: got %+v %v, want text %q\n%s", c.line, a, err, c.want, out.String())
		}
	}
}
