package multishot

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// checkout is the folder of the reviewed commit's files that tools read,
// made on first use and removed when the session closes.
type checkout struct {
	mu   sync.Mutex
	dir  string // the folder tools run in, once made
	temp string // the temporary folder to remove; "" when dir is the repository
	err  error
}

// checkoutDir returns a folder holding the files of the reviewed commit
// (Change.Rev), for tools that read the disk: the repository itself when
// its working tree is a clean checkout of that commit, else a new
// temporary folder the commit's files are written to, through a
// temporary index, so that neither the repository's index nor its working
// tree nor its list of work trees changes. Safe for concurrent use; made
// once per session.
func (s *session) checkoutDir(ctx context.Context) (string, error) {
	co := &s.co
	co.mu.Lock()
	defer co.mu.Unlock()
	if co.dir != "" || co.err != nil {
		return co.dir, co.err
	}
	root, rev := s.change.Root, s.change.Rev
	if head, err := revParse(ctx, root, "HEAD"); err == nil && head == rev {
		if st, err := git(ctx, root, "status", "--porcelain", "-z"); err == nil && len(st) == 0 {
			co.dir = root
			return root, nil
		}
	}
	tmp, err := os.MkdirTemp("", "multishot-tree-")
	if err != nil {
		co.err = fmt.Errorf("multishot: a tree of %s for the tools: %w", rev, err)
		return "", co.err
	}
	env := []string{"GIT_INDEX_FILE=" + filepath.Join(tmp, "index")}
	tree := filepath.Join(tmp, "tree")
	_, err = gitEnv(ctx, env, root, "read-tree", rev)
	if err == nil {
		_, err = gitEnv(ctx, env, root, "checkout-index", "-a", "--prefix="+tree+string(filepath.Separator))
	}
	if err != nil {
		os.RemoveAll(tmp)
		if ctx.Err() != nil {
			return "", err // not remembered: a later shot tries again
		}
		co.err = fmt.Errorf("multishot: a tree of %s for the tools: %w", rev, err)
		return "", co.err
	}
	co.dir, co.temp = tree, tmp
	return tree, nil
}

// closeCheckout removes the temporary tree, if one was made.
func (s *session) closeCheckout() {
	if s.co.temp != "" {
		os.RemoveAll(s.co.temp)
		s.co.dir, s.co.temp = "", ""
	}
}
