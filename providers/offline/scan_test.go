package offline

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/agent"
)

// visible returns the unmasked text of the document's blocks, one block a
// line, with masked runs shown as a single "_".
func visible(d *document) []string {
	var out []string
	for _, b := range d.blocks {
		var sb strings.Builder
		prev := false
		for _, c := range string(d.masked[b.start:b.end]) {
			if c == mask {
				if !prev {
					sb.WriteByte('_')
				}
				prev = true
				continue
			}
			prev = false
			sb.WriteRune(c)
		}
		out = append(out, strings.TrimSpace(sb.String()))
	}
	return out
}

func TestParseMasksWhatIsNotProse(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     []string
	}{
		{"front matter", "---\ntitle: x\n---\n\nBody text.\n", []string{"Body text."}},
		{"toml front matter", "+++\ntitle = 'x'\n+++\nBody.\n", []string{"Body."}},
		{"unclosed front matter is text", "---\nBody.\n", []string{"Body."}},
		{"fenced code", "Intro.\n\n```go\nx := 1\n```\n\nAfter.\n", []string{"Intro.", "After."}},
		{"tilde fence", "~~~\ncode\n~~~\nAfter.\n", []string{"After."}},
		{"longer closing fence", "````\n```\nstill code\n````\nAfter.\n", []string{"After."}},
		{"indented code", "Intro.\n\n    code here\n\nAfter.\n", []string{"Intro.", "After."}},
		{"inline code", "Run `go test` now.\n", []string{"Run _ now."}},
		{"double backticks", "Use ``a ` b`` here.\n", []string{"Use _ here."}},
		{"link", "See [the docs](https://go.dev) now.\n", []string{"See _the docs_ now."}},
		{"image", "![alt text](img.png) Caption.\n", []string{"_ Caption."}},
		{"bare url", "Visit https://go.dev/doc. Then go.\n", []string{"Visit _. Then go."}},
		{"html comment", "Keep <!-- hidden --> this.\n", []string{"Keep _ this."}},
		{"multi-line comment", "<!--\nhidden\n-->\nShown.\n", []string{"Shown."}},
		{"html block", "<div>\nHidden.\n</div>\n\nShown.\n", []string{"Shown."}},
		{"html block interrupts a paragraph", "Shown.\n<details>\nHidden.\n\nShown too.\n", []string{"Shown.", "Shown too."}},
		{"html pre block", "<pre>\nHidden.\n\nHidden too.\n</pre>\nShown.\n", []string{"Shown."}},
		{"inline html opens no block", "<kbd>Ctrl</kbd> を押します。\n", []string{"_Ctrl_ を押します。"}},
		{"lone tag", "<img src=\"a.png\">\nHidden.\n\nShown.\n", []string{"Shown."}},
		{"table without outer pipes", "Name | Note\n--- | ---\nfoo | bar\n\nShown.\n", []string{"Name _ Note", "--- _ ---", "foo _ bar", "Shown."}},
		{"math block", "Before.\n\n$$\nx = 1. y\n$$\n\nAfter.\n", []string{"Before.", "After."}},
		{"one-line math", "$$ x = 1. y $$\nAfter.\n", []string{"After."}},
		{"url with parentheses", "See https://example.com/foo_(bar) now.\n", []string{"See _ now."}},
		{"link with parentheses", "See [it](https://example.com/foo_(bar)) now.\n", []string{"See _it_ now."}},
		{"url in parentheses", "(see https://example.com/foo) now.\n", []string{"(see _) now."}},
		{"autolink", "<https://go.dev> is home.\n", []string{"_ is home."}},
		{"emphasis", "This is **bold** text.\n", []string{"This is _bold_ text."}},
		{"heading", "## Title\n", []string{"_ Title"}},
		{"list", "- one\n- two\n", []string{"_one", "_two"}},
		{"ordered list", "1. one\n2) two\n", []string{"_one", "_two"}},
		{"table", "| a | b |\n|---|---|\n| c | d |\n", []string{"_ a _ b _", "_---_---_", "_ c _ d _"}},
		{"blockquote", "> quoted\n", []string{"_quoted"}},
		{"footnote", "[^1]: A note.\n", []string{"_ A note."}},
		{"link definition", "[go]: https://go.dev\nText.\n", []string{"Text."}},
		{"japanese", "これは`コード`です。\n", []string{"これは_です。"}},
		{"CRLF", "One.\r\nTwo.\r\n\r\nThree.\r\n", []string{"One.\r\nTwo.", "Three."}},
		{"BOM", "\uFEFFBody.\n", []string{"_Body."}},
		{"no final newline", "Body.", []string{"Body."}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := parse([]byte(c.in))
			got := visible(d)
			if strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("blocks = %q, want %q", got, c.want)
			}
			if len(d.masked) != len(d.raw) {
				t.Errorf("masked copy has %d bytes, raw %d", len(d.masked), len(d.raw))
			}
		})
	}
}

