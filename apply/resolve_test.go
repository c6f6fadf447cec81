package apply

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
)

// prop builds a proposal quoting quote on lines lr ("" for none) with fix.
func prop(key, lr, quote, fix string) Proposal {
	f := finding.Finding{ID: key, Fix: fix}
	if lr != "" {
		r, err := finding.ParseLineRange(lr)
		if err != nil {
			panic(err)
		}
		f.LineRange = r
	}
	if quote != "" {
		f.Quotes = []string{quote}
	}
	return Proposal{Key: key, Finding: f}
}

func TestResolve(t *testing.T) {
	// twelve numbered lines, with "dup" on lines 2 and 10
	lines := make([]string, 12)
	for i := range lines {
		lines[i] = "line " + string(rune('a'+i))
	}
	lines[1], lines[9] = "dup here", "dup there"
	plain := strings.Join(lines, "\n") + "\n"

	tests := []struct {
		name   string
		doc    string
		prop   Proposal
		opt    Options
		want   string // the document after the edit, when anchored
		method Method
		lines  string // Anchor.Lines
		err    error  // the sentinel of the skip, when skipped
		old    string // Edit.Old, when given
	}{
		{name: "exact in range", doc: plain, prop: prop("k", "2", "dup", "DUP"),
			want: strings.Replace(plain, "dup here", "DUP here", 1), method: ExactRange, lines: "2"},
		{name: "range picks the hinted one of two", doc: plain, prop: prop("k", "10", "dup", "DUP"),
			want: strings.Replace(plain, "dup there", "DUP there", 1), method: ExactRange, lines: "10"},
		{name: "window", doc: plain, prop: prop("k", "5", "dup there", "X"), opt: Options{Window: 5},
			want: strings.Replace(plain, "dup there", "X", 1), method: Window, lines: "10"},
		{name: "window ambiguous", doc: plain, prop: prop("k", "6", "dup", "X"), opt: Options{Window: 4}, err: ErrAmbiguous},
		{name: "whole document unique", doc: plain, prop: prop("k", "5", "dup there", "X"), opt: Options{Window: 1},
			want: strings.Replace(plain, "dup there", "X", 1), method: Document, lines: "10"},
		{name: "whole document ambiguous", doc: plain, prop: prop("k", "6", "dup", "X"), opt: Options{Window: 1}, err: ErrAmbiguous},
		{name: "no hint, unique", doc: plain, prop: prop("k", "", "line c", "C"),
			want: strings.Replace(plain, "line c", "C", 1), method: Document, lines: "3"},
		{name: "two matches on the hinted line", doc: "a a\n", prop: prop("k", "1", "a", "b"), err: ErrAmbiguous},
		{name: "overlapping matches are two", doc: "aaa\n", prop: prop("k", "1", "aa", "b"), err: ErrAmbiguous},
		{name: "not found", doc: plain, prop: prop("k", "2", "absent", "x"), err: ErrQuoteNotFound},
		{name: "advice only", doc: plain, prop: prop("k", "2", "dup", ""), err: ErrAdvisory},
		{name: "a fix equal to the quote is advice only", doc: plain, prop: prop("k", "2", "dup", "dup"), err: ErrAdvisory},
		{name: "a fix equal after line-ending conversion is advice only", doc: "a\r\nb\r\n", prop: prop("k", "1-2", "a\nb", "a\nb"), err: ErrAdvisory},
		{name: "advice only without quote", doc: plain, prop: prop("k", "2", "", ""), opt: Options{Reviewed: true}, err: ErrAdvisory},
		{name: "out of range, unique", doc: plain, prop: prop("k", "40-41", "line c", "C"),
			want: strings.Replace(plain, "line c", "C", 1), method: Window, lines: "3"},
		{name: "out of range, unique beyond the window", doc: plain, prop: prop("k", "40-41", "line c", "C"), opt: Options{Window: 2},
			want: strings.Replace(plain, "line c", "C", 1), method: Document, lines: "3"},
		{name: "out of range, ambiguous", doc: plain, prop: prop("k", "40", "dup", "X"), err: ErrOutOfRange},
		{name: "out of range, absent", doc: plain, prop: prop("k", "13", "nowhere", "X"), err: ErrOutOfRange},
		{name: "end beyond the last line is clamped", doc: plain, prop: prop("k", "12-99", "line l", "L"),
			want: strings.Replace(plain, "line l", "L", 1), method: ExactRange, lines: "12"},
		{name: "no quote without Reviewed", doc: plain, prop: prop("k", "3", "", "new"), err: ErrNoQuote},
		{name: "no quote with Reviewed", doc: plain, prop: prop("k", "3-4", "", "new\n"), opt: Options{Reviewed: true}, err: ErrAdvisory},
		{name: "no quote with ReplaceLines", doc: plain, prop: prop("k", "3-4", "", "new\n"), opt: Options{Reviewed: true, ReplaceLines: true},
			want: strings.Replace(plain, "line c\nline d", "new", 1), method: LineRange, lines: "3-4", old: "line c\nline d"},
		{name: "no quote, no range", doc: plain, prop: prop("k", "", "", "new"), opt: Options{Reviewed: true, ReplaceLines: true}, err: ErrNoQuote},
		{name: "no quote beyond the end", doc: plain, prop: prop("k", "12-13", "", "new"), opt: Options{Reviewed: true, ReplaceLines: true}, err: ErrOutOfRange},
		{name: "no quote, empty line becomes an insertion", doc: "a\n\nb\n", prop: prop("k", "2", "", "x"), opt: Options{Reviewed: true, ReplaceLines: true},
			want: "a\nx\nb\n", method: LineRange, lines: "2", old: ""},
		{name: "no quote, CRLF keeps terminator", doc: "a\r\nb\r\nc", prop: prop("k", "2", "", "B"), opt: Options{Reviewed: true, ReplaceLines: true},
			want: "a\r\nB\r\nc", method: LineRange, lines: "2", old: "b"},
		{name: "no quote, last line without newline", doc: "a\nb", prop: prop("k", "2", "", "B"), opt: Options{Reviewed: true, ReplaceLines: true},
			want: "a\nB", method: LineRange, lines: "2"},

		// A quote written with "\n" matches a CRLF document exactly.
		{name: "CRLF quoted with LF", doc: "one\r\ntwo\r\nthree\r\n", prop: prop("k", "1-2", "one\ntwo", "1\n2"),
			want: "1\r\n2\r\nthree\r\n", method: ExactRange, lines: "1-2", old: "one\r\ntwo"},
		{name: "CRLF quoted with LF, in the window", doc: "a\r\nb\r\nc\r\none\r\ntwo\r\n", prop: prop("k", "1", "one\ntwo\n", "1\n"), opt: Options{Window: 5},
			want: "a\r\nb\r\nc\r\n1\r\n", method: Window, lines: "4-5", old: "one\r\ntwo\r\n"},
		{name: "CRLF quoted with LF, a mixed document prefers the exact bytes", doc: "x\r\ny\r\nx\ny\n", prop: prop("k", "1-4", "x\ny", "z"),
			want: "x\r\ny\r\nz\n", method: ExactRange, lines: "3-4", old: "x\ny"},
		{name: "CRLF quoted with LF, ambiguous", doc: "x\r\ny\r\nx\r\ny\r\n", prop: prop("k", "1-4", "x\ny", "z"), err: ErrAmbiguous},
		{name: "LF document quoted with CRLF", doc: "one\ntwo\n", prop: prop("k", "1-2", "one\r\ntwo", "1\r\n2"),
			want: "1\n2\n", method: ExactRange, lines: "1-2", old: "one\ntwo"},

		// Normalised matches map back to original bytes.
		{name: "normalised NFC", doc: "cafe\u0301 au lait\n", prop: prop("k", "1", "caf\u00e9", "tea"),
			want: "tea au lait\n", method: Normalized, lines: "1", old: "cafe\u0301"},
		{name: "normalised NFC in the quote", doc: "caf\u00e9 au lait\n", prop: prop("k", "1", "cafe\u0301 au", "tea at"),
			want: "tea at lait\n", method: Normalized, lines: "1"},
		{name: "normalised full-width", doc: "値はＡＢＣ１２３です。\n", prop: prop("k", "1", "ABC123", "XYZ"),
			want: "値はXYZです。\n", method: Normalized, lines: "1", old: "ＡＢＣ１２３"},
		{name: "normalised half-width katakana", doc: "ｶﾞｷﾞ and more\n", prop: prop("k", "1", "ガギ", "がぎ"),
			want: "がぎ and more\n", method: Normalized, lines: "1", old: "ｶﾞｷﾞ"},
		{name: "normalised white space", doc: "alpha  beta\n\t gamma\n", prop: prop("k", "1", "alpha beta gamma", "abc"),
			want: "abc\n", method: Normalized, lines: "1-2", old: "alpha  beta\n\t gamma"},
		{name: "normalised range picks the hinted one", doc: "a  b\nz\na\tb\n", prop: prop("k", "3", "a b", "x"),
			want: "a  b\nz\nx\n", method: Normalized, lines: "3"},
		{name: "normalised edge white space never swallows a line break", doc: "x\nfoo bar\n", prop: prop("k", "2", " foo  bar\n", " baz\n"),
			want: "x\nbaz\n", method: Normalized, lines: "2", old: "foo bar"},
		{name: "normalised space never matches a paragraph break", doc: "para one.\n\npara two.\n", prop: prop("k", "1-3", "one. para", "one, para"),
			err: ErrQuoteNotFound},
		{name: "normalised space never matches a CRLF paragraph break", doc: "para one.\r\n \r\npara two.\r\n", prop: prop("k", "1-3", "one. para", "one, para"),
			err: ErrQuoteNotFound},
		{name: "normalised paragraph break matches a paragraph break", doc: "para one.\r\n\r\npara two.\r\n", prop: prop("k", "1-3", "one.\n\n\npara", "one.\n\nPara"),
			want: "para one.\r\n\r\nPara two.\r\n", method: Normalized, lines: "1-3", old: "one.\r\n\r\npara"},
		{name: "normalised paragraph break in a quote", doc: "para one.\n \npara two.\n", prop: prop("k", "1-3", "one.\n\npara", "one.\npara"),
			want: "para one.\npara two.\n", method: Normalized, lines: "1-3", old: "one.\n \npara"},
		{name: "normalised ambiguous", doc: "a  b\na\tb\n", prop: prop("k", "1-2", "a b", "x"), err: ErrAmbiguous},
		{name: "exact match never stops before a combining mark", doc: "cafe\u0301\n", prop: prop("k", "1", "cafe", "x"),
			err: ErrQuoteNotFound},
		{name: "combining acute accent", doc: "cafe\u0301 ok\n", prop: prop("k", "1", "cafe", "tea"), err: ErrQuoteNotFound},
		{name: "combining dakuten (NFD Japanese)", doc: "学校か\u3099好き\n", prop: prop("k", "1", "学校か", "学校へ"), err: ErrQuoteNotFound},
		{name: "a quote that starts with a combining mark", doc: "cafe\u0301 ok\n", prop: prop("k", "1", "\u0301 ok", "!"), err: ErrQuoteNotFound},
		{name: "the whole combining sequence", doc: "cafe\u0301 ok\n", prop: prop("k", "1", "cafe\u0301", "tea"),
			want: "tea ok\n", method: ExactRange, lines: "1"},
		{name: "first emoji of a ZWJ sequence", doc: "family 👨\u200d👩\u200d👧\n", prop: prop("k", "1", "👨", "👤"), err: ErrQuoteNotFound},
		{name: "last emoji of a ZWJ sequence", doc: "family 👨\u200d👩\u200d👧\n", prop: prop("k", "1", "👧", "👤"), err: ErrQuoteNotFound},
		{name: "emoji without its skin tone", doc: "ok 👍🏽\n", prop: prop("k", "1", "👍", "👎"), err: ErrQuoteNotFound},
		{name: "emoji without its variation selector", doc: "love ❤\ufe0f\n", prop: prop("k", "1", "❤", "♡"), err: ErrQuoteNotFound},
		{name: "flag without its tag characters", doc: "🏴\U000e0067\U000e0062\U000e007f!\n", prop: prop("k", "1", "🏴", "⚑"), err: ErrQuoteNotFound},
		{name: "normalised match never stops before an uncomposed combining mark", doc: "x  q\u0323\n", prop: prop("k", "1", "x q", "y"),
			err: ErrQuoteNotFound},
		{name: "whole ZWJ sequence", doc: "family 👨\u200d👩\u200d👧\n", prop: prop("k", "1", "👨\u200d👩\u200d👧", "👪"),
			want: "family 👪\n", method: ExactRange, lines: "1"},
		{name: "normalised match never cuts a normalisation segment", doc: "xe\u0301\u0323y\n", prop: prop("k", "1", "x\u1eb9", "z"),
			err: ErrQuoteNotFound},
		{name: "normalised match of the whole segment", doc: "xe\u0301\u0323y\n", prop: prop("k", "1", "x\u1eb9\u0301", "z"),
			want: "zy\n", method: Normalized, lines: "1", old: "xe\u0301\u0323"},
		{name: "normalised ideographic space", doc: "全角\u3000空白\n", prop: prop("k", "1", "全角 空白", "半角"),
			want: "半角\n", method: Normalized, lines: "1"},
		{name: "normalised window", doc: "a\nb\nc\nd\nfoo  bar\n", prop: prop("k", "1", "foo bar", "x"), opt: Options{Window: 5},
			want: "a\nb\nc\nd\nx\n", method: Normalized, lines: "5"},

		// Line endings of the fix follow the document.
		{name: "CRLF fix conversion", doc: "a\r\nb\r\n", prop: prop("k", "1", "a", "x\ny"),
			want: "x\r\ny\r\nb\r\n", method: ExactRange, lines: "1"},
		{name: "CRLF fix already CRLF", doc: "a\r\nb\r\n", prop: prop("k", "1", "a", "x\r\ny"),
			want: "x\r\ny\r\nb\r\n", method: ExactRange, lines: "1"},
		{name: "LF document, CRLF fix", doc: "a\nb\n", prop: prop("k", "1", "a", "x\r\ny"),
			want: "x\ny\nb\n", method: ExactRange, lines: "1"},
		{name: "exact match never starts inside a CRLF pair", doc: "foo\r\nbar\r\n", prop: prop("k", "2", "\nbar", "\nbaz"),
			want: "foo\r\nbaz\r\n", method: ExactRange, lines: "1-2", old: "\r\nbar"},
		{name: "exact match never ends inside a CRLF pair", doc: "foo\r\nbar\r\n", prop: prop("k", "1", "foo\r", "fox\r"),
			want: "fox\r\nbar\r\n", method: Normalized, lines: "1", old: "foo"},

		// Stored bytes stay as they are.
		{name: "BOM is on line 1", doc: "\ufeffhello\nworld\n", prop: prop("k", "1", "hello", "hi"),
			want: "\ufeffhi\nworld\n", method: ExactRange, lines: "1"},
		{name: "no final newline", doc: "first\nlast", prop: prop("k", "2", "last", "end"),
			want: "first\nend", method: ExactRange, lines: "2"},
		{name: "Japanese", doc: "吾輩は猫である。\n名前はまだ無い。\n", prop: prop("k", "2", "まだ無い", "もうある"),
			want: "吾輩は猫である。\n名前はもうある。\n", method: ExactRange, lines: "2"},
		{name: "emoji", doc: "ship it 🚀🚀\nok 👍🏽\n", prop: prop("k", "2", "👍🏽", "👎"),
			want: "ship it 🚀🚀\nok 👎\n", method: ExactRange, lines: "2"},
		{name: "quote cutting a rune never matches", doc: "あい\n", prop: prop("k", "1", "\xe3\x81", "x"), err: ErrQuoteNotFound},
		{name: "invalid UTF-8 document, exact bytes", doc: "ok \xff\xfe bad\nnext\n", prop: prop("k", "1", "\xff\xfe bad", "fine"),
			want: "ok fine\nnext\n", method: ExactRange, lines: "1"},
		{name: "invalid UTF-8 blocks normalised matches", doc: "a\xffb\n", prop: prop("k", "1", "a  b", "x"), err: ErrQuoteNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := []byte(tt.doc)
			anchors, skips := Resolve(doc, []Proposal{tt.prop}, tt.opt)
			if string(doc) != tt.doc {
				t.Fatal("Resolve modified the document")
			}
			if tt.err != nil {
				if len(skips) != 1 || !errors.Is(skips[0].Err, tt.err) {
					t.Fatalf("want a skip with %v, got anchors %+v skips %+v", tt.err, anchors, skips)
				}
				if skips[0].Key != "k" || !strings.Contains(skips[0].Err.Error(), "k") {
					t.Errorf("skip does not name its key: %v", skips[0].Err)
				}
				return
			}
			if len(anchors) != 1 || len(skips) != 0 {
				t.Fatalf("want one anchor, got anchors %+v skips %v", anchors, skips)
			}
			a := anchors[0]
			if a.Method != tt.method || a.Lines.String() != tt.lines {
				t.Errorf("method %s lines %s, want %s lines %s", a.Method, a.Lines, tt.method, tt.lines)
			}
			if tt.old != "" && a.Edit.Old != tt.old {
				t.Errorf("Old = %q, want %q", a.Edit.Old, tt.old)
			}
			if a.Edit.Old != tt.doc[a.Edit.Start:a.Edit.End] {
				t.Errorf("Old %q is not the document's bytes %q", a.Edit.Old, tt.doc[a.Edit.Start:a.Edit.End])
			}
			got := tt.doc[:a.Edit.Start] + a.Edit.New + tt.doc[a.Edit.End:]
			if got != tt.want {
				t.Errorf("result %q, want %q", got, tt.want)
			}
		})
	}
}

