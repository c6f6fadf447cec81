package temporal

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
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

// errBadPath is wrapped by checkPath's error.
var errBadPath = errors.New("not a clean slash-separated path inside the workspace")

// checkPath refuses a path that would leave the workspace.
func checkPath(p string) error {
	if p == "" || !filepath.IsLocal(filepath.FromSlash(p)) || filepath.ToSlash(filepath.Clean(filepath.FromSlash(p))) != p || strings.Contains(p, "\\") {
		return fmt.Errorf("temporal: %q: %w", p, errBadPath)
	}
	return nil
}

// laidOut is what materialize left in a folder, kept beside it: each
// file's reference and the SHA-256 of its content, so that the next
// materialize writes only what differs.
type laidOut map[string]struct {
	Ref string `json:"ref"`
	Sum string `json:"sum"`
}

// materialize makes dir hold exactly files. A file that already holds its
// content (as the last materialize of dir wrote it and its hash shows) is
// left alone, the others written from the store, any other file removed.
func materialize(ctx context.Context, s Store, files Files, dir string) error {
	marker := dir + ".laid.json"
	var last laidOut
	if data, err := os.ReadFile(marker); err == nil {
		json.Unmarshal(data, &last) // a damaged marker lays everything out again
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("temporal: workspace: %w", err)
	}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		if _, keep := files[filepath.ToSlash(rel)]; !keep || !d.Type().IsRegular() {
			return os.Remove(path)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("temporal: workspace: %w", err)
	}
	now := laidOut{}
	for _, p := range files.Paths() {
		if err := checkPath(p); err != nil {
			return err
		}
		path := filepath.Join(dir, filepath.FromSlash(p))
		if was, ok := last[p]; ok && was.Ref == files[p] {
			if data, err := os.ReadFile(path); err == nil && sum(data) == was.Sum {
				now[p] = was
				continue
			}
		}
		data, err := s.Get(ctx, files[p])
		if err != nil {
			return fmt.Errorf("temporal: workspace file %s: %w", p, err)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fmt.Errorf("temporal: workspace: %w", err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return fmt.Errorf("temporal: workspace: %w", err)
		}
		now[p] = struct {
			Ref string `json:"ref"`
			Sum string `json:"sum"`
		}{files[p], sum(data)}
	}
	data, _ := json.Marshal(now)
	if err := os.WriteFile(marker, data, 0o644); err != nil {
		return fmt.Errorf("temporal: workspace: %w", err)
	}
	return nil
}

// sum is the hex SHA-256 of data.
func sum(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// removeWorkspace removes a folder materialize laid out, and its marker.
func removeWorkspace(dir string) {
	os.RemoveAll(dir)
	os.Remove(dir + ".laid.json")
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
