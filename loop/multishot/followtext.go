package multishot

import (
	"fmt"
	"io"
	"strings"
)

// Status is the session's state on one line, as a command prints it
// after a follow-up: "ok=true remaining=0 waves=3".
func (s *Summary) Status() string {
	return fmt.Sprintf("ok=%t remaining=%d waves=%d", s.OK, s.Remaining, len(s.Waves))
}

// WriteOutText writes on w, one indented line each, the out records (the
// shots' results) that carry findings, in order:
// "  out: {s:SLICE p:PASS sh:SHOT f:FILE ids:[ID ...] st:STATUS final:BOOL}".
// A session whose shots found nothing writes nothing. It returns w's
// error.
func (s *Summary) WriteOutText(w io.Writer) error {
	var b strings.Builder
	for _, rec := range s.Out {
		if len(rec.IDs) > 0 {
			fmt.Fprintf(&b, "  out: {s:%s p:%d sh:%d f:%s ids:%v st:%s final:%t}\n", rec.Slice, rec.Pass, rec.Shot, rec.File, rec.IDs, rec.Status, rec.Final)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
