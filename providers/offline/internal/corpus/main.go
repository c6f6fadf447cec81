// Command corpus builds one repository's share of the offline reviewers'
// history-labelled corpus (providers/offline/testdata/corpus) from a bare
// git directory of a public documentation repository.
//
// For every Markdown file whose path matches -include (and not -exclude)
// at the base commit (the last first-parent commit before -since), it
// follows the file's later first-parent commits and keeps the base
// version's lines that its authors later corrected with a small edit: a
// hunk that replaces one to three lines with as many, each new line close
// to its old one (typo, wording and grammar fixes), in a commit that
// changes at most a fifth of the file. A line that was rewritten in a
// larger change or deleted is no label. A change that touches only URLs
// or inline code is no label either: the rules read prose. The first
// correction of a line is its label.
//
// It writes the base versions of the -max files with the most labels
// into -out/<slug>/ (the path's slashes as "__") and their labels into
// -out/<slug>/labels.json, and prints a SOURCES.md row. Usage:
//
//	go run ./providers/offline/internal/corpus -git DIR -repo owner/name -licence MIT \
//		-include '^docs/.*\.md$' -since 2024-01-01 -out providers/offline/testdata/corpus/measure
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/providers/offline/internal/levenshtein"
)

// Label is one line of a base version that its authors later corrected.
type Label struct {
	File   string `json:"file"`   // the document, relative to the part's folder
	Line   int    `json:"line"`   // 1-based line of the base version
	Before string `json:"before"` // the line as the base version has it
	After  string `json:"after"`  // the line as the correction left it
	Commit string `json:"commit"` // the commit that corrected it
}

type options struct {
	git, repo, licence, slug, out string
	include, exclude              *regexp.Regexp
	since                         string
	max                           int
	maxBytes                      int
}

func main() {
	var o options
	var inc, exc string
	flag.StringVar(&o.git, "git", "", "bare git directory of the repository")
	flag.StringVar(&o.repo, "repo", "", "owner/name of the repository")
	flag.StringVar(&o.licence, "licence", "", "licence of the documents (SPDX)")
	flag.StringVar(&o.slug, "slug", "", "folder name of the repository in the part (default: owner-name)")
	flag.StringVar(&o.out, "out", "", "the part's folder")
	flag.StringVar(&inc, "include", `\.md$`, "regexp of the paths to read")
	flag.StringVar(&exc, "exclude", `^$`, "regexp of the paths to leave out")
	flag.StringVar(&o.since, "since", "", "the base commit is the last first-parent commit before this date")
	flag.IntVar(&o.max, "max", 12, "most documents to keep")
	flag.IntVar(&o.maxBytes, "max-bytes", 60000, "largest document to keep")
	flag.Parse()
	var err error
	if o.include, err = regexp.Compile(inc); err == nil {
		o.exclude, err = regexp.Compile(exc)
	}
	if err == nil && (o.git == "" || o.repo == "" || o.out == "" || o.since == "" || o.licence == "") {
		err = errors.New("-git, -repo, -licence, -since and -out are required")
	}
	if err == nil {
		err = build(o)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "corpus:", err)
		os.Exit(1)
	}
}

func git(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", append([]string{"--git-dir", dir}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, bytes.TrimSpace(stderr.Bytes()))
	}
	return out, nil
}

type doc struct {
	path   string
	text   []byte
	labels []Label
}

func build(o options) error {
	if o.slug == "" {
		o.slug = strings.ReplaceAll(o.repo, "/", "-")
	}
	out, err := git(o.git, "rev-list", "-1", "--first-parent", "--before="+o.since, "HEAD")
	if err != nil {
		return err
	}
	base := strings.TrimSpace(string(out))
	if base == "" {
		return fmt.Errorf("no commit before %s", o.since)
	}
	head, err := git(o.git, "rev-parse", "HEAD")
	if err != nil {
		return err
	}
	list, err := git(o.git, "ls-tree", "-r", "--name-only", base)
	if err != nil {
		return err
	}
	var docs []doc
	for _, p := range strings.Split(strings.TrimSpace(string(list)), "\n") {
		if !o.include.MatchString(p) || o.exclude.MatchString(p) {
			continue
		}
		d, err := follow(o.git, base, p)
		if err != nil {
			return err
		}
		if len(d.labels) > 0 && len(d.text) <= o.maxBytes {
			docs = append(docs, d)
		}
	}
	sort.SliceStable(docs, func(i, j int) bool { return len(docs[i].labels) > len(docs[j].labels) })
	if len(docs) > o.max {
		docs = docs[:o.max]
	}
	sort.Slice(docs, func(i, j int) bool { return docs[i].path < docs[j].path })
	dir := filepath.Join(o.out, o.slug)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var labels []Label
	var paths []string
	for _, d := range docs {
		name := strings.ReplaceAll(d.path, "/", "__")
		if !strings.HasSuffix(name, ".md") {
			name = strings.TrimSuffix(name, filepath.Ext(name)) + ".md"
		}
		if err := os.WriteFile(filepath.Join(dir, name), d.text, 0o644); err != nil {
			return err
		}
		for _, l := range d.labels {
			l.File = o.slug + "/" + name
			labels = append(labels, l)
		}
		paths = append(paths, d.path)
	}
	b, err := json.MarshalIndent(labels, "", "\t")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "labels.json"), append(b, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Printf("| %s | %s | base %s, corrections up to %s | %d documents: %s | %d |\n",
		o.repo, o.licence, base[:12], strings.TrimSpace(string(head))[:12], len(docs), strings.Join(paths, ", "), len(labels))
	return nil
}

