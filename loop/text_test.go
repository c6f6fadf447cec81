package loop_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
)

// TestCheckText: data a caller holds is refused as ReadDocument refuses a
// file, UTF-16 named as such; UTF-8 with or without a BOM, CRLF and no
// final newline pass.
func TestCheckText(t *testing.T) {
	for _, tc := range []struct {
		data, want string
	}{
		{"\xef\xbb\xbf{\"id\": \"会議\"}\r\n", ""},
		{"{}", ""},
		{"\xff\xfe{\x00}\x00", "x.json is UTF-16LE"},
		{"\xfe\xff\x00{\x00}", "x.json is UTF-16BE"},
		{"", "x.json is empty"},
		{"{\"a\": \"\x93\"}", "x.json is not UTF-8"},
	} {
		err := loop.CheckText("x.json", []byte(tc.data))
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q: %v", tc.data, err)
		case tc.want != "" && (!errors.Is(err, loop.ErrNotText) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%q: %v, want %q", tc.data, err, tc.want)
		}
	}
}
