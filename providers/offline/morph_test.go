package offline

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ikawaha/kagome-dict/ipa"
	"github.com/ikawaha/kagome/v2/tokenizer"
)

// japaneseTexts returns the Japanese documents of testdata (the history
// corpus, both parts, and the real documents) and the bundled samples.
func japaneseTexts(t *testing.T) map[string]string {
	t.Helper()
	texts := map[string]string{}
	for _, root := range []string{"testdata/corpus", "testdata/realdocs"} {
		err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() || !strings.HasSuffix(path, ".md") {
				return err
			}
			b, err := os.ReadFile(path)
			if err == nil && strings.ContainsAny(string(b), "のはをにがで") {
				texts[path] = string(b)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"sample-ja.md", "clean-ja.md"} {
		b, err := Sample(name)
		if err != nil {
			t.Fatal(err)
		}
		texts[name] = string(b)
	}
	return texts
}

// TestImageTokensEqualTheModules tokenizes the Japanese documents of
// testdata line by line with the module's full dictionary and with the
// one loadIPA builds (the in-place image and the feature table) and
// compares every token: surface, position, class, word id, the four
// levels of its part of speech, and the features the rules read.
func TestImageTokensEqualTheModules(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the module's full dictionary")
	}
	ours, err := loadIPA()
	if err != nil {
		t.Fatal(err)
	}
	if ours.feat == nil {
		t.Fatal("loadIPA fell back to the module's dictionary")
	}
	stockTok, err := tokenizer.New(ipa.Dict(), tokenizer.OmitBosEos())
	if err != nil {
		t.Fatal(err)
	}
	stock := &tagger{tok: stockTok}
	texts := japaneseTexts(t)
	if len(texts) < 20 {
		t.Fatalf("only %d Japanese documents", len(texts))
	}
	var lines, compared, known int
	var a, b []token
	for name, text := range texts {
		for line := range strings.Lines(text) {
			line = strings.TrimRight(line, "\r\n")
			if line == "" {
				continue
			}
			lines++
			ka, kb := ours.tok.Tokenize(line), stock.tok.Tokenize(line)
			if len(ka) != len(kb) {
				t.Fatalf("%s: %q: %d tokens, the module's dictionary %d", name, line, len(ka), len(kb))
			}
			for i := range ka {
				x, y := ka[i], kb[i]
				if x.Surface != y.Surface || x.Position != y.Position || x.Start != y.Start || x.End != y.End || x.Class != y.Class || x.ID != y.ID {
					t.Fatalf("%s: %q: token %d is %v, the module's %v", name, line, i, x, y)
				}
				if x.Class == tokenizer.KNOWN {
					known++
					if pos, _ := ours.feat.POS(x.ID); pos != [4]string(y.POS()) {
						t.Fatalf("%s: %q: %q is %q, the module says %q", name, line, x.Surface, pos, y.POS())
					}
				}
			}
			a, b = tokens(ours, line, a), tokens(stock, line, b)
			for i := range a {
				if a[i] != b[i] {
					t.Fatalf("%s: %q: token %d is %+v, the module's %+v", name, line, i, a[i], b[i])
				}
				compared++
			}
		}
	}
	t.Logf("%d documents, %d lines, %d tokens (%d known words) equal", len(texts), lines, compared, known)
}
