package offline

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// heldOutDir holds two articles with planted problems and their answer
// key, written for measurement only (see its README.md): no rule, default
// or option may be tuned on them. heldOut2Dir holds two more, written
// later by a writer who read neither the rules nor the first articles.
const (
	heldOutDir  = "testdata/heldout"
	heldOut2Dir = "testdata/heldout2"
)

// Regression floors, not targets: the right-line recall of the default
// reviewers on the held-out articles when the set was written. The test
// fails when recall drops below them; raise them only when recall rises
// through changes made without looking at these articles.
const (
	heldOutFloorEN = 16 // of 21, pitr-en.md (15 before clichés set off by commas; 5 before the zero-finding rules joined the defaults, 10 before the spelling-variant, overlong-sentence, pleonasm, stock-filler and no-unmatched-pair defaults)
	heldOutFloorJA = 14 // of 21, forms-ja.md (5, then 10 before)
	// The second set's figures when it was first measured.
	heldOut2FloorEN = 11 // of 21, caching-en.md (9 before en-article and the then/than and affect/effect reading of en-confusable)
	heldOut2FloorJA = 8  // of 21, i18n-ja.md
)

type heldOutArticle struct {
	File          string `json:"file"`
	Lang          string `json:"lang"`
	ReaderProfile string `json:"reader_profile"`
}

type heldOutProblem struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Kind    string `json:"kind"`
	Quote   string `json:"quote"`
	Problem string `json:"problem"`
	Fix     string `json:"fix"`
}

type heldOutKey struct {
	Articles []heldOutArticle `json:"articles"`
	Planted  []heldOutProblem `json:"planted"`
}

// loadHeldOut reads the answer key and the articles, and checks that each
// planted quote stands on the line the key gives, so that a key gone stale
// after an edit fails here rather than as lower recall.
func loadHeldOut(t *testing.T, dir string) (heldOutKey, map[string][]byte) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "answer-key.json"))
	if err != nil {
		t.Fatal(err)
	}
	var key heldOutKey
	if err := json.Unmarshal(b, &key); err != nil {
		t.Fatalf("answer-key.json: %v", err)
	}
	texts := map[string][]byte{}
	for _, a := range key.Articles {
		text, err := os.ReadFile(filepath.Join(dir, a.File))
		if err != nil {
			t.Fatal(err)
		}
		texts[a.File] = text
	}
	seen := map[heldOutProblem]bool{}
	for _, p := range key.Planted {
		lines := strings.Split(string(texts[p.File]), "\n")
		if p.Line < 1 || p.Line > len(lines) || !strings.Contains(lines[p.Line-1], p.Quote) {
			t.Fatalf("answer key: %s:%d does not hold %q", p.File, p.Line, p.Quote)
		}
		at := heldOutProblem{File: p.File, Line: p.Line}
		if seen[at] {
			t.Fatalf("answer key: two problems on %s:%d; one finding would count for both", p.File, p.Line)
		}
		seen[at] = true
	}
	return key, texts
}

// covers reports whether f points at line of its own file, by its location
// or by one of its related locations; related says which.
func covers(f finding.Finding, line int) (ok, related bool) {
	if f.LineRange.Contains(line) {
		return true, false
	}
	for _, l := range f.Related {
		if (l.File == "" || l.File == f.File) && l.LineRange.Contains(line) {
			return true, true
		}
	}
	return false, false
}

