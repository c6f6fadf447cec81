package editorial

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Documents turns a command's arguments into the documents to review: a
// file stands for itself (whether it exists or not: Run says what is
// wrong with it), a folder for the *.md files in it and in its
// subfolders, sorted by path. Folders whose name begins with a dot (.git,
// .editorial) are left out, and so is whatever matches one of exclude (a
// command's -exclude): a pattern without a slash matches a file's or
// folder's name ("drafts", "*.draft.md"), one with a slash its path under
// the folder argument ("en/old/*.md"), both as path.Match reads them; a
// pattern it cannot read matches nothing (CheckExclude refuses it).
// Symbolic links to folders are not followed. A folder that gives no file
// is an error.
func Documents(args, exclude []string) ([]string, error) {
	var out []string
	for _, a := range args {
		fi, err := os.Stat(a)
		if err != nil || !fi.IsDir() {
			out = append(out, a) // the library says what is wrong with it
			continue
		}
		var md []string
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if p == a {
				return nil
			}
			rel, _ := filepath.Rel(a, p)
			if d.IsDir() {
				if strings.HasPrefix(d.Name(), ".") || excluded(filepath.ToSlash(rel), exclude) {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() && strings.HasSuffix(d.Name(), ".md") && !excluded(filepath.ToSlash(rel), exclude) {
				md = append(md, p)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("reading the folder %s: %w", a, err)
		}
		if len(md) == 0 {
			if len(exclude) > 0 {
				return nil, fmt.Errorf("%s holds no *.md file, in it or its subfolders, that -exclude leaves in", a)
			}
			return nil, fmt.Errorf("%s holds no *.md file, in it or its subfolders", a)
		}
		slices.Sort(md)
		out = append(out, md...)
	}
	return out, nil
}

// excluded reports whether rel, a slash-separated path under a folder
// argument, matches one of patterns (see Documents).
func excluded(rel string, patterns []string) bool {
	for _, p := range patterns {
		target := rel
		if !strings.Contains(p, "/") {
			target = path.Base(rel)
		}
		if ok, _ := path.Match(strings.TrimSuffix(p, "/"), target); ok {
			return true
		}
	}
	return false
}

// CheckExclude reports a pattern of Documents' exclude that path.Match
// cannot read, wrapping path.ErrBadPattern; its words suit a flag's value
// (the flag package names the flag and the value).
func CheckExclude(p string) error {
	if _, err := path.Match(p, ""); errors.Is(err, path.ErrBadPattern) {
		return fmt.Errorf("not a pattern (see path.Match): %w", err)
	}
	return nil
}
