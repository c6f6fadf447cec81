package offline

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// corpusDir holds the history-labelled corpus: the base versions of
// public documentation pages (tune/ and measure/, one folder per
// repository, written by internal/corpus), each repository's labels.json
// (the lines its authors later corrected, with the correction),
// split.txt (which repository is in which part) and, in measure/,
// verdicts.json (a reader's verdict on a seeded sample of each rule's
// findings).
const corpusDir = "testdata/corpus"

// corpusSample is how many findings of each rule, chosen by a seeded hash
// of their key, the reader labels in measure/verdicts.json.
const corpusSample = 8

// corpusRepo is one line of split.txt.
type corpusRepo struct {
	part, repo, lang string
}

func (r corpusRepo) slug() string { return strings.ReplaceAll(r.repo, "/", "-") }

// loadSplit reads split.txt and checks that every folder of a part is a
// repository the split puts there, and that no repository is in both.
func loadSplit(t *testing.T) []corpusRepo {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpusDir, "split.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var rs []corpusRepo
	seen := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 || (f[0] != "tune" && f[0] != "measure") || (f[2] != "en" && f[2] != "ja") {
			t.Fatalf("split.txt:%d: want \"tune|measure owner/name en|ja\", got %q", n, line)
		}
		if p, ok := seen[f[1]]; ok {
			t.Fatalf("split.txt:%d: %s is listed twice (%s and %s)", n, f[1], p, f[0])
		}
		seen[f[1]] = f[0]
		rs = append(rs, corpusRepo{part: f[0], repo: f[1], lang: f[2]})
	}
	for _, part := range []string{"tune", "measure"} {
		ents, err := os.ReadDir(filepath.Join(corpusDir, part))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			if !e.IsDir() {
				continue
			}
			ok := false
			for _, r := range rs {
				ok = ok || (r.part == part && r.slug() == e.Name())
			}
			if !ok {
				t.Errorf("%s/%s/%s: no line of split.txt puts this repository in %s", corpusDir, part, e.Name(), part)
			}
		}
	}
	return rs
}

// corpusLabel is one entry of a repository's labels.json.
type corpusLabel struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Before string `json:"before"`
	After  string `json:"after"`
	Commit string `json:"commit"`
}

// corpusDoc is one document of the corpus.
type corpusDoc struct {
	file    string // repository folder and file name, "helm-helm-www/x.md"
	lang    string
	text    []byte
	changed map[int]bool // the lines its authors later corrected
}

// loadCorpus returns the documents of one part and checks that every label
// quotes its line.
func loadCorpus(t *testing.T, part string) []corpusDoc {
	t.Helper()
	var docs []corpusDoc
	for _, r := range loadSplit(t) {
		if r.part != part {
			continue
		}
		dir := filepath.Join(corpusDir, part, r.slug())
		b, err := os.ReadFile(filepath.Join(dir, "labels.json"))
		if err != nil {
			t.Fatal(err)
		}
		var ls []corpusLabel
		if err := json.Unmarshal(b, &ls); err != nil {
			t.Fatalf("%s/labels.json: %v", dir, err)
		}
		byFile := map[string]map[int]bool{}
		for _, l := range ls {
			if byFile[l.File] == nil {
				byFile[l.File] = map[int]bool{}
			}
			byFile[l.File][l.Line] = true
		}
		names, err := filepath.Glob(filepath.Join(dir, "*.md"))
		if err != nil || len(names) == 0 {
			t.Fatalf("no documents in %s: %v", dir, err)
		}
		for _, name := range names {
			text, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			d := corpusDoc{file: r.slug() + "/" + filepath.Base(name), lang: r.lang, text: text, changed: byFile[r.slug()+"/"+filepath.Base(name)]}
			lines := strings.Split(string(text), "\n")
			for _, l := range ls {
				if l.File == d.file && (l.Line > len(lines) || lines[l.Line-1] != l.Before) {
					t.Errorf("%s/labels.json: %s:%d is not %q", dir, l.File, l.Line, l.Before)
				}
			}
			docs = append(docs, d)
		}
	}
	if len(docs) == 0 {
		t.Fatalf("no documents in the %s part", part)
	}
	return docs
}

// corpusFinding is one finding on a document of the corpus.
type corpusFinding struct {
	doc     *corpusDoc
	rule    string
	f       finding.Finding
	changed bool // it lies on a line the authors later corrected
}

