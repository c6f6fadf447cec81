package export

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestLineHashes checks LineHashes against upload-sarif's own hash: the
// first cases are the test vectors of github/codeql-action's
// src/fingerprints.test.ts ("hash"), the rest were computed the way that
// test computes them (its hash function, run by Node.js over a file of
// the text): a BOM and Japanese text with CRLF, emoji (UTF-16 surrogate
// pairs), invalid UTF-8, and lines longer than the 100 characters hashed.
func TestLineHashes(t *testing.T) {
	greetings := []string{"e9496ae3ebfced30:1", "fb7c023a8b9ccb3f:1", "ce8ba1a563dcdaca:1", "e20e36e16fcb0cc8:1", "b3edc88f2938467e:1", "c8e28b0b4002a3a0:1", "c129715d7a2bc9a3:1"}
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"empty", "", []string{"c129715d7a2bc9a3:1"}},
		{"newlines", " a\nb\n  \t\tc\n d", []string{"271789c17abda88f:1", "54703d4cd895b18:1", "180aee12dab6264:1", "a23a3dc5e078b07b:1"}},
		{"no final newline", " hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End", []string{"8b7cf3e952e7aeb2:1", "b1ae1287ec4718d9:1", "bff680108adb0fcc:1", "c6805c5e1288b612:1", "b86d3392aea1be30:1", "e6ceba753e1a442:1"}},
		{"LF", " hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End\n", greetings},
		{"CR", " hello; \t\nworld!!!\r\r\r  \t\tGreetings\r End\r", greetings},
		{"CRLF", " hello; \t\r\nworld!!!\r\n\r\n\r\n  \t\tGreetings\r\n End\r\n", greetings},
		{"mixed", " hello; \t\nworld!!!\r\n\n\r  \t\tGreetings\r End\r\n", greetings},
		{"repeated", strings.Repeat("Lorem ipsum dolor sit amet.\n", 10), []string{
			"a7f2ff13bc495cf2:1", "a7f2ff13bc495cf2:2", "a7f2ff13bc495cf2:3", "a7f2ff13bc495cf2:4", "a7f2ff13bc495cf2:5", "a7f2ff13bc495cf2:6",
			"a7f2ff1481e87703:1", "a9cf91f7bbf1862b:1", "55ec222b86bcae53:1", "cc97dc7b1d7d8f7b:1", "c129715d7a2bc9a3:1"}},
		{"python", "x = 2\nx = 1\nprint(x)\nx = 3\nprint(x)\nx = 4\nprint(x)\n", []string{
			"e54938cc54b302f1:1", "bb609acbe9138d60:1", "1131fd5871777f34:1", "5c482a0f8b35ea28:1", "54517377da7028d2:1", "2c644846cb18d53e:1", "f1b89f20de0d133:1", "c129715d7a2bc9a3:1"}},
		// Computed with upload-sarif's hash.
		{"BOM Japanese CRLF emoji", "\ufeff# 猫\r\n吾輩は猫である。名前はまだ無い。\r\n\r\n🐈 どこで生れたかとんと見当がつかぬ。", []string{
			"4d43540900d804ee:1", "6dd6307859f9f2ef:1", "fe80ffb29039c64:1", "546a2946ee65080a:1"}},
		{"invalid UTF-8", "a\xe3\x81\n\xed\xa0\x80b\n\xf0\x9f\x98\n\xc0\xaf\xff\n\xe3\x81\x82", []string{
			"8c4476c036007010:1", "faa6944c13c966bc:1", "ee9d93ceb8a5881d:1", "79405623e04276aa:1", "47a400f01c20e821:1"}},
		{"long lines", strings.Repeat("x", 150) + "\n\t" + strings.Repeat("y ", 60) + "\r\r\n" + strings.Repeat("z\n", 3), []string{
			"52b56201ffb58620:1", "dad3fa3fb4e78b97:1", "e6b8c0348f5f45c5:1", "6093a192b9a4830f:1", "c644a4a37ecaea4b:1", "95de0951c928fa27:1", "c129715d7a2bc9a3:1"}},
	} {
		if got := LineHashes([]byte(tc.text)); !slices.Equal(got, tc.want) {
			t.Errorf("%s: LineHashes =\n%q\nwant\n%q", tc.name, got, tc.want)
		}
	}
}

// TestSARIFLineHash checks that every result with a region and a text
// carries the hash of its region's first line, and that one without a
// text (F008, and F001 without it) carries none: upload-sarif then
// computes it from the checkout.
func TestSARIFLineHash(t *testing.T) {
	rep := catReport()
	var log readLog
	if err := json.Unmarshal(sarifOf(t, rep), &log); err != nil {
		t.Fatal(err)
	}
	for i, res := range log.Runs[0].Results {
		reg := res.Locations[0].PhysicalLocation.Region
		want := ""
		if text := rep.Results[i].Text; text != nil {
			want = LineHashes(text)[reg.StartLine-1]
		}
		if got := res.PartialFingerprints[LineHashKey]; got != want {
			t.Errorf("result %d (line %d): %s %q, want %q", i, reg.StartLine, LineHashKey, got, want)
		}
	}
	rep.Results = rep.Results[:1]
	rep.Results[0].Text, rep.Results[0].Edit = nil, nil
	var bare readLog
	if err := json.Unmarshal(sarifOf(t, rep), &bare); err != nil {
		t.Fatal(err)
	}
	if h, ok := bare.Runs[0].Results[0].PartialFingerprints[LineHashKey]; ok {
		t.Errorf("a result without its text has %s %q", LineHashKey, h)
	}
}

// FuzzLineHashes checks that any text has one hash per line as
// upload-sarif counts lines (its test's split on CRLF, CR and LF), each
// in its form.
func FuzzLineHashes(f *testing.F) {
	f.Add(catText)
	f.Add("a\r\r\n\n\xe3\x81")
	f.Add(strings.Repeat("x \t", 70) + "\n")
	form := regexp.MustCompile(`^[0-9a-f]{1,16}:[1-9][0-9]*$`)
	f.Fuzz(func(t *testing.T, text string) {
		got := LineHashes([]byte(text))
		if want := len(regexp.MustCompile(`\r\n|\r|\n`).Split(text, -1)); len(got) != want {
			t.Fatalf("%d hashes for %d lines", len(got), want)
		}
		for i, h := range got {
			if !form.MatchString(h) {
				t.Fatalf("line %d: hash %q", i+1, h)
			}
		}
	})
}

// BenchmarkLineHashes hashes the lines of the 1 MB Japanese CRLF
// document of BenchmarkWrite.
func BenchmarkLineHashes(b *testing.B) {
	text := benchReport().Results[0].Text
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		LineHashes(text)
	}
}
