package multishot

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
)

// PolicyFile is the name of a review policy file: REVIEW.md at the
// repository root applies to every file, one in a folder to the files under
// it.
const PolicyFile = "REVIEW.md"

// Policy is one review policy file, word for word.
type Policy struct {
	// Path is the file's slash-separated path from the repository root.
	// Example: "REVIEW.md", "loop/REVIEW.md".
	Path string `json:"path"`
	// Text is the file's content, exactly as stored.
	Text string `json:"text"`
}

// Dir returns the folder the policy applies to ("" for the root).
func (p Policy) Dir() string {
	if d := path.Dir(p.Path); d != "." {
		return d
	}
	return ""
}

// AppliesTo reports whether p governs the file at name.
func (p Policy) AppliesTo(name string) bool {
	d := p.Dir()
	return d == "" || strings.HasPrefix(name, d+"/")
}

// ReadPolicies collects the REVIEW.md files of the change: the root's and
// those of every folder holding a changed file, up to the root, read as the
// change reads files (the working tree, or the reviewed commit). They are
// ordered so that for any one file, the policies that apply to it come
// from the root down: the nearest last.
func ReadPolicies(ctx context.Context, c *Change) ([]Policy, error) {
	dirs := map[string]bool{"": true}
	for _, f := range c.Files {
		for d := path.Dir(f.Path); d != "." && d != "/"; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	names := make([]string, 0, len(dirs))
	for d := range dirs {
		names = append(names, path.Join(d, PolicyFile))
	}
	// Sorting by depth, then name, puts every policy after those of its
	// parent folders.
	slices.SortFunc(names, func(a, b string) int {
		if da, db := strings.Count(a, "/"), strings.Count(b, "/"); da != db {
			return da - db
		}
		return strings.Compare(a, b)
	})
	var out []Policy
	for _, n := range names {
		data, err := c.Read(ctx, n)
		switch {
		case errors.Is(err, fs.ErrNotExist) || errors.Is(err, os.ErrNotExist):
			continue
		case errors.Is(err, ErrGit):
			continue // not in the reviewed commit
		case err != nil:
			return nil, err
		}
		out = append(out, Policy{Path: n, Text: string(data)})
	}
	return out, nil
}

// policiesFor returns the policies that apply to any of files, in order.
func policiesFor(all []Policy, files []string) []Policy {
	var out []Policy
	for _, p := range all {
		if slices.ContainsFunc(files, p.AppliesTo) {
			out = append(out, p)
		}
	}
	return out
}
