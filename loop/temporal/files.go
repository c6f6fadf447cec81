package temporal

import (
	"context"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
)

// Files is a run's workspace as a workflow keeps it: each file by its
// slash-separated path inside the workspace, to the Store reference of its
// content. The documents a loop edits, its journal and its artifacts are
// all files of the workspace; nothing else of a run is kept.
type Files map[string]string

// Paths returns the files' paths, sorted.
func (f Files) Paths() []string { return slices.Sorted(maps.Keys(f)) }

// PutFiles stores each of contents (path -> data) and returns them as
// Files: how a client hands a workflow the documents to work on.
func PutFiles(ctx context.Context, s Store, contents map[string][]byte) (Files, error) {
	out := Files{}
	for _, p := range slices.Sorted(maps.Keys(contents)) {
		if err := checkPath(p); err != nil {
			return nil, err
		}
		ref, err := s.Put(ctx, contents[p])
		if err != nil {
			return nil, err
		}
		out[p] = ref
	}
	return out, nil
}

// GetFiles returns the contents of files: how a client reads a run's
// result.
func GetFiles(ctx context.Context, s Store, files Files) (map[string][]byte, error) {
	out := make(map[string][]byte, len(files))
	for _, p := range files.Paths() {
		data, err := s.Get(ctx, files[p])
		if err != nil {
			return nil, fmt.Errorf("temporal: %s: %w", p, err)
		}
		out[p] = data
	}
	return out, nil
}

// checkPath refuses a path that would leave the workspace.
func checkPath(p string) error {
	if p == "" || !filepath.IsLocal(filepath.FromSlash(p)) || filepath.ToSlash(filepath.Clean(filepath.FromSlash(p))) != p {
		return fmt.Errorf("temporal: %q is not a clean path inside the workspace", p)
	}
	return nil
}

// materialize makes dir hold exactly files: what was there is removed.
func materialize(ctx context.Context, s Store, files Files, dir string) error {
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("temporal: workspace: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("temporal: workspace: %w", err)
	}
	for _, p := range files.Paths() {
		if err := checkPath(p); err != nil {
			return err
		}
		data, err := s.Get(ctx, files[p])
		if err != nil {
			return fmt.Errorf("temporal: workspace file %s: %w", p, err)
		}
		path := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fmt.Errorf("temporal: workspace: %w", err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return fmt.Errorf("temporal: workspace: %w", err)
		}
	}
	return nil
}

// snapshot stores every regular file under dir and returns them as Files.
func snapshot(ctx context.Context, s Store, dir string) (Files, error) {
	out := Files{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		ref, err := s.Put(ctx, data)
		if err != nil {
			return err
		}
		out[filepath.ToSlash(rel)] = ref
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("temporal: workspace snapshot: %w", err)
	}
	return out, nil
}
