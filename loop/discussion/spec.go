package discussion

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
)

// DefaultRounds is the number of debate rounds when Spec.Rounds is zero:
// round 1 analyses, round 2 rebuts.
const DefaultRounds = 2

// MaxRounds bounds Spec.Rounds: every debate ends.
const MaxRounds = 10

// MaxParticipants bounds a discussion's participants: each of the others
// gets a letter of its own in a participant's view.
const MaxParticipants = 24

// DefaultLead is the synthesizer's name when Spec.Synthesizer.Name is empty.
const DefaultLead = "lead"

// DefaultTimeout is a participant's deadline for one turn when its
// Timeout is zero: the original's ten minutes.
const DefaultTimeout = 10 * time.Minute

// The patterns a spec's names must match.
var (
	IDPattern   = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$`)
	NamePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$`)
)

// Spec says what a discussion is about and who takes part. Its JSON form is
// the original's spec file with targets, rounds and id beside it; a spec
// file of the original, which has none of them, loads as it is (its
// caller sets ID and Targets), its descriptive fields kept (Notes) and its
// verdict example made a schema (VerdictExample). A field that is neither
// defined nor descriptive is refused.
type Spec struct {
	// ID names the discussion and its folder (.discussion/<id>/); it
	// matches IDPattern.
	ID string `json:"id"`
	// Topic is the question debated, in one line.
	Topic string `json:"topic"`
	// Brief frames it: what the targets are, what matters; "" frames
	// nothing.
	Brief string `json:"brief,omitempty"`
	// Participants take part, at least two, names unique.
	Participants []ParticipantSpec `json:"participants"`
	// Synthesizer is the lead, who writes consensus and verdict.
	Synthesizer SynthesizerSpec `json:"synthesizer"`
	// VerdictSchema is the JSON Schema the verdict must validate against;
	// empty means DefaultVerdictSchema. It must describe an object with a
	// "critical" array of objects whose "points" name point ids (see
	// CheckVerdict), and allow the runner's "absent" and "fallback".
	VerdictSchema json.RawMessage `json:"verdict_schema,omitempty"`
	// Targets are the files debated, relative to the workspace root (or
	// absolute inside it), slash-separated.
	Targets []string `json:"targets"`
	// Rounds is the number of debate rounds (1 to MaxRounds); zero means
	// DefaultRounds. The lead concludes after them.
	Rounds int `json:"rounds,omitempty"`
	// VerdictExample is the example of the verdict a spec gave as its
	// verdict_schema, as the original's spec files do (for example
	// {"verdict":"PASS|WARN|FAIL","critical":[]}); WithDefaults then
	// derives VerdictSchema from it (every field required, typed as in the
	// example, "critical" in kaigi's form). Empty when the spec gave a
	// JSON Schema or none.
	VerdictExample json.RawMessage `json:"verdict_example,omitempty"`
	// Notes are the spec's descriptive fields (see Notes), kept as given.
	Notes Notes `json:"-"`
}

// ParticipantSpec is one participant as a spec names it.
type ParticipantSpec struct {
	// Name is the participant's name on the board; it matches NamePattern
	// and is neither the lead's name nor board.Runner.
	Name string `json:"name"`
	// Provider and Model say which model plays it ("openai",
	// "gpt-4.1-mini"); empty or "offline" means the built-in rules. How
	// they become a Participant is the caller's business (see
	// Discussion.Participants); the spec journals them.
	Provider string `json:"provider,omitempty"`
	Model    string `json:"model,omitempty"`
	// Lens says what the participant looks for.
	Lens string `json:"lens"`
	// Timeout is its deadline for one turn, as a Go duration ("90s");
	// empty means DefaultTimeout.
	Timeout string `json:"timeout,omitempty"`
	// Notes are its descriptive fields, kept as given.
	Notes Notes `json:"-"`
}

