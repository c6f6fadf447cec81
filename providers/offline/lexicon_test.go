package offline

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// withPhrases returns the embedded data with phrases-en.tsv replaced.
func withPhrases(t testing.TB, en string) fs.FS {
	t.Helper()
	m := fstest.MapFS{"data/phrases-en.tsv": {Data: []byte(en)}}
	for _, name := range []string{"data/phrases-ja.tsv", "data/acronyms.txt", "data/jargon.tsv", "data/names-en.txt"} {
		b, err := fs.ReadFile(data, name)
		if err != nil {
			t.Fatal(err)
		}
		m[name] = &fstest.MapFile{Data: b}
	}
	return m
}

func TestLexiconErrors(t *testing.T) {
	const head = "# comment\n\n"
	for _, c := range []struct{ line, want string }{
		{"en-weasel\tvery\t-\tlow\t70", "want 6 or 7 tab-separated columns"},
		{"no-rule\tvery\t-\tlow\t70\tissue", `unknown rule "no-rule"`},
		{"en-weasel\tvery\t-\tsevere\t70\tissue", `unknown severity "severe"`},
		{"en-weasel\tvery\t-\tlow\t170\tissue", `confidence "170"`},
		{"en-weasel\tvery\t-\tlow\t70\tissue\tloud", `unknown flag "loud"`},
		{"en-weasel\t\t-\tlow\t70\tissue", "empty phrase"},
	} {
		_, err := loadLexicon(withPhrases(t, head+c.line+"\n"))
		if err == nil || !strings.Contains(err.Error(), "data/phrases-en.tsv:3") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: err = %v, want it to name data/phrases-en.tsv:3 and %q", c.line, err, c.want)
		}
	}
	lx, err := loadLexicon(withPhrases(t, head+"en-weasel\tIt's Very\t-\tlow\t70\tissue\tstart,adj\n"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range lx.phrases {
		if !p.ja {
			got = append(got, p.text)
		}
	}
	slices.Sort(got)
	if strings.Join(got, "|") != "it's very|it’s very" {
		t.Errorf("phrases = %q, want lower case with a curly-apostrophe variant", got)
	}
}

// FuzzLexicon feeds arbitrary phrase files to the parser: it must return
// a lexicon or an error, never panic.
func FuzzLexicon(f *testing.F) {
	b, err := fs.ReadFile(data, "data/phrases-en.tsv")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(b))
	f.Add("en-weasel\tvery\t-\tlow\t70\tissue\tadj\n")
	f.Add("\t\t\t\t\t\n")
	f.Fuzz(func(t *testing.T, en string) {
		m := withPhrases(t, en)
		if lx, err := loadLexicon(m); err == nil && lx == nil {
			t.Fatal("nil lexicon without an error")
		}
	})
}
