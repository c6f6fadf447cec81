package apply

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// resolveOne resolves one proposal keyed "k" and returns the resulting
// document, or the skip's error.
func resolveOne(t *testing.T, doc string, p Proposal, opt Options) (string, Anchor, error) {
	t.Helper()
	anchors, skips := Resolve([]byte(doc), []Proposal{p}, opt)
	if len(anchors)+len(skips) != 1 {
		t.Fatalf("%d anchors and %d skips for one proposal", len(anchors), len(skips))
	}
	if len(skips) == 1 {
		return "", Anchor{}, skips[0].Err
	}
	a := anchors[0]
	if a.Edit.Old != doc[a.Edit.Start:a.Edit.End] {
		t.Fatalf("Old %q is not the document's bytes %q", a.Edit.Old, doc[a.Edit.Start:a.Edit.End])
	}
	return doc[:a.Edit.Start] + a.Edit.New + doc[a.Edit.End:], a, nil
}

// TestResolveEdgeWhiteSpace is issue 9 item 1: a quote and its fix keep
// their relation exactly, also when their edges hold white space that
// differs; where that cannot be guaranteed the finding is refused.
func TestResolveEdgeWhiteSpace(t *testing.T) {
	tests := []struct {
		name, doc, lines, quote, fix string
		want                         string // "" when refused
		err                          error
	}{
		// Quoted as the prompt shows a CRLF document: without '\r'.
		{name: "CRLF: blank line deleted", doc: "end.\r\n\r\nNext.\r\n", lines: "1-2", quote: "end.\n\n", fix: "end. More.\n",
			want: "end. More.\r\nNext.\r\n"},
		{name: "CRLF: line holding only a space dropped", doc: "a\r\n \r\nb\r\n", lines: "1-2", quote: "a\n \n", fix: "a\n",
			want: "a\r\nb\r\n"},
		{name: "CRLF: two lines joined", doc: "first\r\nsecond\r\n", lines: "1", quote: "first\n", fix: "first and ",
			want: "first and second\r\n"},
		{name: "CRLF: line break inserted before", doc: "one two\r\n", lines: "1", quote: " two", fix: "\ntwo",
			want: "one\r\ntwo\r\n"},
		{name: "CRLF: Japanese lines joined", doc: "吾輩は猫である。\r\n名前はまだ無い。\r\n", lines: "1-2", quote: "である。\n名前", fix: "である。名前",
			want: "吾輩は猫である。名前はまだ無い。\r\n"},

		// Normalised matches (here: full-width letters) whose fix changes
		// the white space at an edge of the quote.
		{name: "normalised: blank line deleted", doc: "ＡＢＣ\n\nnext\n", lines: "1", quote: "ABC\n\n", fix: "ABC\n",
			want: "ABC\nnext\n"},
		{name: "normalised: lines joined", doc: "ＡＢＣ\r\nnext\r\n", lines: "1", quote: "ABC\n", fix: "ABC ",
			want: "ABC next\r\n"},
		{name: "normalised: unchanged edges are kept from the document", doc: "x\nＡＢＣ  \nnext\n", lines: "2", quote: "\nABC\n", fix: "\nXYZ\n",
			want: "x\nXYZ  \nnext\n"},
		{name: "normalised: the document's edge differs from the quote's", doc: "ＡＢＣ \n\nnext\n", lines: "1", quote: "ABC\n\n", fix: "ABC\n",
			err: ErrQuoteNotFound},
		{name: "normalised: a space where the fix removes a line break", doc: "ＡＢＣ next\n", lines: "1", quote: "ABC\n", fix: "ABC ",
			err: ErrQuoteNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, a, err := resolveOne(t, tt.doc, prop("k", tt.lines, tt.quote, tt.fix), Options{})
			switch {
			case tt.err != nil && !errors.Is(err, tt.err):
				t.Fatalf("want %v, got %v (result %q by %s)", tt.err, err, got, a.Method)
			case tt.err == nil && err != nil:
				t.Fatalf("want %q, got %v", tt.want, err)
			case got != tt.want:
				t.Fatalf("result %q by %s, want %q", got, a.Method, tt.want)
			}
		})
	}
}

