package apply

import (
	"bytes"
	"strings"
	"testing"
	"unicode"

	"github.com/kaigi-dev/kaigi/finding"
)

// FuzzResolveApplyInverse anchors three fuzzed findings in a fuzzed document
// and checks the whole pipeline: Resolve never alters the document and only
// yields spans on rune boundaries whose Old is the document's bytes; Merge
// yields changes NewPatch accepts; Apply then Inverse gives the document
// back byte for byte, and so does reverting every key.
func FuzzResolveApplyInverse(f *testing.F) {
	f.Add([]byte("吾輩は猫である。\n名前はまだ無い。\n"), "猫", "犬", uint8(1), "まだ無い", "", uint8(2), "名前", "なまえ\n", uint8(9), false)
	f.Add([]byte("one\r\ntwo\r\nthree"), "one\ntwo", "1\n2", uint8(1), "three", "3", uint8(3), "", "new", uint8(2), true)
	f.Add([]byte("\ufeffBOM first line\nsecond"), "BOM", "bom", uint8(1), "\ufeffBOM", "x", uint8(1), "second", "2nd", uint8(0), false)
	f.Add([]byte("ok \xff\xfe bad\ncafe\u0301 ＡＢＣ\n"), "\xff\xfe", "fixed", uint8(1), "café", "tea", uint8(2), "ABC", "abc", uint8(2), false)
	f.Add([]byte("a  b\n\ta b\n"), "a b", "x", uint8(1), "b", "c", uint8(2), "a", "a", uint8(1), true)
	f.Add([]byte("🚀🚀🚀\n👍🏽\n"), "🚀", "x", uint8(1), "👍", "y", uint8(2), "\xf0\x9f", "z", uint8(1), false)
	f.Add([]byte(""), "x", "y", uint8(1), "", "z", uint8(1), "", "", uint8(0), true)
	f.Fuzz(func(t *testing.T, doc []byte, q1, f1 string, l1 uint8, q2, f2 string, l2 uint8, q3, f3 string, l3 uint8, reviewed bool) {
		if len(doc) > 1<<12 {
			return // keep each iteration cheap
		}
		props := []Proposal{fuzzProp("a", q1, f1, l1), fuzzProp("b", q2, f2, l2), fuzzProp("c", q3, f3, l3)}
		orig := bytes.Clone(doc)
		protect := finding.LineRange{Start: int(l3), End: int(l3) + 1}
		anchors, skips := Resolve(doc, props, Options{Window: 2, Reviewed: reviewed, ReplaceLines: true, Protected: []Protected{{Lines: protect}}})
		if !bytes.Equal(doc, orig) {
			t.Fatal("Resolve modified the document")
		}
		if len(anchors)+len(skips) != len(props) {
			t.Fatalf("%d anchors + %d skips for %d proposals", len(anchors), len(skips), len(props))
		}
		for _, a := range anchors {
			e := a.Edit
			if e.Start < 0 || e.End < e.Start || e.End > len(doc) || string(doc[e.Start:e.End]) != e.Old {
				t.Fatalf("anchor %+v does not match the document", a)
			}
			if !runeBoundary(doc, e.Start) || !runeBoundary(doc, e.End) {
				t.Fatalf("anchor %+v cuts a rune", a)
			}
			if protect.Valid() && a.Lines.Start <= protect.End && protect.Start <= a.Lines.End {
				t.Fatalf("anchor %+v touches the protected lines %s", a, protect)
			}
			q, fix := quoteOf(props, a.Key)
			if hint := hintOf(props, a.Key); a.Far != (a.Method == Document && hint.Valid()) && a.Method != Normalized || a.Far && !hint.Valid() {
				t.Fatalf("anchor %+v by %s of a finding hinted at %s: Far %v", a, a.Method, hint, a.Far)
			} else if a.Far && a.Method == Document {
				n := newLineIndex(doc).count()
				lo, hi := min(hint.Start, n)-2, min(hint.End, n)+2
				if a.Lines.Start <= hi && lo <= a.Lines.End {
					t.Fatalf("anchor %+v is Far, but within 2 lines of the hint %s", a, hint)
				}
			}
			switch a.Method {
			case ExactRange, Window, Document:
				if lfOnly(e.Old) != lfOnly(q) {
					t.Fatalf("anchor %+v by %s is not the quote %q", a, a.Method, q)
				}
			case Normalized:
				nq, _ := prepareNorm(q, newLineIndex(doc).toDocEOL(fix))
				if got, _ := normalizeQuote(strings.TrimFunc(e.Old, unicode.IsSpace)); !bytes.Equal(got, nq.search) {
					t.Fatalf("anchor %+v normalises to %q, the quote %q to %q", a, got, q, nq.search)
				}
			}
		}
		changes, _ := Merge(anchors)
		p, err := NewPatch(doc, changes)
		if err != nil {
			t.Fatalf("Merge output rejected by NewPatch: %v", err)
		}
		out, err := p.Apply(doc)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(doc, orig) {
			t.Fatal("Apply modified the document")
		}
		back, err := p.Inverse().Apply(out)
		if err != nil || !bytes.Equal(back, orig) {
			t.Fatalf("Inverse gives %q, %v; want %q", back, err, orig)
		}
		r, err := p.Revert(p.Keys()...)
		if err != nil {
			t.Fatal(err)
		}
		if back, err := r.Apply(out); err != nil || !bytes.Equal(back, orig) {
			t.Fatalf("Revert(all) gives %q, %v; want %q", back, err, orig)
		}
	})
}

func fuzzProp(key, quote, fix string, line uint8) Proposal {
	f := finding.Finding{ID: key, Fix: fix, Quotes: []string{quote}}
	if line > 0 {
		f.LineRange = finding.LineRange{Start: int(line), End: int(line) + int(line%3)}
	}
	return Proposal{Key: key, Finding: f}
}

func quoteOf(props []Proposal, key string) (quote, fix string) {
	for _, p := range props {
		if p.Key == key {
			return p.Finding.Quote(), p.Finding.Fix
		}
	}
	return "", ""
}

func hintOf(props []Proposal, key string) finding.LineRange {
	for _, p := range props {
		if p.Key == key {
			return p.Finding.LineRange
		}
	}
	return finding.LineRange{}
}