func TestParseBlockKinds(t *testing.T) {
	in := "# H\n\nPara one\ncontinues.\n\n- item\n  more\n\n| t |\n\nFigure 1: a caption\n\n> quote\n\nIntro:\n"
	d := parse([]byte(in))
	want := []blockKind{heading, paragraph, listItem, tableRow, caption, quote, paragraph}
	if len(d.blocks) != len(want) {
		t.Fatalf("got %d blocks, want %d: %q", len(d.blocks), len(want), visible(d))
	}
	for i, k := range want {
		if d.blocks[i].kind != k {
			t.Errorf("block %d (%q) kind %d, want %d", i, visible(d)[i], d.blocks[i].kind, k)
		}
	}
	if !d.blocks[6].introColon {
		t.Error("paragraph ending in a colon not marked introColon")
	}
	if d.line(d.blocks[1].end-1) != 4 {
		t.Errorf("paragraph ends on line %d, want 4", d.line(d.blocks[1].end-1))
	}
}

func TestCaptions(t *testing.T) {
	for in, want := range map[string]blockKind{
		"Figure 1: The architecture\n": caption,
		"Table 2. Timings\n":           caption,
		"図1: システム構成\n":                 caption,
		"図 1　システム構成\n":                 caption,
		"表3\n":                         caption,
		"Table 2 shows the timings.\n": paragraph,
		"図1のとおり、構成は単純です。\n":            paragraph,
		"図1: 全体の構成を示します。\n":            paragraph,
	} {
		d := parse([]byte(in))
		if len(d.blocks) != 1 || d.blocks[0].kind != want {
			t.Errorf("%q: blocks %+v, want one of kind %d", in, d.blocks, want)
		}
	}
}

func TestSentences(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"One. Two! Three?\n", []string{"One.", "Two!", "Three?"}},
		{"Use e.g. this. And Dr. Who.\n", []string{"Use e.g. this.", "And Dr. Who."}},
		{"Go 1.22 is out. Yes.\n", []string{"Go 1.22 is out.", "Yes."}},
		{"He said \"stop.\" Then left.\n", []string{"He said \"stop.\"", "Then left."}},
		// a quoted passage that opens its sentence splits into its sentences; a quotation inside one holds them
		{"\"It was slow. We fixed it! Try it,\" said Ann.\n", []string{"\"It was slow.", "We fixed it!", "Try it,\" said Ann."}},
		{"She said \"It was slow. We fixed it\" and left.\n", []string{"She said \"It was slow. We fixed it\" and left."}},
		{"一文目。二文目！三文目？\n", []string{"一文目。", "二文目！", "三文目？"}},
		{"「引用です。」と言った。次。\n", []string{"「引用です。」と言った。", "次。"}},
		{"終わりのない文\n", []string{"終わりのない文"}},
		{"本当？！はい。\n", []string{"本当？！", "はい。"}},
		// a bracket still open where a line ends with a 。 was never closed
		{"設定（詳しくは後述を見ます。\n次の文です。\n", []string{"設定（詳しくは後述を見ます。", "次の文です。"}},
		{"「一文目。二文目。」と書く。\n", []string{"「一文目。二文目。」と書く。"}},
	} {
		d := parse([]byte(c.in))
		var got []string
		for s := range d.sentences() {
			got = append(got, s.text)
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("sentences(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestReaderProfile(t *testing.T) {
	for in, want := range map[string]profile{
		"":                        standardReader,
		"非エンジニア":                  noviceReader,
		"Web エンジニア":               expertReader,
		"Web engineers new to Go": noviceReader,
		"beginners":               noviceReader,
		"Go experts":              expertReader,
		"product managers":        standardReader,
		"一般的な Web エンジニア":          expertReader,
		"一般向け":                    noviceReader,
		"generalist developers":   expertReader,
		"general audience":        noviceReader,
		"studentship reviewers":   standardReader,
	} {
		if got := readerProfile(in); got != want {
			t.Errorf("readerProfile(%q) = %d, want %d", in, got, want)
		}
	}
	l := Config{Limits: Limits{SentenceLength: 50}}.limitsFor(expertReader)
	if l.SentenceLength != 50 || l.SentenceWords != 40 || l.MaxTen != 3 || l.MaxKanji != 5 {
		t.Errorf("explicit limit lost or profile ignored: %+v", l)
	}
}

func TestAnchorIsUniqueOnItsLine(t *testing.T) {
	d := parse([]byte("aa very x very y\n"))
	q, fix, _ := d.anchor(3, 8, "", nil) // delete the first "very "
	if strings.Count("aa very x very y", q) != 1 || strings.Replace("aa very x very y", q, fix, 1) != "aa x very y" {
		t.Errorf("anchor = %q -> %q", q, fix)
	}
	if q, _, _ := d.anchor(3, 20, "", nil); q != "" {
		t.Errorf("span across the line end anchored as %q", q)
	}
}

// FuzzParse checks that any input parses, that every sentence and finding
// stays inside the document on rune boundaries, and that the masked copy
// keeps the document's length.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"---\ntitle: x\n---\n# H\n\nText `code` [l](u) ![i](p).\n",
		"```\nunclosed fence\n",
		"これは文です。\r\nこれも。",
		"\uFEFF| a | b |\n|---|\n",
		"[^1]: note\n<!-- x\n",
		"[[[]]](((\n",
		"a\x1fb\xff\xfe.",
		"1) x\n- [ ] y\n> z",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		d := parse([]byte(in))
		if len(d.masked) != len(in) {
			t.Fatalf("masked length %d != %d", len(d.masked), len(in))
		}
		for s := range d.sentences() {
			if s.start < 0 || s.end > len(in) || s.start >= s.end {
				t.Fatalf("sentence span [%d,%d) out of range", s.start, s.end)
			}
			if utf8.ValidString(in) && !utf8.ValidString(s.text) {
				t.Fatalf("sentence %q is not valid UTF-8", s.text)
			}
		}
		for _, l := range d.links {
			if in[l.start:l.end] != l.target {
				t.Fatalf("link target %q not at [%d,%d)", l.target, l.start, l.end)
			}
		}
	})
}

