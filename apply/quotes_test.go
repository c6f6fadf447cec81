package apply

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
)

// TestPatchQuotesTexts: a fix lands byte for byte in Japanese text, CRLF,
// a BOM and a document without a final newline, and nothing else moves.
func TestPatchQuotesTexts(t *testing.T) {
	for _, tc := range []struct {
		name, doc  string
		quote, fix string
		want       string
	}{
		{"japanese", "吾輩は猫である。\n名前はまだ無い。\n", "名前はまだ無い", "名前はもうある", "吾輩は猫である。\n名前はもうある。\n"},
		{"crlf, quote with LF", "one\r\ntwo\r\nthree\r\n", "one\ntwo", "uno\ndos", "uno\r\ndos\r\nthree\r\n"},
		{"bom on line 1", "\ufeff見出し\r\n本文。", "見出し", "題", "\ufeff題\r\n本文。"},
		{"no final newline", "first\nlast line", "last line", "the end", "first\nthe end"},
		{"quote at the very end", "あいう", "う", "え", "あいえ"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			qp, err := PatchQuotes([]byte(tc.doc), []QuoteFix{{Key: "k", Quote: tc.quote, Fix: tc.fix}}, QuoteOptions{})
			if err != nil || len(qp.Skips) != 0 || len(qp.Kept) != 1 {
				t.Fatalf("PatchQuotes: %+v, %v", qp, err)
			}
			if qp.Kept[0].Far || qp.Kept[0].Method != Document {
				t.Errorf("anchor %+v: a fix without lines is looked for in the whole document and is never Far", qp.Kept[0])
			}
			out, err := qp.Patch.Apply([]byte(tc.doc))
			if err != nil || string(out) != tc.want {
				t.Fatalf("Apply = %q, %v; want %q", out, err, tc.want)
			}
			if back, err := qp.Patch.Inverse().Apply(out); err != nil || string(back) != tc.doc {
				t.Fatalf("undo = %q, %v; want %q", back, err, tc.doc)
			}
		})
	}
}

// TestPatchQuotesSkips: every fix is kept or skipped once, in input
// order, each skip with its reason.
func TestPatchQuotesSkips(t *testing.T) {
	doc := []byte("猫が鳴く。\n猫が眠る。\n犬が走る。\n")
	fixes := []QuoteFix{
		{Key: "ambiguous", Quote: "猫が", Fix: "ネコが"},
		{Key: "hinted", Quote: "猫が", Fix: "ネコが", Lines: finding.LineRange{Start: 2, End: 2}},
		{Key: "missing", Quote: "鳥が", Fix: "トリが"},
		{Key: "no-op", Quote: "犬が", Fix: "犬が"},
		{Key: "advice", Quote: "走る", Fix: ""},
		{Key: "dog", Quote: "犬が走る", Fix: "犬が歩く"},
	}
	qp, err := PatchQuotes(doc, fixes, QuoteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]error{"ambiguous": ErrAmbiguous, "missing": ErrQuoteNotFound, "no-op": ErrAdvisory, "advice": ErrAdvisory}
	var order []string
	for _, s := range qp.Skips {
		order = append(order, s.Key)
		if !errors.Is(s.Err, want[s.Key]) || !strings.Contains(s.Err.Error(), s.Key) {
			t.Errorf("skip %s: %v, want %v naming the key", s.Key, s.Err, want[s.Key])
		}
	}
	if got := strings.Join(order, ","); got != "ambiguous,missing,no-op,advice" {
		t.Errorf("skips in order %s", got)
	}
	if len(qp.Kept) != 2 || qp.Kept[0].Key != "hinted" || qp.Kept[1].Key != "dog" {
		t.Fatalf("kept %+v", qp.Kept)
	}
	if !strings.Contains(qp.Skips[0].Err.Error(), "in the document") {
		t.Errorf("a fix without lines is ambiguous in the whole document, not on hinted lines: %v", qp.Skips[0].Err)
	}
	out, _ := qp.Patch.Apply(doc)
	if string(out) != "猫が鳴く。\nネコが眠る。\n犬が歩く。\n" {
		t.Errorf("result %q", out)
	}
}