func TestResolveOrder(t *testing.T) {
	doc := []byte("a b c\n")
	props := []Proposal{
		prop("1", "1", "c", "C"), prop("2", "1", "zzz", "Z"), prop("3", "1", "a", "A"), prop("4", "1", "b", ""),
	}
	anchors, skips := Resolve(doc, props, Options{})
	if len(anchors) != 2 || anchors[0].Key != "1" || anchors[1].Key != "3" {
		t.Errorf("anchors %+v, want keys 1, 3 in input order", anchors)
	}
	if len(skips) != 2 || skips[0].Key != "2" || skips[1].Key != "4" {
		t.Errorf("skips %+v, want keys 2, 4 in input order", skips)
	}
}

func TestResolveMessageCutsLongQuotes(t *testing.T) {
	long := strings.Repeat("長い引用", 30)
	_, skips := Resolve([]byte("short\n"), []Proposal{prop("r/F9", "1", long, "x")}, Options{})
	if len(skips) != 1 {
		t.Fatalf("skips %v", skips)
	}
	msg := skips[0].Err.Error()
	if !strings.Contains(msg, "r/F9 (lines 1)") || !strings.Contains(msg, "…") || len(msg) > 200 {
		t.Errorf("message %q should name the key and lines and cut the quote", msg)
	}
}

