package goldfish

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

// TestDamagedQuestionsFile is issue 22 item 20 for the Goldfish loop: a
// run waiting for its gate choice, resumed with a damaged questions.json
// or answers.json, is refused with an error that names the damaged file
// and the shape that file must have, not the other file's.
func TestDamagedQuestionsFile(t *testing.T) {
	for _, tt := range []struct {
		file, content, want, not string
	}{
		{loop.QuestionsFile, `{}`, "an array of questions", "answers"},
		{loop.QuestionsFile, `"r1/gate"`, "an array of questions", "answers"},
		{loop.AnswersFile, `{}`, "an array of answers", "questions"},
	} {
		t.Run(tt.file+" "+tt.content, func(t *testing.T) {
			g := fake(t, "design_critic", func(sec string, round, shot int) []finding.Finding {
				return []finding.Finding{find(sec, "It's worth noting that uploads", "filler", finding.Low, "Uploads")}
			})
			l, spec := specLoop(t, g)
			l.Asker = loop.FileAsker{Dir: l.Dir}
			if _, err := l.Run(context.Background(), spec); !errors.Is(err, loop.ErrNotConverged) {
				t.Fatalf("first run: %v", err)
			}
			path := filepath.Join(l.Dir, tt.file)
			if err := os.WriteFile(path, []byte(tt.content), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := l.Resume(context.Background(), spec)
			if err == nil {
				t.Fatal("the damaged file was accepted")
			}
			msg := err.Error()
			if !strings.Contains(msg, path) || !strings.Contains(msg, tt.want) || strings.Contains(strings.SplitN(msg, path, 2)[1], tt.not) {
				t.Errorf("error %q; want %s named with %q, and nothing of %s", msg, tt.file, tt.want, tt.not)
			}
		})
	}
}