// TestPatchQuotesOverlap: with SkipOverlaps no fix of an overlapping
// group is kept; with FirstWins the first one is, and a later one that
// overlaps it is skipped; identical edits are one change with both keys.
func TestPatchQuotesOverlap(t *testing.T) {
	doc := []byte("The quick brown fox jumps.")
	fixes := []QuoteFix{
		{Key: "a", Quote: "quick brown", Fix: "slow brown"},
		{Key: "b", Quote: "brown fox", Fix: "red fox"},
		{Key: "c", Quote: "jumps", Fix: "leaps"},
		{Key: "d", Quote: "jumps.", Fix: "leaps."}, // overlaps c
		{Key: "e", Quote: "jumps", Fix: "leaps"},   // the same edit as c
	}
	skip, err := PatchQuotes(doc, fixes, QuoteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(skip.Kept) != 0 || len(skip.Skips) != 5 || len(skip.Conflicts) != 2 {
		t.Fatalf("SkipOverlaps: kept %+v, skips %+v, conflicts %+v", skip.Kept, skip.Skips, skip.Conflicts)
	}
	for _, s := range skip.Skips {
		if !errors.Is(s.Err, ErrConflict) {
			t.Errorf("skip %s: %v, want ErrConflict", s.Key, s.Err)
		}
	}
	first, err := PatchQuotes(doc, fixes, QuoteOptions{Overlap: FirstWins})
	if err != nil {
		t.Fatal(err)
	}
	var kept, skipped []string
	for _, a := range first.Kept {
		kept = append(kept, a.Key)
	}
	for _, s := range first.Skips {
		skipped = append(skipped, s.Key)
		if !errors.Is(s.Err, ErrConflict) {
			t.Errorf("skip %s: %v, want ErrConflict", s.Key, s.Err)
		}
	}
	if strings.Join(kept, ",") != "a,c,e" || strings.Join(skipped, ",") != "b,d" || first.Conflicts != nil {
		t.Fatalf("FirstWins kept %v, skipped %v", kept, skipped)
	}
	if n := len(first.Patch.Changes); n != 2 || strings.Join(first.Patch.Changes[1].Keys, ",") != "c,e" {
		t.Errorf("changes %+v: want c and e merged", first.Patch.Changes)
	}
	out, _ := first.Patch.Apply(doc)
	if string(out) != "The slow brown fox leaps." {
		t.Errorf("result %q", out)
	}
}

// TestPatchQuotesMax: the anchored fixes after the Max-th kept one are
// skipped with ErrLimit; fixes skipped for another reason do not count.
func TestPatchQuotesMax(t *testing.T) {
	doc := []byte("a b c d")
	fixes := []QuoteFix{{Key: "1", Quote: "x", Fix: "y"}, {Key: "2", Quote: "a", Fix: "A"}, {Key: "3", Quote: "b", Fix: "B"}, {Key: "4", Quote: "c", Fix: "C"}}
	qp, err := PatchQuotes(doc, fixes, QuoteOptions{Overlap: FirstWins, Max: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(qp.Kept) != 2 || len(qp.Skips) != 2 || !errors.Is(qp.Skips[0].Err, ErrQuoteNotFound) || !errors.Is(qp.Skips[1].Err, ErrLimit) {
		t.Fatalf("kept %+v, skips %+v", qp.Kept, qp.Skips)
	}
	if out, _ := qp.Patch.Apply(doc); string(out) != "A B c d" {
		t.Errorf("result %q", out)
	}
}

// TestPropertyPatchQuotes: for random documents and random quotes (most
// cut from the document, some not), applying the patch and then its
// inverse restores the document byte for byte; every kept edit's Old is
// the document's text at its place; every fix is kept or skipped exactly
// once; no two kept edits overlap; with FirstWins a fix skipped with
// ErrConflict overlaps one kept before it.
func TestPropertyPatchQuotes(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 4))
	for iter := range 1500 {
		doc := randText(rng, rng.IntN(30))
		var fixes []QuoteFix
		for k := range rng.IntN(8) {
			q := randText(rng, 1+rng.IntN(2))
			if runes := []rune(doc); len(runes) > 0 && rng.IntN(4) > 0 {
				s := rng.IntN(len(runes))
				q = string(runes[s:min(len(runes), s+1+rng.IntN(4))])
			}
			f := QuoteFix{Key: fmt.Sprint("k", k), Quote: q, Fix: randText(rng, rng.IntN(3))}
			if rng.IntN(3) == 0 {
				l := 1 + rng.IntN(3)
				f.Lines = finding.LineRange{Start: l, End: l}
			}
			fixes = append(fixes, f)
		}
		opt := QuoteOptions{Overlap: Overlap(rng.IntN(2)), Max: rng.IntN(3)}
		qp, err := PatchQuotes([]byte(doc), fixes, opt)
		if err != nil {
			t.Fatalf("iteration %d: %v", iter, err)
		}
		out, err := qp.Patch.Apply([]byte(doc))
		if err != nil {
			t.Fatalf("iteration %d: Apply: %v", iter, err)
		}
		if back, err := qp.Patch.Inverse().Apply(out); err != nil || string(back) != doc {
			t.Fatalf("iteration %d: undo gives %q, %v; want %q", iter, back, err, doc)
		}
		seen := map[string]int{}
		for i, a := range qp.Kept {
			seen[a.Key]++
			if doc[a.Edit.Start:a.Edit.End] != a.Edit.Old {
				t.Fatalf("iteration %d: %s's Old %q is not the text at [%d,%d) of %q", iter, a.Key, a.Edit.Old, a.Edit.Start, a.Edit.End, doc)
			}
			for _, b := range qp.Kept[:i] {
				if overlaps(a.Edit, b.Edit) {
					t.Fatalf("iteration %d: kept %+v and %+v overlap", iter, a, b)
				}
			}
		}
		if opt.Max > 0 && len(qp.Kept) > opt.Max {
			t.Fatalf("iteration %d: %d kept, Max %d", iter, len(qp.Kept), opt.Max)
		}
		for _, s := range qp.Skips {
			seen[s.Key]++
			if opt.Overlap == FirstWins && errors.Is(s.Err, ErrConflict) && !overlapsKept(fixes, qp, s.Key) {
				t.Fatalf("iteration %d: %s skipped as overlapping, but overlaps no fix kept before it: %v", iter, s.Key, s.Err)
			}
		}
		for _, f := range fixes {
			if seen[f.Key] != 1 {
				t.Fatalf("iteration %d: %s reported %d times", iter, f.Key, seen[f.Key])
			}
		}
	}
}

// overlapsKept reports whether fix key, anchored alone, overlaps a fix
// kept before it.
func overlapsKept(fixes []QuoteFix, qp QuotePatch, key string) bool {
	var i int
	for i = range fixes {
		if fixes[i].Key == key {
			break
		}
	}
	f := fixes[i]
	anchors, _ := Resolve([]byte(qp.Patch.base), []Proposal{{Key: key, Finding: finding.Finding{Quotes: []string{f.Quote}, Fix: f.Fix, LineRange: f.Lines}}}, Options{})
	for _, a := range qp.Kept {
		if a.Key < key { // kept before it: keys are k0 to k7
			if len(anchors) == 1 && overlaps(anchors[0].Edit, a.Edit) {
				return true
			}
		}
	}
	return false
}

// TestClashingAgreesWithOverlaps: clashing's search of the kept edits
// finds an overlap exactly when a scan of them all does.
func TestClashingAgreesWithOverlaps(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 24))
	for iter := range 3000 {
		var kept []Edit
		for range rng.IntN(10) {
			s := rng.IntN(30)
			e := Edit{Start: s, End: s + rng.IntN(4), New: []string{"", "x"}[rng.IntN(2)]}
			if clashing(kept, e) < 0 {
				at := 0
				for at < len(kept) && byPlace(kept[at], e) <= 0 {
					at++
				}
				kept = append(kept[:at], append([]Edit{e}, kept[at:]...)...)
			}
		}
		s := rng.IntN(32)
		e := Edit{Start: s, End: s + rng.IntN(4), New: []string{"", "x", "y"}[rng.IntN(3)]}
		want := false
		for _, k := range kept {
			want = want || overlaps(e, k)
		}
		if got := clashing(kept, e) >= 0; got != want {
			t.Fatalf("iteration %d: clashing(%+v, %+v) = %v, a scan says %v", iter, kept, e, got, want)
		}
	}
}

