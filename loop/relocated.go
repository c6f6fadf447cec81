package loop

import "context"

// Relocated returns path as the relocation on ctx (Relocate) reads it: the
// same path under the relocation's to when it is under its from, else
// path unchanged. A driver that journals absolute paths of its own (a
// repository's top level) reads them through it, so that an execution on
// a copy of its run (a durable engine's call) works on the copy.
func Relocated(ctx context.Context, path string) string {
	return relocationOf(ctx).path(path)
}
