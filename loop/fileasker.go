package loop

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/kaigi-dev/kaigi/loop/internal/runfile"
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
	// Fallback, when set, answers the questions the answers file does not
	// (an AutoAsker for a demo whose file answers some of them): nothing
	// is added to questions.json and Ask does not wait.
	Fallback Asker
}

// Ask returns the answer to q from the answers file, or Fallback's, or
// records q as waiting and returns ErrWaiting. A malformed answers file is an error
// naming the file and what is wrong.
func (f FileAsker) Ask(ctx context.Context, q Question) (Answer, error) {
	answers, err := readJSONArray[Answer](filepath.Join(f.Dir, AnswersFile), answersShape, `an object with "key" and "choice"`, func(a Answer) string { return a.Key })
	if err != nil {
		return Answer{}, err
	}
	if i := slices.IndexFunc(answers, func(a Answer) bool { return a.Key == q.Key }); i >= 0 {
		return answers[i], nil
	}
	if f.Fallback != nil {
		return f.Fallback.Ask(ctx, q)
	}
	qpath := filepath.Join(f.Dir, QuestionsFile)
	waiting, err := readJSONArray[Question](qpath, questionsShape, `an object with "key", "kind" and "prompt"`, func(w Question) string { return w.Key })
	if err != nil {
		return Answer{}, err
	}
	if !slices.ContainsFunc(waiting, func(w Question) bool { return w.Key == q.Key }) {
		waiting = append(waiting, q)
		data, _ := json.MarshalIndent(waiting, "", "  ")
		if err := WriteRendering(filepath.Join(f.Dir, QuestionsFile), append(data, '\n')); err != nil {
			return Answer{}, err
		}
	}
	return Answer{}, fmt.Errorf("%w: %s (answer it in %s, then resume)", ErrWaiting, q.Key, filepath.Join(f.Dir, AnswersFile))
}

// The shapes the answers and questions files must have.
const (
	answersShape   = `an array of answers: [{"key": "r1/next-round", "choice": "yes", "text": "..."}]`
	questionsShape = `an array of questions, as the run writes it: [{"key": "r1/gate", "kind": "choice", "prompt": "..."}] (remove the file to have it written again)`
)

// readJSONArray reads a JSON array of T from path with runfile.DecodeArray (shape
// and entry say what the file and each element must be): a missing file
// is an empty array, and two elements with the same key are refused,
// naming the key; every error names the file.
func readJSONArray[T any](path, shape, entry string, key func(T) string) ([]T, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	out, err := runfile.DecodeArray[T](data, shape, entry)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	seen := map[string]int{}
	for i, v := range out {
		k := key(v)
		if k == "" {
			return nil, fmt.Errorf("%s: entry %d has no key", path, i+1)
		}
		if first, dup := seen[k]; dup {
			return nil, fmt.Errorf("%s names %q twice (entries %d and %d); keep one", path, k, first, i+1)
		}
		seen[k] = i + 1
	}
	return out, nil
}