func (c corpusFinding) label() realLabel {
	return realLabel{File: c.doc.file, Line: c.f.LineRange.Start, Rule: c.rule, Quote: c.f.Quote()}
}

// reviewCorpus runs rs over docs and returns the findings and the prose
// size per language.
func reviewCorpus(t *testing.T, rs []agent.Reviewer, docs []corpusDoc) (fs []corpusFinding, words, chars map[string]int) {
	t.Helper()
	words, chars = map[string]int{}, map[string]int{}
	for i := range docs {
		d := &docs[i]
		w, c := proseSize(d.text)
		words[d.lang] += w
		chars[d.lang] += c
		for _, f := range reviewAll(t, rs, agent.Target{Path: d.file, Text: d.text}) {
			checkFinding(t, d.text, f)
			ch := false
			for l := f.LineRange.Start; l <= f.LineRange.End; l++ {
				ch = ch || d.changed[l]
			}
			fs = append(fs, corpusFinding{doc: d, rule: ruleOf(f.Issue), f: f, changed: ch})
		}
	}
	return fs, words, chars
}

// sampleKey orders the findings of a rule for the hand-read sample: a
// seeded hash of the finding's key, so that the sample is spread over the
// documents and stays put while other findings come and go.
func sampleKey(l realLabel) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "kaigi-corpus-1\x00%s", l.key())
	return h.Sum64()
}

// sampled returns the findings of the hand-read sample: per rule, the
// corpusSample findings with the smallest sampleKey.
func sampled(fs []corpusFinding) []corpusFinding {
	byRule := map[string][]corpusFinding{}
	for _, f := range fs {
		byRule[f.rule] = append(byRule[f.rule], f)
	}
	var out []corpusFinding
	for _, rfs := range byRule {
		sort.Slice(rfs, func(i, j int) bool { return sampleKey(rfs[i].label()) < sampleKey(rfs[j].label()) })
		out = append(out, rfs[:min(len(rfs), corpusSample)]...)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].rule != out[j].rule {
			return out[i].rule < out[j].rule
		}
		return sampleKey(out[i].label()) < sampleKey(out[j].label())
	})
	return out
}

// loadVerdicts reads measure/verdicts.json, keyed as labels.json of the
// tuned set is.
func loadVerdicts(t *testing.T) map[string]realLabel {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpusDir, "measure", "verdicts.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ls []realLabel
	if err := json.Unmarshal(b, &ls); err != nil {
		t.Fatalf("measure/verdicts.json: %v", err)
	}
	m := make(map[string]realLabel, len(ls))
	for i, l := range ls {
		switch {
		case l.Verdict != "true" && l.Verdict != "false":
			t.Errorf("measure/verdicts.json entry %d: verdict %q is not true or false", i, l.Verdict)
		case l.Verdict == "false" && l.Why == "":
			t.Errorf("measure/verdicts.json entry %d: a false verdict needs a why: %+v", i, l)
		case m[l.key()].Verdict != "":
			t.Errorf("measure/verdicts.json entry %d: labelled twice: %+v", i, l)
		}
		m[l.key()] = l
	}
	return m
}

// unlabelled formats the findings that have no verdict, each with its
// lines and their neighbours, to add to measure/verdicts.json after
// reading each in its document.
func unlabelled(fs []corpusFinding, verdicts map[string]realLabel) []string {
	var out []string
	for _, f := range fs {
		if _, ok := verdicts[f.label().key()]; ok {
			continue
		}
		e, _ := json.Marshal(f.label())
		msg := fmt.Sprintf("%s (fix %q)\n\t%s", f.f.Issue, f.f.Fix, e)
		lines := strings.Split(string(f.doc.text), "\n")
		for l := max(1, f.f.LineRange.Start-1); l <= min(len(lines), f.f.LineRange.End+1); l++ {
			msg += fmt.Sprintf("\n\t%5d| %s", l, lines[l-1])
		}
		out = append(out, msg)
	}
	return out
}