// TestResolveQuoteMustEndALine is issue 9 item 2: a quote ending in a line
// break matches only text that ends a line, never the prefix of a line that
// has changed since.
func TestResolveQuoteMustEndALine(t *testing.T) {
	for _, doc := range []string{
		"foo bar baz\nnext\n",
		"foo bar baz\r\nnext\r\n",
		"ｆｏｏ bar baz\nnext\n",
		"前置き\n吾輩は猫である。名前はまだ無い。\n",
	} {
		quote, fix := "foo bar\n", "FOO BAR\n"
		if strings.Contains(doc, "猫") {
			quote, fix = "吾輩は猫である。\n", "吾輩は犬である。\n"
		}
		got, _, err := resolveOne(t, doc, prop("k", "1-2", quote, fix), Options{})
		if !errors.Is(err, ErrQuoteNotFound) {
			t.Errorf("%q: want %v, got %q, %v", doc, ErrQuoteNotFound, got, err)
		}
	}
	// The leading edge too: a quote starting with a line break matches
	// only at a line start.
	got, _, err := resolveOne(t, "xx foo bar\n", prop("k", "1", "\nfoo bar", "\nFOO BAR"), Options{})
	if !errors.Is(err, ErrQuoteNotFound) {
		t.Errorf("want %v, got %q, %v", ErrQuoteNotFound, got, err)
	}
}

// TestResolveNoQuoteIsAdvice is issue 9 item 3: an empty quote never
// replaces lines by default, even in a reviewed document; whole-line
// replacement needs Options.ReplaceLines.
func TestResolveNoQuoteIsAdvice(t *testing.T) {
	doc := "one\ntwo\nthree\n"
	p := prop("k", "2", "", "inserted")
	for _, opt := range []Options{{}, {Reviewed: true}} {
		got, _, err := resolveOne(t, doc, p, opt)
		if !errors.Is(err, ErrAdvisory) || !errors.Is(err, ErrNoQuote) {
			t.Errorf("%+v: want advice with %v, got %q, %v", opt, ErrNoQuote, got, err)
		}
	}
	if got, _, err := resolveOne(t, doc, p, Options{ReplaceLines: true}); !errors.Is(err, ErrNoQuote) || errors.Is(err, ErrAdvisory) {
		t.Errorf("ReplaceLines without Reviewed: want %v (not advice), got %q, %v", ErrNoQuote, got, err)
	}
	got, a, err := resolveOne(t, doc, p, Options{Reviewed: true, ReplaceLines: true})
	if err != nil || got != "one\ninserted\nthree\n" || a.Method != LineRange {
		t.Errorf("ReplaceLines and Reviewed: got %q by %s, %v", got, a.Method, err)
	}
}

// TestResolveHintBeyondEnd is issue 9 item 5: a hint past the end of the
// document is clamped to its last line, so the window near the end is
// searched before the whole document.
func TestResolveHintBeyondEnd(t *testing.T) {
	lines := make([]string, 60)
	for i := range lines {
		lines[i] = "filler line"
	}
	lines[5], lines[57] = "the same words", "the same words"
	doc := strings.Join(lines, "\n") + "\n"
	got, a, err := resolveOne(t, doc, prop("k", "70-71", "the same words", "other words"), Options{Window: 10})
	if err != nil {
		t.Fatalf("want the match near the end, got %v", err)
	}
	if a.Method != Window || a.Lines.String() != "58" {
		t.Errorf("method %s lines %s, want %s lines 58", a.Method, a.Lines, Window)
	}
	lines[57] = "other words"
	if want := strings.Join(lines, "\n") + "\n"; got != want {
		t.Errorf("the edit is not on line 58")
	}
	lines[57] = "the same words"
	// Near the end ambiguous, or absent and not unique elsewhere: refused.
	lines[55] = "the same words"
	doc = strings.Join(lines, "\n") + "\n"
	if _, _, err := resolveOne(t, doc, prop("k", "70", "the same words", "x"), Options{Window: 10}); !errors.Is(err, ErrOutOfRange) || !errors.Is(err, ErrAmbiguous) {
		t.Errorf("want %v and %v, got %v", ErrOutOfRange, ErrAmbiguous, err)
	}
	if _, _, err := resolveOne(t, doc, prop("k", "70", "nowhere", "x"), Options{Window: 10}); !errors.Is(err, ErrOutOfRange) || !errors.Is(err, ErrQuoteNotFound) {
		t.Errorf("want %v and %v, got %v", ErrOutOfRange, ErrQuoteNotFound, err)
	}
}

