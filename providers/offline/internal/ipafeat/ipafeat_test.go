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
	}
	if _, _, _, _, ok := tb.Features(tb.Len()); ok {
		t.Error("an id out of range is found")
	}
}

func TestCorruptTables(t *testing.T) {
	for _, raw := range []string{"", "IPAF2\n", "IPAF2\n\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00", "XXXXX\n\x00\x00\x00\x00"} {
		if _, err := parse([]byte(raw)); !errors.Is(err, ErrCorrupt) {
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