// TestRealDocuments measures the default reviewers on the corpus's
// measuring part, documentation of repositories no rule was tuned on
// (split.txt): every finding they give, condensed or not, must have a
// reader's verdict in measure/verdicts.json, and per language at least
// 70% must be right, with at most 3 findings per 1,000 English words and
// 4 per 2,000 Japanese characters. The figures are logged (go test -v
// -run TestRealDocuments).
func TestRealDocuments(t *testing.T) {
	docs := loadCorpus(t, "measure")
	verdicts := loadVerdicts(t)
	sh := editorial()[0].(*Reviewer).shared
	for _, c := range []struct {
		name string
		cfg  Config
	}{{"defaults", Config{}}, {"defaults, condensing off", Config{MaxPerRule: Unlimited}}} {
		fs, words, chars := reviewCorpus(t, editorialWith(c.cfg, sh), docs)
		if un := unlabelled(fs, verdicts); len(un) > 0 {
			t.Errorf("%s: %d findings have no verdict. Read each in its document and add it to %s/measure/verdicts.json:\n%s",
				c.name, len(un), corpusDir, strings.Join(un, "\n"))
			continue
		}
		total, right, changed := map[string]int{}, map[string]int{}, map[string]int{}
		for _, f := range fs {
			total[f.doc.lang]++
			if verdicts[f.label().key()].Verdict == "true" {
				right[f.doc.lang]++
			}
			if f.changed {
				changed[f.doc.lang]++
			}
		}
		share := func(n, d int) float64 { return 100 * float64(n) / float64(max(d, 1)) }
		perEn := 1000 * float64(total["en"]) / float64(max(words["en"], 1))
		perJa := 2000 * float64(total["ja"]) / float64(max(chars["ja"], 1))
		t.Logf("%s: en: %d words, %d findings, %.2f per 1,000 words, %.0f%% right, %.0f%% on lines the authors corrected",
			c.name, words["en"], total["en"], perEn, share(right["en"], total["en"]), share(changed["en"], total["en"]))
		t.Logf("%s: ja: %d characters, %d findings, %.2f per 2,000 characters, %.0f%% right, %.0f%% on lines the authors corrected",
			c.name, chars["ja"], total["ja"], perJa, share(right["ja"], total["ja"]), share(changed["ja"], total["ja"]))
		for _, lang := range []string{"en", "ja"} {
			if total[lang] > 0 && share(right[lang], total[lang]) < 70 {
				t.Errorf("%s: %s: %.0f%% of the findings are right, want at least 70%%", c.name, lang, share(right[lang], total[lang]))
			}
		}
		if perEn > 3 {
			t.Errorf("%s: %.2f findings per 1,000 English words, want at most 3", c.name, perEn)
		}
		if perJa > 4 {
			t.Errorf("%s: %.2f findings per 2,000 Japanese characters, want at most 4", c.name, perJa)
		}
	}
}

// precisionRow is one row of the package doc's precision table.
type precisionRow struct {
	rule, set      string
	findings       int
	changed        int // percent of the findings on lines the authors corrected; -1 for "-"
	right, sampled int
	precision      int // percent; -1 for "-"
}

// docTable returns the rows of a table in doc.go's comments, each split
// into fields: the comment lines after the one whose fields begin with
// header, up to the next blank comment line.
func docTable(t *testing.T, header ...string) (rows [][]string, lines []string) {
	t.Helper()
	b, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(strings.TrimPrefix(line, "//"))
		switch {
		case !in && len(f) >= len(header) && slices.Equal(f[:len(header)], header):
			in = true
		case in && len(f) == 0:
			in = false
		case in:
			rows, lines = append(rows, f), append(lines, line)
		}
	}
	return rows, lines
}

// docPrecisionTable reads the precision table of doc.go: the comment
// lines between "rule  set  findings" and the blank comment line after.
func docPrecisionTable(t *testing.T) map[string]precisionRow {
	t.Helper()
	rows := map[string]precisionRow{}
	fields, lines := docTable(t, "rule", "set", "findings")
	for i, f := range fields {
		line := lines[i]
		if len(f) != 5 {
			t.Fatalf("doc.go: precision table row %q: want rule, set, findings, changed%%, right/sampled (precision%%)", line)
		}
		r := precisionRow{rule: f[0], set: f[1], changed: -1, precision: -1}
		fmt.Sscan(f[2], &r.findings)
		if f[3] != "-" {
			fmt.Sscanf(f[3], "%d%%", &r.changed)
		}
		if f[4] != "-" {
			if n, _ := fmt.Sscanf(f[4], "%d/%d(%d%%)", &r.right, &r.sampled, &r.precision); n != 3 {
				t.Fatalf("doc.go: precision table row %q: want right/sampled(precision%%), got %q", line, f[4])
			}
		}
		rows[r.rule] = r
	}
	if len(rows) == 0 {
		t.Fatal("doc.go: no precision table")
	}
	return rows
}