// BenchmarkPatchQuotes: many fixes with unique quotes in one long
// Japanese document, given in reverse order of place, under each rule.
func BenchmarkPatchQuotes(b *testing.B) {
	var doc strings.Builder
	var fixes []QuoteFix
	for i := range 2000 {
		q := fmt.Sprintf("第%d文は猫である。", i)
		doc.WriteString(q + "\r\n")
		fixes = append(fixes, QuoteFix{Key: fmt.Sprint("k", i), Quote: q, Fix: fmt.Sprintf("第%d文は犬である。", i)})
	}
	slices.Reverse(fixes)
	text := []byte(doc.String())
	for _, o := range []Overlap{SkipOverlaps, FirstWins} {
		b.Run(fmt.Sprint("overlap=", o), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				qp, err := PatchQuotes(text, fixes, QuoteOptions{Overlap: o})
				if err != nil || len(qp.Kept) != len(fixes) {
					b.Fatalf("%d kept, %v", len(qp.Kept), err)
				}
			}
		})
	}
}

// TestPatchAnchorsBadOld: an anchor whose Old is not the text at its
// place is NewPatch's error, and the overlaps are still reported.
func TestPatchAnchorsBadOld(t *testing.T) {
	doc := []byte("abcdef")
	anchors := []Anchor{
		{Key: "x", Edit: Edit{Start: 0, End: 2, Old: "zz", New: "AB"}},
		{Key: "y", Edit: Edit{Start: 3, End: 5, Old: "de", New: "D"}},
		{Key: "z", Edit: Edit{Start: 4, End: 6, Old: "ef", New: "F"}},
	}
	qp, err := PatchAnchors(doc, anchors, QuoteOptions{})
	if !errors.Is(err, ErrBadChange) || qp.Patch != nil || qp.Kept != nil {
		t.Fatalf("PatchAnchors: %+v, %v; want ErrBadChange and no patch", qp, err)
	}
	if len(qp.Conflicts) != 1 || len(qp.Skips) != 2 || !errors.Is(qp.Skips[0].Err, ErrConflict) {
		t.Errorf("conflicts %+v, skips %+v", qp.Conflicts, qp.Skips)
	}
}