// TestResolveIndexAgreesWithScan: once a haystack has been scanned often
// enough, Resolve answers searches that cover a large part of it from a
// suffix array; every answer must equal the one a scan gives (each
// proposal resolved on its own never builds the index). Both kinds of
// search are checked: the whole document, for hints far off, and the
// hinted line itself, in a document of one line.
func TestResolveIndexAgreesWithScan(t *testing.T) {
	// Lines of 1, 200 and 25 entries: 200 lines, one line, 8 lines, where
	// a hint of two lines covers a quarter of the document, enough to be
	// answered from the index, which must then keep to those lines.
	for _, every := range []int{1, 200, 25} {
		var b strings.Builder
		for i := range 200 {
			if i%every == 0 && (i == 0 || i == 175) {
				b.WriteString("twice ")
			}
			sep := " "
			if (i+1)%every == 0 {
				sep = "\r\n"
			}
			fmt.Fprintf(&b, "行%03d 吾輩は猫である。dup ＡＢＣ%03d  end%s", i, i, sep)
		}
		doc := []byte(b.String())
		var props []Proposal
		for i := range 3 * indexAfter {
			var q string
			lines := "1"
			switch i % 8 {
			case 0:
				q = fmt.Sprintf("行%03d 吾輩", i%200) // unique
			case 1:
				q = "dup" // ambiguous
			case 2:
				q = fmt.Sprintf("absent %d", i) // not found
			case 3:
				q = "\x8c" // cuts a rune: never a match
			case 4:
				q = fmt.Sprintf("ABC%03d end", i%200) // normalised only
			case 5:
				q = "吾輩は猫である。dup ABC" // normalised, ambiguous
			case 6:
				q = fmt.Sprintf("end\n行%03d", i%200) // CRLF quoted with LF
			case 7:
				q, lines = "twice", "1-2" // once on the hinted lines, once far off
			}
			props = append(props, prop(fmt.Sprint(i), lines, q, "x"))
		}
		anchors, skips := Resolve(doc, props, Options{Window: 1}) // hints far off
		got := map[string]string{}
		for _, a := range anchors {
			got[a.Key] = fmt.Sprintf("%s %+v", a.Method, a.Edit)
		}
		for _, s := range skips {
			got[s.Key] = s.Err.Error()
		}
		for _, p := range props {
			a, s := Resolve(doc, []Proposal{p}, Options{Window: 1})
			want := ""
			if len(a) == 1 {
				want = fmt.Sprintf("%s %+v", a[0].Method, a[0].Edit)
			} else {
				want = s[0].Err.Error()
			}
			if got[p.Key] != want {
				t.Fatalf("%d entries a line, proposal %s (%q): with the index %q, alone %q", every, p.Key, p.Finding.Quote(), got[p.Key], want)
			}
		}
	}
}