// setOf returns the smallest named set that holds rule.
func setOf(rule string) string {
	for _, s := range []string{SetDefault, SetStrict, SetPedantic, SetFacts} {
		ids, _ := ruleSet(s)
		if slices.Contains(ids, rule) {
			return s
		}
	}
	return SetAll
}

// TestRulePrecision measures each rule, every rule on and condensing off,
// on the corpus's measuring part, and holds it to the package doc's
// table: a rule's sampled findings (corpusSample per rule, chosen by
// sampleKey) must all have a verdict, its precision (the share right)
// and the share of its findings on lines the authors later corrected
// must not fall below the table's, the table must name the set
// defaults.go puts it in, and a default rule must be measured at least
// 70% right (or, an error by definition, give at most two findings).
func TestRulePrecision(t *testing.T) {
	docs := loadCorpus(t, "measure")
	verdicts := loadVerdicts(t)
	table := docPrecisionTable(t)
	fs, _, _ := reviewCorpus(t, unlimitedAll(), docs)
	// a default rule that a stricter one reports for it when both are on
	// (ja-dekiru, whose findings are ja-no-redundant-expression's in
	// SetAll) is measured as the defaults give it
	inAll := map[string]bool{}
	for _, f := range fs {
		inAll[f.rule] = true
	}
	def, _, _ := reviewCorpus(t, editorialWith(Config{MaxPerRule: Unlimited}, editorial()[0].(*Reviewer).shared), docs)
	for _, f := range def {
		if !inAll[f.rule] {
			fs = append(fs, f)
		}
	}
	if un := unlabelled(sampled(fs), verdicts); len(un) > 0 {
		t.Fatalf("%d sampled findings have no verdict. Read each in its document and add it to %s/measure/verdicts.json:\n%s",
			len(un), corpusDir, strings.Join(un, "\n"))
	}
	n, ch := map[string]int{}, map[string]int{}
	for _, f := range fs {
		n[f.rule]++
		if f.changed {
			ch[f.rule]++
		}
	}
	right, seen := map[string]int{}, map[string]int{}
	for _, f := range sampled(fs) {
		seen[f.rule]++
		if verdicts[f.label().key()].Verdict == "true" {
			right[f.rule]++
		}
	}
	for _, info := range ruleList() {
		id := info.ID
		prec, chg := -1, -1
		if seen[id] > 0 {
			prec = 100 * right[id] / seen[id]
			chg = 100 * ch[id] / n[id]
		}
		t.Logf("%-36s %-9s %4d %4d%% %d/%d(%d%%)", id, setOf(id), n[id], chg, right[id], seen[id], prec)
		row, ok := table[id]
		if !ok {
			t.Errorf("doc.go: the precision table has no row for %s", id)
			continue
		}
		if row.set != setOf(id) {
			t.Errorf("%s: the table says set %s, defaults.go puts it in %s", id, row.set, setOf(id))
		}
		if prec < row.precision {
			t.Errorf("%s: %d of %d sampled findings right (%d%%), below the table's %d%%", id, right[id], seen[id], prec, row.precision)
		}
		if chg < row.changed {
			t.Errorf("%s: %d%% of its findings on lines the authors corrected, below the table's %d%%", id, chg, row.changed)
		}
		if n[id] != row.findings {
			t.Logf("%s: %d findings, the table says %d: update it", id, n[id], row.findings)
		}
		if setOf(id) == SetDefault && prec < 70 && n[id] > 2 {
			t.Errorf("%s is on by default but measured %d%% right on %d findings: want at least 70%%", id, prec, n[id])
		}
	}
	for id := range table {
		if _, ok := ruleByID(id); !ok {
			t.Errorf("doc.go: the precision table names %s, no rule", id)
		}
	}
}

// unlimitedAll returns the four reviewers with every rule on and
// condensing off.
func unlimitedAll() []agent.Reviewer {
	return editorialWith(Config{MaxPerRule: Unlimited, Enabled: []string{SetAll}}, editorial()[0].(*Reviewer).shared)
}