// follow returns the base version of path and the labels its later
// history gives it.
func follow(dir, base, path string) (doc, error) {
	text, err := git(dir, "show", base+":"+path)
	if err != nil {
		return doc{}, err
	}
	d := doc{path: path, text: text}
	n := strings.Count(string(text), "\n") + 1
	baseLines := strings.Split(string(text), "\n")
	origin := make([]int, n) // origin[i]: the base line of the current version's line i, or -1
	for i := range origin {
		origin[i] = i
	}
	labelled := map[int]bool{}
	for i := range frontMatter(baseLines) {
		labelled[i] = true // front matter is no prose: never a label
	}
	log, err := git(dir, "log", "--first-parent", "--reverse", "--format=%H", base+"..HEAD", "--", path)
	if err != nil {
		return doc{}, err
	}
	prev := base
	for _, c := range strings.Fields(string(log)) {
		if _, err := git(dir, "cat-file", "-e", c+":"+path); err != nil {
			break // deleted or moved: the history of this path ends
		}
		diff, err := git(dir, "diff", "-U0", "--no-color", "--no-ext-diff", "--no-renames", prev, c, "--", path)
		if err != nil {
			return doc{}, err
		}
		hunks := parseHunks(string(diff))
		changed := 0
		for _, h := range hunks {
			changed += max(len(h.old), len(h.new))
		}
		small := changed <= max(6, len(origin)/5)
		next := make([]int, 0, len(origin))
		at := 0 // next unconsumed line of the old version, 0-based
		for _, h := range hunks {
			start := h.oldStart - 1
			if len(h.old) == 0 {
				start = h.oldStart // an insertion after line oldStart
			}
			for ; at < start && at < len(origin); at++ {
				next = append(next, origin[at])
			}
			if small && len(h.old) == len(h.new) && len(h.old) <= 3 {
				for k := range h.old {
					if at+k >= len(origin) {
						break
					}
					b := origin[at+k]
					if b >= 0 && !labelled[b] && b < len(baseLines) && h.old[k] == baseLines[b] && isCorrection(h.old[k], h.new[k]) {
						labelled[b] = true
						d.labels = append(d.labels, Label{Line: b + 1, Before: h.old[k], After: h.new[k], Commit: c[:12]})
					}
				}
			}
			at += len(h.old)
			for range h.new {
				next = append(next, -1)
			}
		}
		for ; at < len(origin); at++ {
			next = append(next, origin[at])
		}
		origin = next
		prev = c
	}
	sort.Slice(d.labels, func(i, j int) bool { return d.labels[i].Line < d.labels[j].Line })
	return d, nil
}

// frontMatter returns the number of lines of the YAML or TOML block that
// opens the document, closing line included (0 if none).
func frontMatter(lines []string) int {
	if len(lines) == 0 || (lines[0] != "---" && lines[0] != "+++") {
		return 0
	}
	for i := 1; i < len(lines); i++ {
		if lines[i] == lines[0] {
			return i + 1
		}
	}
	return 0
}

type hunk struct {
	oldStart int
	old, new []string
}

var hunkHeader = regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@`)

func parseHunks(diff string) []hunk {
	var hs []hunk
	for _, line := range strings.Split(diff, "\n") {
		if m := hunkHeader.FindStringSubmatch(line); m != nil {
			start, _ := strconv.Atoi(m[1])
			hs = append(hs, hunk{oldStart: start})
			continue
		}
		if len(hs) == 0 || line == "" {
			continue
		}
		h := &hs[len(hs)-1]
		switch line[0] {
		case '-':
			h.old = append(h.old, line[1:])
		case '+':
			h.new = append(h.new, line[1:])
		}
	}
	return hs
}

var (
	urlPart    = regexp.MustCompile(`\]\([^)]*\)|https?://\S+|<[^>]*>`)
	inlineCode = regexp.MustCompile("`[^`]*`")
	space      = regexp.MustCompile(`\s+`)
)

// prose returns the line without URLs, tags, inline code and runs of
// space.
func prose(s string) string {
	s = urlPart.ReplaceAllString(s, "]")
	s = inlineCode.ReplaceAllString(s, "`")
	return strings.TrimSpace(space.ReplaceAllString(s, " "))
}

// isCorrection reports whether after is a small edit of before's prose:
// the prose differs, by at most a third of the longer line's characters
// (and 40 at most).
func isCorrection(before, after string) bool {
	a, b := prose(before), prose(after)
	if a == b || a == "" || b == "" {
		return false
	}
	d := levenshtein.Distance([]rune(a), []rune(b))
	n := max(utf8.RuneCountInString(a), utf8.RuneCountInString(b))
	return d <= 40 && 3*d <= n
}
