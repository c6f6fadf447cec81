package finding

import (
	"strings"
	"testing"
)

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"abc", "abc"},
		{"「ＡＢＣ　 def」\r\n", "abc def"}, // the doc comment's example
		{"  Hello,   World!  ", "hello, world"},
		{"a\r\nb", "a b"},
		{"a\nb", "a b"},
		{"a\t \u3000b", "a b"},
		{"ＡＢＣ１２３", "abc123"},
		{"ｶﾀｶﾅ", "カタカナ"},
		{"「いかがでしたか？」", "いかがでしたか"},
		{"『引用』。", "引用"},
		{"\u201cquoted\u201d", "quoted"},
		{"`code`", "code"},
		{"STRASSE Straße", "strasse strasse"},
		{"", ""},
		{" \r\n\u3000", ""},
		{"e\u0301", "é"}, // NFKC composes
	}
	for _, tt := range tests {
		if got := Normalize(tt.in); got != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFingerprint(t *testing.T) {
	base := Finding{
		ID: "F001", Category: "ai-slop", LineRange: LineRange{3, 4},
		Issue: "Stock closing phrase", Fix: "マトメルト、\n次の三点です。",
		Confidence: 80, Severity: Low, Quotes: []string{"いかがでしたか？\n以上です。"},
	}
	same := []struct {
		name string
		edit func(*Finding)
	}{
		{"other issue text", func(f *Finding) { f.Issue = "Cliché ending that adds nothing" }},
		{"other id, lines, severity, confidence", func(f *Finding) {
			f.ID, f.LineRange, f.Severity, f.Confidence = "F9", LineRange{30, 31}, High, 20
		}},
		{"CRLF", func(f *Finding) {
			f.Quotes = []string{"いかがでしたか？\r\n以上です。"}
			f.Fix = "マトメルト、\r\n次の三点です。"
		}},
		{"full-width punctuation and space", func(f *Finding) {
			f.Quotes = []string{"いかがでしたか?\u3000以上です"}
		}},
		{"half-width katakana", func(f *Finding) { f.Fix = "ﾏﾄﾒﾙﾄ、\n次の三点です。" }},
		{"quoted quote", func(f *Finding) { f.Quotes = []string{"「いかがでしたか？\n以上です。」"} }},
		{"category case", func(f *Finding) { f.Category = "AI-Slop" }},
		{"more quotes", func(f *Finding) { f.Quotes = append(f.Quotes, "other context") }},
	}
	want, wantKey := Fingerprint(base), QuoteKey(base)
	if len(want) != 32 || strings.Trim(want, "0123456789abcdef") != "" {
		t.Fatalf("Fingerprint = %q, want 32 hex digits", want)
	}
	for _, tt := range same {
		f := base
		f.Quotes = append([]string(nil), base.Quotes...)
		tt.edit(&f)
		if got := Fingerprint(f); got != want {
			t.Errorf("%s: Fingerprint = %s, want %s", tt.name, got, want)
		}
		if got := QuoteKey(f); got != wantKey {
			t.Errorf("%s: QuoteKey = %s, want %s", tt.name, got, wantKey)
		}
	}

	differ := []struct {
		name    string
		edit    func(*Finding)
		keySame bool // QuoteKey still matches
	}{
		{"other quote", func(f *Finding) { f.Quotes = []string{"いかがでしたか？"} }, false},
		{"other category", func(f *Finding) { f.Category = "narrative" }, false},
		{"reworded fix", func(f *Finding) { f.Fix = "要点は三つです。" }, true},
		{"advice only", func(f *Finding) { f.Fix = "" }, true},
	}
	for _, tt := range differ {
		f := base
		tt.edit(&f)
		if got := Fingerprint(f); got == want {
			t.Errorf("%s: Fingerprint unchanged", tt.name)
		}
		if got := QuoteKey(f) == wantKey; got != tt.keySame {
			t.Errorf("%s: QuoteKey equal = %v, want %v", tt.name, got, tt.keySame)
		}
	}
}

func TestFingerprintNoQuote(t *testing.T) {
	a := Finding{Category: "narrative", Issue: "The ending is rushed."}
	b := Finding{Category: "narrative", Issue: "The middle drags."}
	if Fingerprint(a) == Fingerprint(b) {
		t.Error("unquoted findings with different issues share a fingerprint")
	}
	if Fingerprint(a) != Fingerprint(Finding{Category: "narrative", Issue: " the ending is rushed ", Quotes: []string{}}) {
		t.Error("unquoted findings with the same normalised issue differ")
	}
	if QuoteKey(a) != "" || QuoteKey(Finding{Quotes: []string{" \r\n"}}) != "" {
		t.Error("QuoteKey of an unquoted finding is not empty")
	}
}

// TestFingerprintStable pins the hash so that a change to the
// normalisation or the encoding, which would orphan fingerprints stored in
// journals, cannot go unnoticed. The values were computed independently of
// this package from the documented construction.
func TestFingerprintStable(t *testing.T) {
	f := Finding{Category: "ai-slop", Quotes: []string{"In today's fast-paced world,"}, Fix: "Today"}
	if got, want := Fingerprint(f), "58c2212bca63da6b14bb818789e05781"; got != want {
		t.Errorf("Fingerprint = %s, want %s", got, want)
	}
	if got, want := QuoteKey(f), "9b5c8fefdd2d2c9b4bbbd2fb55a0e398"; got != want {
		t.Errorf("QuoteKey = %s, want %s", got, want)
	}
	if Fingerprint(f) == QuoteKey(Finding{Category: "ai-slop", Quotes: f.Quotes}) {
		t.Error("a Fingerprint equals a QuoteKey")
	}
}

// FuzzNormalize checks that Normalize never panics, is idempotent, and
// leaves no white space run, CR or surrounding space behind.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"", "ＡＢＣ　def", "「引用」\r\n", "a\u0345", "ﬀ ẞ", "\xff\xfe", "`x`", "e\u0301\u0301", "ǅ", "İ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := Normalize(s)
		if again := Normalize(n); again != n {
			t.Fatalf("Normalize(%q) = %q, but Normalize of that = %q", s, n, again)
		}
		if strings.Contains(n, "  ") || strings.ContainsAny(n, "\r\n\t\u3000") || strings.TrimSpace(n) != n {
			t.Fatalf("Normalize(%q) = %q keeps white space", s, n)
		}
	})
}

// TestFingerprintQuoteOrIssue checks that the fingerprint says which field
// it hashed: a finding without a quote never collides with one quoting
// its issue text, and a white-space quote counts as no quote.
func TestFingerprintQuoteOrIssue(t *testing.T) {
	byIssue := Finding{Category: "style", Issue: "very unique", Fix: "unique"}
	byQuote := Finding{Category: "style", Issue: "Intensifier on an absolute", Quotes: []string{"very unique"}, Fix: "unique"}
	if Fingerprint(byIssue) == Fingerprint(byQuote) {
		t.Error("a quote-less finding shares a fingerprint with one quoting its issue")
	}
	blank := byIssue
	blank.Quotes = []string{" \r\n"}
	if Fingerprint(blank) != Fingerprint(byIssue) {
		t.Error("a white-space quote is not treated as no quote")
	}
	other := blank
	other.Issue = "something else"
	if Fingerprint(blank) == Fingerprint(other) {
		t.Error("findings with white-space quotes and different issues share a fingerprint")
	}
}
