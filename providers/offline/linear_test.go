package offline

import (
	"strings"
	"testing"
)

// TestStrayBracketDoesNotHoldALongLine: one （ never closed at the start
// of a long one-line document holds the sentence together for at most
// maxHold bytes; the rest splits at its periods (before, the whole line
// was one sentence, tokenized at once).
func TestStrayBracketDoesNotHoldALongLine(t *testing.T) {
	line := "（注" + strings.Repeat("これは短い文です。", 20000) + "\n"
	longest, n := 0, 0
	for s := range parse([]byte(line)).sentences() {
		longest, n = max(longest, s.end-s.start), n+1
	}
	if longest > maxHold+64 || n < 19000 {
		t.Errorf("%d sentences, the longest %d bytes; want about 20000 of at most %d", n, longest, maxHold)
	}
	pairs := 0
	for range pairSentences(line) {
		pairs++
	}
	if pairs < 19000 {
		t.Errorf("no-unmatched-pair reads %d sentences, want about 20000", pairs)
	}
}

// TestTokensOfALongSentence: a sentence longer than tokenChunk is
// tokenized in pieces whose tokens keep their offsets in the sentence
// and cover it whole.
func TestTokensOfALongSentence(t *testing.T) {
	tok, err := editorial()[2].(*Reviewer).shared.ja.tokenizer()
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Repeat("データを読み、値を書き", 1000) + "ます"
	ts := tokens(tok, s, nil)
	at := 0
	for _, k := range ts {
		if k.off != at || s[k.off:k.off+len(k.surface)] != k.surface {
			t.Fatalf("token %q at %d, want it at %d", k.surface, k.off, at)
		}
		at += len(k.surface)
	}
	if at != len(s) || len(s) <= tokenChunk {
		t.Errorf("tokens cover %d of %d bytes", at, len(s))
	}
}