// TestResolveInsertDelete is issue 9 item 4: the one convention for
// insertions and deletions (see Resolve) resolves exactly, in Japanese and
// English, over LF and CRLF documents, quoted as the prompt shows them.
func TestResolveInsertDelete(t *testing.T) {
	tests := []struct {
		name, lines, quote, fix string
		before, after           string // the document, written with "\n"
	}{
		{name: "insert a word", lines: "1", quote: "The cat sat", fix: "The black cat sat",
			before: "The cat sat.\nOn the mat.\n", after: "The black cat sat.\nOn the mat.\n"},
		{name: "delete a word", lines: "1", quote: "very very", fix: "very",
			before: "It is very very good.\n", after: "It is very good.\n"},
		{name: "insert a line", lines: "1", quote: "On the mat.\n", fix: "On the mat.\nIt purred.\n",
			before: "The cat sat.\nOn the mat.\nThe end.\n", after: "The cat sat.\nOn the mat.\nIt purred.\nThe end.\n"},
		{name: "delete a line", lines: "2-3", quote: "On the mat.\nThe end.", fix: "The end.",
			before: "The cat sat.\nOn the mat.\nThe end.\n", after: "The cat sat.\nThe end.\n"},
		{name: "delete a blank line", lines: "1-3", quote: "sat.\n\nThe", fix: "sat.\nThe",
			before: "The cat sat.\n\nThe end.\n", after: "The cat sat.\nThe end.\n"},
		{name: "insert a blank line", lines: "1-2", quote: "sat.\nThe", fix: "sat.\n\nThe",
			before: "The cat sat.\nThe end.\n", after: "The cat sat.\n\nThe end.\n"},
		{name: "insert at the end without a final newline", lines: "1", quote: "the end", fix: "the end.",
			before: "This is the end", after: "This is the end."},
		{name: "Japanese: insert", lines: "1", quote: "吾輩は猫である。", fix: "吾輩は猫である。とても眠い。",
			before: "吾輩は猫である。\n名前はまだ無い。\n", after: "吾輩は猫である。とても眠い。\n名前はまだ無い。\n"},
		{name: "Japanese: delete", lines: "2", quote: "名前はまだまだ無い", fix: "名前はまだ無い",
			before: "吾輩は猫である。\n名前はまだまだ無い。\n", after: "吾輩は猫である。\n名前はまだ無い。\n"},
		{name: "Japanese: insert a line", lines: "1", quote: "吾輩は猫である。\n", fix: "吾輩は猫である。\nどこで生れたかとんと見当がつかぬ。\n",
			before: "吾輩は猫である。\n名前はまだ無い。\n", after: "吾輩は猫である。\nどこで生れたかとんと見当がつかぬ。\n名前はまだ無い。\n"},
		{name: "Japanese: delete a line", lines: "1-2", quote: "である。\n名前はまだ無い。\n", fix: "である。\n",
			before: "吾輩は猫である。\n名前はまだ無い。\n終わり\n", after: "吾輩は猫である。\n終わり\n"},
	}
	for _, tt := range tests {
		for _, eol := range []string{"\n", "\r\n"} {
			t.Run(fmt.Sprintf("%s %q", tt.name, eol), func(t *testing.T) {
				doc := strings.ReplaceAll(tt.before, "\n", eol)
				want := strings.ReplaceAll(tt.after, "\n", eol)
				got, a, err := resolveOne(t, doc, prop("k", tt.lines, tt.quote, tt.fix), Options{})
				if err != nil || got != want {
					t.Fatalf("got %q by %s, %v; want %q", got, a.Method, err, want)
				}
				if a.Method == Normalized {
					t.Errorf("anchored by %s, want an exact stage", a.Method)
				}
			})
		}
	}
}
