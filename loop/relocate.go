package loop

import (
	"context"
	"path/filepath"
	"strings"
)

// relocation is what Relocate puts on a context.
type relocation struct{ from, to string }

type relocateKey struct{}

// Relocate returns a context on which rounds.OpenRun reads every absolute path a
// run's journal holds under the folder from as the same path under to: a
// run whose folder and documents were laid out at another place as a
// whole (a durable engine's activity working on a copy of the run)
// resumes there as if it were where it started, and the check that a run
// folder was not moved away from its documents (ErrFolderMoved) holds
// under to. Nothing journaled changes: the journal keeps the paths the run
// started with. from and to must be clean absolute paths; a relocation
// with an empty from or to is none.
func Relocate(ctx context.Context, from, to string) context.Context {
	return context.WithValue(ctx, relocateKey{}, relocation{from: filepath.Clean(from), to: filepath.Clean(to)})
}

// relocationOf returns the relocation on ctx.
func relocationOf(ctx context.Context) relocation {
	r, _ := ctx.Value(relocateKey{}).(relocation)
	return r
}

// path returns p as relocated.
func (r relocation) path(p string) string {
	if r.from == "" || r.to == "" || r.from == "." || r.to == "." {
		return p
	}
	if p == r.from {
		return r.to
	}
	if rest, ok := strings.CutPrefix(p, r.from+string(filepath.Separator)); ok {
		return filepath.Join(r.to, rest)
	}
	return p
}
