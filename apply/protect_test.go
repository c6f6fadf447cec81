package apply

import (
	"errors"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
)

func TestResolveProtected(t *testing.T) {
	const doc = "---\ntitle: 猫\n---\nintro line\n\nbody text\n"
	front := Protected{Lines: finding.LineRange{Start: 1, End: 3}, Why: "front matter"}
	tests := []struct {
		name      string
		doc       string
		protected []Protected
		prop      Proposal
		opt       Options
		want      string // the result, or "" when refused with ErrProtected
	}{
		{name: "inside", doc: doc, protected: []Protected{front}, prop: prop("k", "2", "title: 猫", "title: 犬")},
		{name: "across its end", doc: doc, protected: []Protected{front}, prop: prop("k", "3-4", "---\nintro", "---\n\nintro")},
		{name: "insertion at its very start", doc: doc, protected: []Protected{front}, prop: prop("k", "1", "---\ntitle", "x\n---\ntitle")},
		{name: "the line after it", doc: doc, protected: []Protected{front}, prop: prop("k", "4", "intro line", "Intro line"),
			want: "---\ntitle: 猫\n---\nIntro line\n\nbody text\n"},
		{name: "insertion at the start of the line after it", doc: doc, protected: []Protected{front}, prop: prop("k", "4", "intro", "An intro"),
			want: "---\ntitle: 猫\n---\nAn intro line\n\nbody text\n"},
		{name: "an unprotected document", doc: doc, prop: prop("k", "2", "title: 猫", "title: 犬"),
			want: "---\ntitle: 犬\n---\nintro line\n\nbody text\n"},
		{name: "joining the line before it", doc: doc, protected: []Protected{{Lines: finding.LineRange{Start: 5, End: 6}}}, prop: prop("k", "4", "intro line\n", "intro line ")},
		{name: "deleting the whole line before it", doc: doc, protected: []Protected{{Lines: finding.LineRange{Start: 5, End: 6}}}, prop: prop("k", "3-4", "---\nintro line\n", "---\n"),
			want: "---\ntitle: 猫\n---\n\nbody text\n"},
		{name: "quoting into it to delete the line before", doc: "x\nkeep\n", protected: []Protected{{Lines: finding.LineRange{Start: 2, End: 2}}}, prop: prop("k", "1", "x\nk", "k")},
		{name: "CRLF, quoted with LF", doc: strings.ReplaceAll(doc, "\n", "\r\n"), protected: []Protected{front}, prop: prop("k", "3-4", "---\nintro", "---\n\nintro")},
		{name: "appending to a last line without newline", doc: "a\nlast", protected: []Protected{{Lines: finding.LineRange{Start: 2, End: 9}}}, prop: prop("k", "2", "last", "last.")},
		{name: "a range past the end protects nothing", doc: doc, protected: []Protected{{Lines: finding.LineRange{Start: 40, End: 50}}}, prop: prop("k", "2", "title: 猫", "title: 犬"),
			want: "---\ntitle: 犬\n---\nintro line\n\nbody text\n"},
		{name: "an invalid range protects everything", doc: doc, protected: []Protected{front, {Lines: finding.LineRange{Start: 3, End: 2}, Why: "broken"}}, prop: prop("k", "6", "body", "Body")},
		{name: "whole-line replacement", doc: doc, protected: []Protected{front}, prop: prop("k", "2", "", "title: 犬"), opt: Options{Reviewed: true, ReplaceLines: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opt := tt.opt
			opt.Protected = tt.protected
			got, a, err := resolveOne(t, tt.doc, tt.prop, opt)
			switch {
			case tt.want == "" && !errors.Is(err, ErrProtected):
				t.Fatalf("want %v, got %q by %s, %v", ErrProtected, got, a.Method, err)
			case tt.want == "" && len(tt.protected) > 0 && !strings.Contains(err.Error(), tt.protected[len(tt.protected)-1].Why):
				t.Errorf("message %q does not say why", err)
			case tt.want != "" && (err != nil || got != tt.want):
				t.Fatalf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

// TestTouchesJoin checks the rule for edits that end where protected lines
// start, with edits Resolve itself rarely makes.
func TestTouchesJoin(t *testing.T) {
	x := newLineIndex([]byte("y\nz\nkeep\n"))
	p := Protected{Lines: finding.LineRange{Start: 3, End: 3}}
	for _, tt := range []struct {
		e    Edit
		want bool
	}{
		{Edit{Start: 0, End: 4, Old: "y\nz\n", New: ""}, false},   // the protected line becomes the first
		{Edit{Start: 2, End: 4, Old: "z\n", New: ""}, false},      // "y\n" still ends a line
		{Edit{Start: 1, End: 4, Old: "\nz\n", New: ""}, true},     // "y" joins "keep"
		{Edit{Start: 2, End: 4, Old: "z\n", New: "w"}, true},      // "w" joins "keep"
		{Edit{Start: 2, End: 4, Old: "z\n", New: "w\r\n"}, false}, // a CRLF line break
		{Edit{Start: 4, End: 4, Old: "", New: "w\n"}, true},       // an insertion on line 3
		{Edit{Start: 10, End: 10, Old: "", New: "after\n"}, true}, // on the last line, past its terminator
	} {
		if got := x.touches(p, tt.e, x.lines(tt.e.Start, tt.e.End)); got != tt.want {
			t.Errorf("%+v: touches = %v, want %v", tt.e, got, tt.want)
		}
	}
}