// TestHeldOutRecall measures right-line recall on the held-out planted
// articles: a planted problem is found when a finding's location or one of
// its related locations covers the planted line. It runs the reviewers the
// editorial-swarm command seats by default (Config with link checking
// against the workspace root, nothing else set) and, for the record, every
// rule (SetAll), each also with condensing off (MaxPerRule: Unlimited).
// Precision is the share of findings whose own location is
// on a planted line. Only the defaults' recall is held to a floor.
func TestHeldOutRecall(t *testing.T) {
	for _, set := range []struct {
		dir    string
		floors map[string]int
	}{
		{heldOutDir, map[string]int{"pitr-en.md": heldOutFloorEN, "forms-ja.md": heldOutFloorJA}},
		{heldOut2Dir, map[string]int{"caching-en.md": heldOut2FloorEN, "i18n-ja.md": heldOut2FloorJA}},
	} {
		t.Run(filepath.Base(set.dir), func(t *testing.T) { heldOutRecall(t, set.dir, set.floors) })
	}
}

// heldOutRecall is TestHeldOutRecall on the set in dir, with the
// defaults' recall floor of each article.
func heldOutRecall(t *testing.T, dir string, floors map[string]int) {
	key, texts := loadHeldOut(t, dir)
	root, rel, err := WorkspaceRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []struct {
		name string
		cfg  Config
	}{
		{"defaults", Config{LinkFS: os.DirFS(root), LinkDir: rel}},
		{"defaults-unlimited", Config{LinkFS: os.DirFS(root), LinkDir: rel, MaxPerRule: Unlimited}},
		{"all", Config{LinkFS: os.DirFS(root), LinkDir: rel, Enabled: []string{SetAll}}},
		{"all-unlimited", Config{LinkFS: os.DirFS(root), LinkDir: rel, Enabled: []string{SetAll}, MaxPerRule: Unlimited}},
	} {
		for _, a := range key.Articles {
			t.Run(mode.name+"/"+a.File, func(t *testing.T) {
				fs := reviewAll(t, Editorial(mode.cfg), agent.Target{Path: a.File, Text: texts[a.File], ReaderProfile: a.ReaderProfile})
				var problems []heldOutProblem
				for _, p := range key.Planted {
					if p.File == a.File {
						problems = append(problems, p)
					}
				}
				found, onPlanted, missed := scoreHeldOut(t, fs, problems)
				precision := 0.0
				if len(fs) > 0 {
					precision = float64(onPlanted) / float64(len(fs))
				}
				t.Logf("%s %s: recall %d/%d, %d findings, %d on a planted line (precision %.0f%%); missed kinds: %s",
					mode.name, a.File, found, len(problems), len(fs), onPlanted, 100*precision, strings.Join(missed, ", "))
				if mode.name == "defaults" && found < floors[a.File] {
					t.Errorf("%s: right-line recall %d/%d fell below the regression floor %d", a.File, found, len(problems), floors[a.File])
				}
			})
		}
	}
}

// scoreHeldOut logs, for each planted problem of one article, the rules
// whose findings cover its line, and each finding on no planted line. It
// returns how many problems were found, how many findings stand on a
// planted line, and the kinds of the problems missed.
func scoreHeldOut(t *testing.T, fs []finding.Finding, problems []heldOutProblem) (found, onPlanted int, missed []string) {
	t.Helper()
	planted := map[int]bool{}
	for _, p := range problems {
		planted[p.Line] = true
		var by []string
		for _, f := range fs {
			if ok, related := covers(f, p.Line); ok {
				if related {
					by = append(by, ruleOf(f.Issue)+" (related)")
				} else {
					by = append(by, ruleOf(f.Issue))
				}
			}
		}
		if len(by) > 0 {
			found++
			t.Logf("found  %s:%d %s (%s) by %s", p.File, p.Line, p.Kind, p.Problem, strings.Join(by, ", "))
		} else {
			missed = append(missed, p.Kind)
			t.Logf("MISSED %s:%d %s", p.File, p.Line, p.Kind)
		}
	}
	for _, f := range fs {
		hit := false
		for line := range planted {
			if f.LineRange.Contains(line) {
				hit = true
				break
			}
		}
		if hit {
			onPlanted++
		} else {
			t.Logf("unplanted finding %s %s %q", f.LineRange, f.Issue, f.Quote())
		}
	}
	return found, onPlanted, missed
}