// SynthesizerSpec is the lead.
type SynthesizerSpec struct {
	// Name is the lead's name on the board; empty means DefaultLead.
	Name string `json:"name,omitempty"`
	// Instruction says how to weigh the debate into a verdict.
	Instruction string `json:"instruction"`
	// Provider and Model as for a participant.
	Provider string `json:"provider,omitempty"`
	Model    string `json:"model,omitempty"`
	// Notes are its descriptive fields (the original's "name_note"), kept
	// as given.
	Notes Notes `json:"-"`
}

// ErrSpec is matched by every *SpecError.
var ErrSpec = errors.New("discussion: invalid spec")

// SpecError is one thing wrong with a spec: the field, as a JSON path
// ("participants[1].name"), and the problem.
type SpecError struct {
	Field   string
	Problem string
}

// Error names the field and the problem.
func (e *SpecError) Error() string {
	return fmt.Sprintf("discussion: spec: %s: %s", e.Field, e.Problem)
}

// Is reports whether target is ErrSpec.
func (e *SpecError) Is(target error) bool { return target == ErrSpec }

// LoadSpec reads a spec from a JSON file (a leading BOM allowed; unknown
// fields refused but descriptive ones kept, see Notes; a file that is not
// UTF-8, such as UTF-16, refused with loop.ErrNotText naming its
// encoding) and fills in its defaults. It does not validate it: see
// Spec.Validate.
func LoadSpec(path string) (Spec, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Spec{}, fmt.Errorf("discussion: spec: %w", err)
	}
	return ParseSpec(path, data)
}

// ParseSpec parses a spec's JSON, which must be UTF-8 text
// (loop.CheckText); name names it in errors.
func ParseSpec(name string, data []byte) (Spec, error) {
	if err := loop.CheckText(name, data); err != nil {
		return Spec{}, fmt.Errorf("%w: %w", ErrSpec, err)
	}
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))))
	var s Spec // its UnmarshalJSON refuses unknown fields
	if err := dec.Decode(&s); err != nil {
		return Spec{}, fmt.Errorf("%w: %s: %v", ErrSpec, name, err)
	}
	return s.WithDefaults(), nil
}

// WithDefaults returns s with its zero fields set to their defaults: the
// rounds, the lead's name and the verdict schema; a verdict schema that is
// an example of the verdict (no JSON Schema keyword in it) is moved to
// VerdictExample and replaced by the schema derived from it.
func (s Spec) WithDefaults() Spec {
	if isExample(s.VerdictSchema) {
		if schema, err := schemaOf(s.VerdictSchema); err == nil {
			s.VerdictExample, s.VerdictSchema = s.VerdictSchema, schema
		}
	}
	if s.Rounds == 0 {
		s.Rounds = DefaultRounds
	}
	if s.Synthesizer.Name == "" {
		s.Synthesizer.Name = DefaultLead
	}
	if len(s.VerdictSchema) == 0 {
		s.VerdictSchema = json.RawMessage(DefaultVerdictSchema)
	}
	return s
}

