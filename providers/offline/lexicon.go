package offline

import (
	"bufio"
	"cmp"
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// data holds the rule lists; data/phrases-en.tsv documents the format.
//
//go:embed data
var data embed.FS

// phrase is one entry of a phrase list.
type phrase struct {
	rule     string
	text     string // lower case for English
	fix      string
	del      bool // fix is a deletion
	advice   bool // no fix
	sev      finding.Severity
	conf     int
	issue    string
	start    bool // only at the start of a sentence
	aside    bool // only set off by commas (see setOff)
	adj      bool // delete only before a plain word
	noun     bool // fix only after a noun
	sahen    bool // report only after a サ変接続 noun, fix only after one in kanji
	plural   bool // fix only before a plural noun
	det      bool // fix only before a determiner
	verb     bool // fix only before a plain word that is not a determiner or a number
	ja       bool
	location string // file:line, for error messages
}

// lexicon is the parsed rule data shared by the reviewers of one Editorial.
type lexicon struct {
	phrases  []phrase // longest first
	acronyms map[string]bool
	jargon   []jargonTerm
	names    map[string]string // data/names-en.txt: lower case → the name as its owners write it
}

// jargonTerm is one entry of data/jargon.tsv.
type jargonTerm struct {
	term     string   // lower case for English
	subjects []string // the subjects it belongs to; none: general computing
}

// loadLexicon parses the rule data in fsys (the embedded data in
// production).
func loadLexicon(fsys fs.FS) (*lexicon, error) {
	lx := &lexicon{acronyms: map[string]bool{}, names: map[string]string{}}
	for _, name := range []string{"data/phrases-en.tsv", "data/phrases-ja.tsv"} {
		if err := lx.readPhrases(fsys, name); err != nil {
			return nil, err
		}
	}
	slices.SortStableFunc(lx.phrases, func(a, b phrase) int { return cmp.Compare(len(b.text), len(a.text)) })
	err := eachLine(fsys, "data/acronyms.txt", func(_ int, line string) error {
		for _, w := range strings.Fields(line) {
			lx.acronyms[w] = true
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = eachLine(fsys, "data/names-en.txt", func(_ int, line string) error {
		name := strings.TrimSpace(line)
		if !asciiLetters(name) || strings.ToLower(name) == name {
			return fmt.Errorf("name %q: want ASCII letters with a capital", name)
		}
		lx.names[strings.ToLower(name)] = name
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = eachLine(fsys, "data/jargon.tsv", func(_ int, line string) error {
		term, subj, _ := strings.Cut(line, "\t")
		j := jargonTerm{term: strings.TrimSpace(term)}
		for _, w := range strings.Split(subj, ",") {
			if w = strings.ToLower(strings.TrimSpace(w)); w != "" {
				j.subjects = append(j.subjects, w)
			}
		}
		lx.jargon = append(lx.jargon, j)
		return nil
	})
	return lx, err
}

// eachLine calls fn for each line of a data file that is neither blank
// nor a "#" comment.
func eachLine(fsys fs.FS, name string, fn func(n int, line string) error) error {
	f, err := fsys.Open(name)
	if err != nil {
		return fmt.Errorf("offline: rule data: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if err := fn(n, line); err != nil {
			return fmt.Errorf("offline: rule data %s:%d: %w", name, n, err)
		}
	}
	return sc.Err()
}

func (lx *lexicon) readPhrases(fsys fs.FS, name string) error {
	ja := strings.HasSuffix(name, "-ja.tsv")
	return eachLine(fsys, name, func(n int, line string) error {
		col := strings.Split(line, "\t")
		if len(col) < 6 {
			return fmt.Errorf("want 6 or 7 tab-separated columns, got %d", len(col))
		}
		info, ok := ruleByID(col[0])
		if !ok {
			return fmt.Errorf("unknown rule %q", col[0])
		}
		sev, err := finding.ParseSeverity(col[3])
		if err != nil {
			return err
		}
		conf, err := strconv.Atoi(col[4])
		if err != nil || conf < 0 || conf > 100 {
			return fmt.Errorf("confidence %q is not an integer 0-100", col[4])
		}
		p := phrase{rule: info.ID, text: col[1], fix: col[2], sev: sev, conf: conf, issue: col[5], ja: ja,
			location: fmt.Sprintf("%s:%d", name, n)}
		if p.text == "" {
			return fmt.Errorf("empty phrase")
		}
		if !ja {
			p.text = strings.ToLower(p.text)
		}
		switch p.fix {
		case "-":
			p.fix, p.del = "", true
		case "?", "":
			p.fix, p.advice = "", true
		}
		if len(col) > 6 {
			for _, fl := range strings.Split(col[6], ",") {
				switch strings.TrimSpace(fl) {
				case "start":
					p.start = true
				case "aside":
					p.aside = true
				case "adj":
					p.adj = true
				case "noun":
					p.noun = true
				case "sahen":
					p.sahen = true
				case "plural":
					p.plural = true
				case "det":
					p.det = true
				case "verb":
					p.verb = true
				case "":
				default:
					return fmt.Errorf("unknown flag %q", fl)
				}
			}
		}
		lx.phrases = append(lx.phrases, p)
		if !ja && strings.Contains(p.text, "'") {
			q := p
			q.text = strings.ReplaceAll(p.text, "'", "’")
			lx.phrases = append(lx.phrases, q)
		}
		return nil
	})
}
