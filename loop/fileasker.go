package loop

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/kaigi-dev/kaigi/apply"
)

// The files of a FileAsker, inside its Dir.
const (
	QuestionsFile = "questions.json" // the questions waiting for an answer
	AnswersFile   = "answers.json"   // the answers a person or program wrote
)

// FileAsker is the file form of an Asker, for CI and other programs: a
// question with no answer in Dir/answers.json (a JSON array of Answer) is
// added to Dir/questions.json and Ask returns ErrWaiting; the driver stops,
// someone writes the answer, and the resumed run finds it.
type FileAsker struct {
	// Dir is the folder of the two files. Required.
	Dir string
}

// Ask returns the answer to q from the answers file, or records q as
// waiting and returns ErrWaiting. A malformed answers file is an error
// naming the file and what is wrong.
func (f FileAsker) Ask(_ context.Context, q Question) (Answer, error) {
	answers, err := readJSONArray[Answer](filepath.Join(f.Dir, AnswersFile), func(a Answer) string { return a.Key })
	if err != nil {
		return Answer{}, err
	}
	if i := slices.IndexFunc(answers, func(a Answer) bool { return a.Key == q.Key }); i >= 0 {
		return answers[i], nil
	}
	qpath := filepath.Join(f.Dir, QuestionsFile)
	waiting, err := readJSONArray[Question](qpath, func(w Question) string { return w.Key })
	if err != nil {
		return Answer{}, err
	}
	if !slices.ContainsFunc(waiting, func(w Question) bool { return w.Key == q.Key }) {
		waiting = append(waiting, q)
		data, _ := json.MarshalIndent(waiting, "", "  ")
		if err := writeIn(f.Dir, QuestionsFile, append(data, '\n')); err != nil {
			return Answer{}, err
		}
	}
	return Answer{}, fmt.Errorf("%w: %s (answer it in %s, then resume)", ErrWaiting, q.Key, filepath.Join(f.Dir, AnswersFile))
}

// readJSONArray reads a JSON array of T from path: a missing file is an
// empty array; a UTF-8 byte order mark is accepted; anything but an array
// of objects, and two elements with the same key, are errors that name the
// file and the element.
func readJSONArray[T any](path string, key func(T) string) ([]T, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("loop: %w", err)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		trimmed := bytes.TrimSpace(data)
		if len(trimmed) > 0 && trimmed[0] != '[' {
			return nil, fmt.Errorf("loop: %s must hold a JSON array [ {...}, ... ], not %s", path, jsonKind(trimmed[0]))
		}
		return nil, fmt.Errorf("loop: %s is not valid JSON: %v", path, err)
	}
	out := make([]T, 0, len(raw))
	seen := map[string]int{}
	for i, r := range raw {
		var v T
		if err := json.Unmarshal(r, &v); err != nil {
			return nil, fmt.Errorf("loop: %s, element %d: %v", path, i+1, err)
		}
		k := key(v)
		if k == "" {
			return nil, fmt.Errorf("loop: %s, element %d has no key", path, i+1)
		}
		if first, dup := seen[k]; dup {
			return nil, fmt.Errorf("loop: %s names %q twice (elements %d and %d); keep one", path, k, first, i+1)
		}
		seen[k] = i + 1
		out = append(out, v)
	}
	return out, nil
}

// jsonKind names the JSON value that starts with c, for messages.
func jsonKind(c byte) string {
	switch c {
	case '{':
		return "an object"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number or other value"
}

// writeIn writes data to name inside dir atomically (apply.Dir).
func writeIn(dir, name string, data []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("loop: %w", err)
	}
	d, err := apply.OpenDir(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.WriteFile(name, data)
}
