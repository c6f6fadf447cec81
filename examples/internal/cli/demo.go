package cli

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
)

// DemoCopy copies the bundled sample files into a fresh temporary folder
// named prefix followed by random characters and returns its path: the
// files names (slash paths in files), or all of files when names is
// empty. A copy that fails leaves no folder behind.
func DemoCopy(prefix string, files fs.FS, names ...string) (string, error) {
	dir, err := os.MkdirTemp("", prefix)
	if err != nil {
		return "", err
	}
	if err := copySample(dir, files, names); err != nil {
		os.RemoveAll(dir)
		return "", fmt.Errorf("copying the bundled sample: %w", err)
	}
	return dir, nil
}

// copySample copies names of files (all of files when names is empty)
// into dir.
func copySample(dir string, files fs.FS, names []string) error {
	if len(names) == 0 {
		return os.CopyFS(dir, files)
	}
	for _, name := range names {
		data, err := fs.ReadFile(files, name)
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Join(dir, filepath.FromSlash(path.Dir(name))), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
