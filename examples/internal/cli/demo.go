package cli

import (
	"fmt"
	"io/fs"
	"os"
)

// DemoCopy copies the bundled sample files into a fresh temporary folder
// named prefix followed by random characters and returns its path. A copy
// that fails leaves no folder behind.
func DemoCopy(prefix string, files fs.FS) (string, error) {
	dir, err := os.MkdirTemp("", prefix)
	if err != nil {
		return "", err
	}
	if err := os.CopyFS(dir, files); err != nil {
		os.RemoveAll(dir)
		return "", fmt.Errorf("copying the bundled sample: %w", err)
	}
	return dir, nil
}