// Validate reports everything wrong with s (after WithDefaults), as one
// error joining *SpecError values: the id, at least two participants with
// valid, unique names other than the lead's and board.Runner, a lens each,
// their timeouts, the rounds, the verdict schema (it must compile), and the
// targets, at least one, each a regular file inside root (symbolic links
// followed, and what they lead to must be inside root too).
func (s Spec) Validate(root string) error {
	var errs []error
	bad := func(field, format string, a ...any) {
		errs = append(errs, &SpecError{Field: field, Problem: fmt.Sprintf(format, a...)})
	}
	switch {
	case s.ID == "":
		bad("id", "missing: the spec names no discussion (the original's spec files have none: set one)")
	case !IDPattern.MatchString(s.ID):
		bad("id", "%q does not match %s", s.ID, IDPattern)
	}
	if strings.TrimSpace(s.Topic) == "" {
		bad("topic", "empty")
	}
	if len(s.Participants) < 2 || len(s.Participants) > MaxParticipants {
		bad("participants", "%d participant(s); a discussion needs 2 to %d", len(s.Participants), MaxParticipants)
	}
	lead := s.Synthesizer.Name
	if !NamePattern.MatchString(lead) || lead == board.Runner {
		bad("synthesizer.name", "%q does not match %s or is reserved", lead, NamePattern)
	}
	seen := map[string]int{}
	for i, p := range s.Participants {
		f := fmt.Sprintf("participants[%d]", i)
		switch j, dup := seen[p.Name]; {
		case !NamePattern.MatchString(p.Name):
			bad(f+".name", "%q does not match %s", p.Name, NamePattern)
		case dup:
			bad(f+".name", "%q is participants[%d]'s name too", p.Name, j)
		case p.Name == lead || p.Name == board.Runner:
			bad(f+".name", "%q is reserved for the lead or the runner", p.Name)
		}
		seen[p.Name] = i
		if strings.TrimSpace(p.Lens) == "" {
			bad(f+".lens", "empty: say what %s looks for", p.Name)
		}
		if _, err := p.timeout(); err != nil {
			bad(f+".timeout", "%v", err)
		}
	}
	if s.Rounds < 1 || s.Rounds > MaxRounds {
		bad("rounds", "%d; it must be 1 to %d", s.Rounds, MaxRounds)
	}
	if _, err := compileVerdictSchema(s.VerdictSchema); err != nil {
		bad("verdict_schema", "%v", err)
	} else if missing := closedTo(s.VerdictSchema, runnerFields); len(missing) > 0 {
		bad("verdict_schema", "additionalProperties is false, yet it does not declare the runner's %s", strings.Join(missing, " and "))
	}
	if len(s.Targets) == 0 {
		bad("targets", "none given")
	}
	files := map[string]int{}
	for i, t := range s.Targets {
		real, err := targetPath(root, t)
		if err != nil {
			bad(fmt.Sprintf("targets[%d]", i), "%v", err)
			continue
		}
		if j, dup := files[real]; dup {
			bad(fmt.Sprintf("targets[%d]", i), "%s is targets[%d]'s file too", t, j)
		}
		files[real] = i
	}
	return errors.Join(errs...)
}

// closedTo returns the fields of names a JSON Schema of an object with
// additionalProperties false does not declare: the verdict would refuse
// them once the runner adds them.
func closedTo(schema []byte, names []string) []string {
	var root struct {
		Additional *bool                      `json:"additionalProperties"`
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if json.Unmarshal(schema, &root) != nil || root.Additional == nil || *root.Additional {
		return nil
	}
	var missing []string
	for _, n := range names {
		if _, ok := root.Properties[n]; !ok {
			missing = append(missing, strconv.Quote(n))
		}
	}
	return missing
}

// timeout returns the participant's deadline for one turn.
func (p ParticipantSpec) timeout() (time.Duration, error) {
	if p.Timeout == "" {
		return DefaultTimeout, nil
	}
	d, err := time.ParseDuration(p.Timeout)
	if err == nil && d <= 0 {
		err = fmt.Errorf("%s is not a positive duration", p.Timeout)
	}
	return d, err
}

// targetPath resolves target inside root: the file it names (symbolic
// links followed), which must be a regular file inside root.
func targetPath(root, target string) (string, error) {
	if target == "" {
		return "", errors.New("empty path")
	}
	rootAbs, err := filepath.Abs(root)
	if err == nil {
		rootAbs, err = filepath.EvalSymlinks(rootAbs)
	}
	if err != nil {
		return "", fmt.Errorf("workspace root %s: %w", root, err)
	}
	p := filepath.FromSlash(target)
	if !filepath.IsAbs(p) {
		p = filepath.Join(rootAbs, p)
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", fmt.Errorf("%s does not exist in the workspace", target)
	}
	rel, err := filepath.Rel(rootAbs, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", fmt.Errorf("%s lies outside the workspace %s", target, root)
	}
	fi, err := os.Stat(real)
	if err != nil {
		return "", err
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("%s is not a regular file", target)
	}
	return real, nil
}
