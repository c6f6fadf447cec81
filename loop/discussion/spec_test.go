package discussion

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSpecValidate(t *testing.T) {
	root := workspace(t)
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "secret.md"), []byte("x"), 0o644)
	os.Symlink(filepath.Join(outside, "secret.md"), filepath.Join(root, "link.md"))
	os.Mkdir(filepath.Join(root, "folder"), 0o755)
	if err := testSpec(2, "a", "b").WithDefaults().Validate(root); err != nil {
		t.Fatalf("a good spec: %v", err)
	}
	for _, tc := range []struct {
		edit func(*Spec)
		want string
	}{
		{func(s *Spec) { s.ID = "-bad" }, "spec: id"},
		{func(s *Spec) { s.ID = strings.Repeat("x", 65) }, "spec: id"},
		{func(s *Spec) { s.Participants = s.Participants[:1] }, "1 participant(s); a discussion needs 2"},
		{func(s *Spec) { s.Participants[1].Name = "a" }, `participants[1].name: "a" is participants[0]'s name too`},
		{func(s *Spec) { s.Participants[1].Name = "has space" }, "participants[1].name"},
		{func(s *Spec) { s.Participants[1].Name = "lead" }, "reserved"},
		{func(s *Spec) { s.Participants[1].Name = "runner" }, "reserved"},
		{func(s *Spec) { s.Participants[0].Lens = "" }, "participants[0].lens: empty"},
		{func(s *Spec) { s.Participants[0].Timeout = "soon" }, "participants[0].timeout"},
		{func(s *Spec) { s.Participants[0].Timeout = "-1s" }, "not a positive duration"},
		{func(s *Spec) { s.Rounds = MaxRounds + 1 }, "rounds: 11"},
		{func(s *Spec) { s.VerdictSchema = []byte(`{"type": 3}`) }, "verdict_schema"},
		{func(s *Spec) { s.Targets = nil }, "targets: none given"},
		{func(s *Spec) { s.Targets = []string{"post.md", "./post.md"} }, "targets[1]: ./post.md is targets[0]'s file too"},
		{func(s *Spec) {
			s.VerdictSchema = []byte(`{"type":"object","additionalProperties":false,"properties":{"verdict":{},"critical":{},"absent":{}}}`)
		}, `does not declare the runner's "fallback"`},
		{func(s *Spec) { s.Targets = []string{"missing.md"} }, "targets[0]: missing.md does not exist"},
		{func(s *Spec) { s.Targets = []string{"../x.md"} }, "targets[0]"},
		{func(s *Spec) { s.Targets = []string{"link.md"} }, "lies outside the workspace"},
		{func(s *Spec) { s.Targets = []string{"folder"} }, "not a regular file"},
		{func(s *Spec) { s.Topic = " " }, "topic: empty"},
	} {
		s := testSpec(2, "a", "b").WithDefaults()
		tc.edit(&s)
		err := s.Validate(root)
		var se *SpecError
		if !errors.Is(err, ErrSpec) || !errors.As(err, &se) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("want %q, got %v", tc.want, err)
		}
	}
}

func TestParseSpec(t *testing.T) {
	s, err := ParseSpec("s.json", []byte("\xef\xbb\xbf"+`{"id":"x","topic":"t","participants":[],"synthesizer":{"instruction":"i"},"targets":[]}`))
	if err != nil || s.Rounds != DefaultRounds || s.Synthesizer.Name != DefaultLead || string(s.VerdictSchema) != DefaultVerdictSchema {
		t.Fatalf("%+v %v", s, err)
	}
	if _, err := ParseSpec("s.json", []byte(`{"id":"x","speakers":[]}`)); !errors.Is(err, ErrSpec) || !strings.Contains(err.Error(), "speakers") {
		t.Errorf("an unknown field: %v", err)
	}
}

// A custom verdict schema is honoured: a verdict it refuses is repaired
// like any other.
func TestValidateVerdictCustomSchema(t *testing.T) {
	schema := []byte(`{"type":"object","required":["verdict","critical"],"properties":{"verdict":{"enum":["OK","NG"]},"critical":{"type":"array"}}}`)
	b := concedeDebate(t, NewOfflineLead("lead")).Board
	vs, err := ValidateVerdict(schema, []byte(`{"verdict":"PASS","critical":[]}`), b)
	if err != nil || len(vs) != 1 || vs[0].Pointer != "/verdict" {
		t.Errorf("violations %v, %v", vs, err)
	}
	vs, _ = ValidateVerdict(schema, []byte(`{"verdict":"NG","critical":[{"points":["a/p1","nope"]}]}`), b)
	if len(vs) != 2 || !strings.Contains(vs[0].Message, "did not survive") || !strings.Contains(vs[1].Message, "names no point") {
		t.Errorf("citations: %v", vs)
	}
}

// No spec, however malformed, panics ParseSpec or Validate.
func FuzzParseSpec(f *testing.F) {
	data, _ := os.ReadFile(filepath.Join("..", "..", "examples", "discussion-review", "sample", "spec.json"))
	f.Add(data)
	f.Add([]byte(`{"id":"x","participants":[{"name":"a"},{"name":"a"}],"verdict_schema":{"$ref":"#/x"},"targets":["../../etc/passwd"],"rounds":-1}`))
	root := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseSpec("f.json", data)
		if err != nil {
			return
		}
		_ = s.Validate(root)
	})
}
