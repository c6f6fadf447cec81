package temporal

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// A Store keeps the contents of runs (documents, journals, artifacts) by
// reference, so that a workflow's history holds references and not
// texts. Put must be content-addressed: the same data gives the same
// reference, and a reference once returned always gives that data. A
// Store is shared by every worker of a task queue and must be safe for
// concurrent use.
type Store interface {
	Put(ctx context.Context, data []byte) (ref string, err error)
	Get(ctx context.Context, ref string) ([]byte, error)
}

// ErrNotStored is wrapped by Get's error for a reference the store does
// not hold.
var ErrNotStored = errors.New("temporal: not in the store")

// FileStore is a Store in a folder (a shared volume, for workers on one
// machine and for tests): each content in a file named by its SHA-256.
type FileStore struct {
	// Dir is the store's folder, created on the first Put. Required.
	Dir string
}

// refPrefix starts every reference a FileStore gives.
const refPrefix = "sha256:"

// Ref returns the reference a FileStore gives data: "sha256:" and the
// hex SHA-256 of data.
func Ref(data []byte) string {
	sum := sha256.Sum256(data)
	return refPrefix + hex.EncodeToString(sum[:])
}

// Put writes data (atomically: a temporary file, fsync, rename) unless it
// is there already, and returns its reference.
func (s FileStore) Put(_ context.Context, data []byte) (string, error) {
	ref := Ref(data)
	path, err := s.path(ref)
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(path); err == nil {
		return ref, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", fmt.Errorf("temporal: store: %w", err)
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".put-*")
	if err != nil {
		return "", fmt.Errorf("temporal: store: %w", err)
	}
	_, werr := f.Write(data)
	if werr == nil {
		werr = f.Sync()
	}
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(f.Name(), path)
	}
	if werr != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("temporal: store: put %s: %w", ref, werr)
	}
	return ref, nil
}

// Get returns the data of ref, checked against its hash; ErrNotStored if
// the store does not hold it.
func (s FileStore) Get(_ context.Context, ref string) ([]byte, error) {
	path, err := s.path(ref)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s", ErrNotStored, ref)
	}
	if err != nil {
		return nil, fmt.Errorf("temporal: store: %w", err)
	}
	if Ref(data) != ref {
		return nil, fmt.Errorf("temporal: store: %s holds data of another hash (damaged)", ref)
	}
	return data, nil
}

// path is where ref's data lives.
func (s FileStore) path(ref string) (string, error) {
	hexsum, ok := strings.CutPrefix(ref, refPrefix)
	if !ok || len(hexsum) != 64 || strings.Trim(hexsum, "0123456789abcdef") != "" {
		return "", fmt.Errorf("temporal: store: %q is not a reference of this store", ref)
	}
	if s.Dir == "" {
		return "", errors.New("temporal: store: FileStore.Dir is empty")
	}
	return filepath.Join(s.Dir, hexsum[:2], hexsum[2:]), nil
}