// FuzzReview runs every reviewer on arbitrary text: no panics, and every
// finding quotes the document verbatim.
func FuzzReview(f *testing.F) {
	for _, name := range []string{"sample-ja.md", "sample-en.md"} {
		b, err := Sample(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b[:min(len(b), 600)]))
	}
	f.Add("It's worth noting that the the ﾃﾞｰﾀ\u200b見れる!")
	f.Add("\uFEFFまとめです。\r\n\r\nいかがでしたか？\r\n続きです。")
	f.Add("データををを👩\u200d💻見れる．設定を行います！\nIn conclusion, the the cache helps.")
	f.Add("# H\n\nLet's dive in.\n\n---\nA very old tool is a testament to it.")
	f.Fuzz(func(t *testing.T, in string) {
		if !utf8.ValidString(in) {
			return
		}
		for _, r := range editorial() {
			fs := reviewAll(t, []agent.Reviewer{r}, agentTarget(in))
			for _, fd := range fs {
				if !strings.Contains(in, fd.Quote()) {
					t.Fatalf("quote %q not in document", fd.Quote())
				}
			}
			checkFixesAnchor(t, []byte(in), fs)
		}
	})
}

// TestLongLine checks what keeps a review of a long single line linear: a
// fix there becomes advice, and quotes stay short and verbatim.
func TestLongLine(t *testing.T) {
	text := strings.Repeat("The cache keeps each response until it expires. ", 400) + "We delve into the code.\n"
	fs := ofRule(reviewAll(t, editorial(), agentTarget(text)), "en-stock-phrase")
	if len(fs) != 1 {
		t.Fatalf("got %d en-stock-phrase findings, want 1", len(fs))
	}
	if f := fs[0]; !f.Advisory() || !strings.Contains(text, f.Quote()) || utf8.RuneCountInString(f.Quote()) > maxQuote+16 {
		t.Errorf("finding on a long line: quote %q, fix %q; want short verbatim advice", f.Quote(), f.Fix)
	}
	d := parse([]byte(strings.Repeat("x", 3*longLine)))
	if q := d.adviceQuote(10, 3*longLine); utf8.RuneCountInString(q) > maxQuote+32 {
		t.Errorf("advice quote of a long span has %d runes", utf8.RuneCountInString(q))
	}
}
