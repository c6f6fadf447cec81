package ipafeat

import (
	"errors"
	"testing"

	"github.com/ikawaha/kagome-dict/ipa"
	"github.com/ikawaha/kagome/v2/tokenizer"
)

// TestTableMatchesTheDictionary checks every word against the full IPA
// dictionary: regenerate the table (go run gen.go) when it fails after a
// dictionary upgrade.
func TestTableMatchesTheDictionary(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the full dictionary")
	}
	tb, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	d := ipa.Dict()
	if tb.Len() != len(d.Contents) {
		t.Fatalf("table has %d words, dictionary %d", tb.Len(), len(d.Contents))
	}
	for id, c := range d.Contents {
		ct, cf, base, reading, ok := tb.Features(id)
		if !ok || ct != c[0] || cf != c[1] || base != c[2] || reading != c[3] {
			t.Fatalf("word %d: %q %q %q %q %v, want %q", id, ct, cf, base, reading, ok, c[:4])
		}
		pos, ok := tb.POS(id)
		var want [posLen]string
		for i, p := range d.POSTable.POSs[id] {
			want[i] = d.POSTable.NameList[p]
		}
		if !ok || len(d.POSTable.POSs[id]) != posLen || pos != want {
			t.Fatalf("word %d: part of speech %q %v, want %q", id, pos, ok, want)
		}
	}
	if _, _, _, _, ok := tb.Features(tb.Len()); ok {
		t.Error("an id out of range is found")
	}
	if _, ok := tb.POS(-1); ok {
		t.Error("a negative id is found")
	}
}

func TestCorruptTables(t *testing.T) {
	for _, raw := range []string{
		"", "IPAF3\n", "IPAF2\n\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
		"IPAF3\n\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", // one word, no record
		"IPAF3\n\x00\x00\x00\x00\x01\x01",                     // a tuple cut short
		image[:len(image)-1],
	} {
		if _, err := parse(raw); !errors.Is(err, ErrCorrupt) {
			t.Errorf("parse(%q) = %v, want ErrCorrupt", raw, err)
		}
	}
}

// TestTokensReadTheSameFeatures tokenizes with the full dictionary and
// checks that the table gives each known token the features the
// dictionary does.
func TestTokensReadTheSameFeatures(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the full dictionary")
	}
	tb, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	tk, err := tokenizer.New(ipa.Dict(), tokenizer.OmitBosEos())
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, k := range tk.Tokenize("見れる景色を来れる人に見せたかったのですが、行けませんでした。設定を行うことができる。") {
		if k.Class != tokenizer.KNOWN {
			continue
		}
		n++
		ct, cf, base, reading, ok := tb.Features(k.ID)
		pos, _ := tb.POS(k.ID)
		if want := k.POS(); pos != [posLen]string(want) {
			t.Errorf("%s: part of speech %q, want %q", k.Surface, pos, want)
		}
		w4, _ := k.FeatureAt(4)
		w5, _ := k.FeatureAt(5)
		w6, _ := k.FeatureAt(6)
		w7, _ := k.FeatureAt(7)
		if !ok || ct != w4 || cf != w5 || base != w6 || reading != w7 {
			t.Errorf("%s: %q %q %q %q, want %q %q %q %q", k.Surface, ct, cf, base, reading, w4, w5, w6, w7)
		}
	}
	if n < 10 {
		t.Errorf("only %d known tokens", n)
	}
}
