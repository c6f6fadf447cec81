package discussion

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// originals are spec files we wrote in the shape of the original's
// tools/discussion_specs/*.json: no id, targets or rounds, a
// "name_note" on the synthesizer, and a verdict_schema that is an example
// of the verdict, not a JSON Schema (with "critical" and without).
var originals = []string{"docs_release_gate_spec.json", "sprint_retro_spec.json"}

// loadOriginal loads one of originals with id and a target, post.md in
// a new workspace.
func loadOriginal(t *testing.T, name string) (Spec, string) {
	t.Helper()
	s, err := LoadSpec(filepath.Join("testdata", "original", name))
	if err != nil {
		t.Fatal(err)
	}
	s.ID, s.Targets = "orig", []string{"post.md"}
	return s, workspace(t)
}

// TestOriginalSpecsLoad: a spec file of the original loads as it is: id
// and targets stay empty for the caller, the descriptive "name_note" is
// kept (also through the journal's JSON round trip), the verdict example
// is kept and made a schema, and with an id and targets it validates.
func TestOriginalSpecsLoad(t *testing.T) {
	for _, name := range originals {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("testdata", "original", name)
			s, err := LoadSpec(path)
			if err != nil {
				t.Fatal(err)
			}
			if s.ID != "" || len(s.Targets) != 0 || s.Rounds != DefaultRounds {
				t.Errorf("id %q, targets %v, rounds %d", s.ID, s.Targets, s.Rounds)
			}
			if got := string(s.Synthesizer.Notes["name_note"]); !strings.Contains(got, "session") && !strings.Contains(got, "セッション") {
				t.Errorf("name_note = %q", got)
			}
			var file struct {
				VerdictSchema json.RawMessage `json:"verdict_schema"`
			}
			data, _ := os.ReadFile(path)
			json.Unmarshal(data, &file)
			if !jsonEqual(t, s.VerdictExample, file.VerdictSchema) || isExample(s.VerdictSchema) {
				t.Errorf("example %s, schema %s", s.VerdictExample, s.VerdictSchema)
			}
			err = s.Validate(t.TempDir())
			for _, want := range []string{"id: missing", "targets: none given"} {
				if !strings.Contains(errString(err), want) {
					t.Errorf("without id and targets: %v, want %q", err, want)
				}
			}
			s.ID, s.Targets = "orig", []string{"post.md"}
			if err := s.Validate(workspace(t)); err != nil {
				t.Fatalf("with id and targets: %v", err)
			}
			raw, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseSpec("journaled", raw)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back, s) {
				t.Errorf("the JSON round trip changed the spec:\n%s", raw)
			}
		})
	}
}

// TestUnknownFieldsStillRefused: a field that is neither defined nor
// descriptive is refused, named with where it is.
func TestUnknownFieldsStillRefused(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{`{"topic":"t","speakers":[]}`, `unknown field "speakers" in the spec`},
		{`{"topic":"t","participants":[{"name":"a","lense":"x"}]}`, `unknown field "lense" in a participant`},
		{`{"topic":"t","synthesizer":{"instruction":"i","nam_note":"ok","modle":"x"}}`, `unknown field "modle" in the synthesizer`},
		{`{"topic":"t","verdict_shema":{}}`, `"verdict_shema"`},
	} {
		_, err := ParseSpec("s.json", []byte(tc.spec))
		if !errors.Is(err, ErrSpec) || !strings.Contains(errString(err), tc.want) {
			t.Errorf("%s: %v, want %q", tc.spec, err, tc.want)
		}
	}
	s, err := ParseSpec("s.json", []byte(`{"topic":"t","notes":"why","participants":[{"name":"a","lens":"l","model_note":1}]}`))
	if err != nil || string(s.Notes["notes"]) != `"why"` || string(s.Participants[0].Notes["model_note"]) != "1" {
		t.Errorf("descriptive fields: %+v %v", s, err)
	}
}

// TestOriginalSpecDebate: an offline debate on each original-shaped spec
// ends with a verdict that validates against the schema derived from its
// example and holds the example's fields, and so does the fallback's.
func TestOriginalSpecDebate(t *testing.T) {
	for _, name := range originals {
		t.Run(name, func(t *testing.T) {
			s, root := loadOriginal(t, name)
			names := make([]string, len(s.Participants))
			for i, p := range s.Participants {
				names[i] = p.Name
			}
			d := &Discussion{Spec: s, Participants: offlineSeat(names...), Lead: NewOfflineLead(s.Synthesizer.Name), Root: root}
			o := mustRun(t, d)
			fail := make([]Participant, len(names))
			for i, n := range names {
				fail[i] = &fake{name: n, turn: func(context.Context, Turn) (Answer, error) { return Answer{}, errors.New("server down") }}
			}
			s2, root2 := loadOriginal(t, name)
			fo := mustRun(t, &Discussion{Spec: s2, Participants: fail, Lead: NewOfflineLead(s.Synthesizer.Name), Root: root2})
			if fo.Fallback == "" {
				t.Fatal("no fallback")
			}
			for _, out := range []*Outcome{o, fo} {
				sch, err := compileVerdictSchema(s.WithDefaults().VerdictSchema)
				if err != nil {
					t.Fatal(err)
				}
				vs := validateAgainst(sch, out.Verdict) // the fallback's critical names fan-out items, not points
				if out == o {
					vs, err = ValidateVerdict(s.WithDefaults().VerdictSchema, out.Verdict, out.Board)
				}
				if err != nil || len(vs) > 0 {
					t.Errorf("the verdict does not validate: %v %v\n%s", vs, err, out.Verdict)
				}
				var ex, v map[string]any
				json.Unmarshal(s.WithDefaults().VerdictExample, &ex)
				json.Unmarshal(out.Verdict, &v)
				for k := range ex {
					if _, ok := v[k]; !ok {
						t.Errorf("the verdict lacks the example's %q:\n%s", k, out.Verdict)
					}
				}
			}
		})
	}
}

// TestOriginalSpecDir loads every spec file in the folder
// KAIGI_ORIGINAL_SPECS names (the original's tools/discussion_specs), when
// it is set.
func TestOriginalSpecDir(t *testing.T) {
	dir := os.Getenv("KAIGI_ORIGINAL_SPECS")
	if dir == "" {
		t.Skip("KAIGI_ORIGINAL_SPECS is not set")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		t.Fatalf("no spec files in %s", dir)
	}
	root := workspace(t)
	for _, f := range files {
		s, err := LoadSpec(f)
		if err == nil {
			s.ID, s.Targets = "orig", []string{"post.md"}
			err = s.Validate(root)
		}
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(f), err)
		}
	}
	t.Logf("%d spec file(s)", len(files))
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y bytes.Buffer
	if json.Compact(&x, a) != nil || json.Compact(&y, b) != nil {
		return false
	}
	var u, v any
	json.Unmarshal(x.Bytes(), &u)
	json.Unmarshal(y.Bytes(), &v)
	return reflect.DeepEqual(u, v)
}
