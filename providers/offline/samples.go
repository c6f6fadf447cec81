package offline

import (
	"embed"
	"fmt"
	"io/fs"
)

//go:embed samples
var samples embed.FS

// Samples returns the bundled sample texts, for demos and tests:
//
//	sample-en.md, sample-ja.md  articles with planted problems
//	clean-en.md, clean-ja.md    well-edited control texts
//	answer-key.json             every planted problem: file, line, category, rule
func Samples() fs.FS {
	sub, err := fs.Sub(samples, "samples")
	if err != nil { // cannot happen: "samples" is a valid embedded directory
		return samples
	}
	return sub
}

// Sample returns the bytes of one bundled sample, e.g. "sample-ja.md".
func Sample(name string) ([]byte, error) {
	b, err := fs.ReadFile(Samples(), name)
	if err != nil {
		return nil, fmt.Errorf("offline: sample %q: %w", name, err)
	}
	return b, nil
}
