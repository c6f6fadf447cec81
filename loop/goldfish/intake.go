package goldfish

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// DocKind is the kind of document under review, by which the intake
// recommends reviewers.
type DocKind string

// The document kinds the intake recommends reviewers for.
const (
	// SpecDoc is a feature specification.
	SpecDoc DocKind = "spec"
	// PlanDoc is an implementation plan.
	PlanDoc DocKind = "plan"
	// OtherDoc is any other document: the person names the reviewers.
	OtherDoc DocKind = "other"
)

// Recommended returns the reviewers recommended for a document of kind k
// and the standards the recommendation gives them: for a spec,
// design_critic and structural, both against feature-spec-standard; for a
// plan, implementation_readiness against implementation-readiness-standard
// and codebase_details against its persona's own (re-implementation-
// standard). Any other kind has no recommendation (nil, nil).
func Recommended(k DocKind) ([]string, map[string]string) {
	switch k {
	case SpecDoc:
		return []string{"design_critic", "structural"}, map[string]string{"design_critic": "feature-spec-standard", "structural": "feature-spec-standard"}
	case PlanDoc:
		return []string{"implementation_readiness", "codebase_details"}, map[string]string{"implementation_readiness": "implementation-readiness-standard"}
	}
	return nil, nil
}

// planWords and specWords are what GuessKind counts in a document's
// headings.
var (
	planWords = []string{"plan", "implementation", "milestone", "rollout", "roll-out", "rollback", "migration", "task", "phase", "timeline", "実装", "計画", "移行", "タスク"}
	specWords = []string{"spec", "requirement", "design", "goal", "non-goal", "behaviour", "behavior", "interface", "format", "仕様", "要件", "設計"}
)

// GuessKind guesses whether text is an implementation plan or a feature
// spec from the words of its headings (the first one counting three
// times): PlanDoc when plan words ("plan", "milestone", "rollout", "実装計画",
// ...) outnumber spec words ("spec", "requirements", "design", "仕様",
// ...), else SpecDoc. It is the default answer of the intake's question,
// which a person can change.
func GuessKind(text []byte) DocKind {
	plan, spec := 0, 0
	for i, s := range document.Parse(text).Sections {
		title, weight := strings.ToLower(s.Title), 1
		if i == 0 {
			weight = 3
		}
		for _, w := range planWords {
			if strings.Contains(title, w) {
				plan += weight
			}
		}
		for _, w := range specWords {
			if strings.Contains(title, w) {
				spec += weight
			}
		}
	}
	if plan > spec {
		return PlanDoc
	}
	return SpecDoc
}

// Plan is what a Goldfish run reviews and with whom: the five inputs of
// the original's intake. The zero value has every input missing.
type Plan struct {
	// File is the document (TargetFile).
	File string `json:"file"`
	// Target is the section (SemanticTarget) in a form ParseTarget reads;
	// "full file" is the whole file, "" is missing.
	Target string `json:"target"`
	// Reviewers are short names or persona paths.
	Reviewers []string `json:"reviewers"`
	// Standards maps a reviewer to its standards (comma-separated); a
	// reviewer it does not name audits against its persona's own.
	Standards map[string]string `json:"standards,omitempty"`
	// Context is the files and folders every reviewer receives; none is a
	// valid plan.
	Context []string `json:"context,omitempty"`
	// Kind is the document's kind, when the reviewers were recommended
	// for it.
	Kind DocKind `json:"kind,omitempty"`
}

// Missing returns the inputs p lacks, in the order the intake asks for
// them: "file", "target", "reviewers". The standards and the context have
// defaults (the personas' own standards, no context), so they are never
// missing; the intake asks for the context only when codebase_details
// has none to read.
func (p Plan) Missing() []string {
	var out []string
	if strings.TrimSpace(p.File) == "" {
		out = append(out, "file")
	}
	if strings.TrimSpace(p.Target) == "" {
		out = append(out, "target")
	}
	if len(p.Reviewers) == 0 {
		out = append(out, "reviewers")
	}
	return out
}

// ErrNotConfirmed: the person answered no when the intake showed the plan;
// nothing was written.
var ErrNotConfirmed = errors.New("goldfish: the plan was not confirmed")

// Intake completes a Plan as the original's first step does: it asks for
// the inputs the plan is missing and only those, one question at a time
// (intake/file, intake/target, intake/kind, intake/context), recommends
// reviewers by the document's kind, checks the whole plan (the file, the
// target in it, every persona and standard, the context), then shows the
// plan (target, reviewers, standards, context) and waits for a yes
// (intake/confirm-<digest of the plan>) before the first round. Nothing is
// journaled, as no run exists yet, and the intake writes nothing itself
// (a loop.FileAsker writes its questions file). The zero value asks
// loop.AutoAsker, which takes every default and confirms. An Intake holds
// no state: it may be used by several goroutines at once if its Asker may.
type Intake struct {
	// Asker answers the questions: a terminal form, loop.FileAsker (which
	// returns loop.ErrWaiting until the answer is written; run the intake
	// again then), a callback (loop.AskFunc); nil means loop.AutoAsker.
	Asker loop.Asker
	// Materials resolves the reviewers, standards and context, as the run
	// will.
	Materials Materials
	// MaxSize is the largest file in bytes; 0 means loop.DefaultMaxSize.
	MaxSize int64
}

// maxTargetOptions caps the headings offered as targets.
const maxTargetOptions = 40

// Complete returns p with its missing inputs answered, once the person
// confirmed it (see Intake). Errors: loop.ErrWaiting and loop.ErrStop from
// the asker, wrapped; ErrNotConfirmed; ErrSectionNotFound for a target the
// file does not have; ErrBadMaterial for a persona, standard or context
// that cannot be used; an answer that fits no question, naming both.
func (in Intake) Complete(ctx context.Context, p Plan) (Plan, error) {
	asker := in.Asker
	if asker == nil {
		asker = loop.AutoAsker{}
	}
	ask := func(q loop.Question) (loop.Answer, error) {
		a, err := loop.Ask(ctx, asker, q)
		if err != nil {
			return a, fmt.Errorf("goldfish: intake: %w", err)
		}
		return a, nil
	}
	p.Standards = maps.Clone(p.Standards)
	if p.Standards == nil {
		p.Standards = map[string]string{}
	}
	if strings.TrimSpace(p.File) == "" {
		a, err := ask(loop.Question{Key: "intake/file", Kind: loop.Input, Prompt: "Which file is to be reviewed? (the path of the spec or plan)"})
		if err != nil {
			return Plan{}, err
		}
		p.File = a.Text
	}
	_, text, err := loop.OpenDocument(p.File, cmp.Or(in.MaxSize, loop.DefaultMaxSize), "Loop.MaxSize", true)
	if err != nil {
		return Plan{}, fmt.Errorf("goldfish: intake: %w", err)
	}
	base := filepath.Base(p.File)
	if strings.TrimSpace(p.Target) == "" {
		q := targetQuestion(base, text)
		a, err := ask(q)
		if err != nil {
			return Plan{}, err
		}
		p.Target = a.Choice
		if a.Choice == "other" {
			if p.Target = strings.TrimSpace(a.Text); p.Target == "" {
				return Plan{}, fmt.Errorf("goldfish: intake: question %s: the answer \"other\" needs the target in its text (heading:TEXT, an id, marker:BEGIN..END)", q.Key)
			}
		}
	}
	target, err := ParseTarget(p.Target)
	if err != nil {
		return Plan{}, err
	}
	if _, err := target.Resolve(text); err != nil {
		return Plan{}, sectionErr(0, base, err)
	}
	if len(p.Reviewers) == 0 {
		if p.Kind == "" {
			p.Kind = GuessKind(text)
		}
		spec, _ := Recommended(SpecDoc)
		plan, _ := Recommended(PlanDoc)
		q := loop.Question{Key: "intake/kind", Kind: loop.Choice, Default: string(p.Kind), Text: true,
			Prompt: fmt.Sprintf("What kind of document is %s? The reviewers are recommended by kind.", base),
			Options: []loop.Option{
				{ID: string(SpecDoc), Label: "Feature spec: " + strings.Join(spec, " and ") + ", against feature-spec-standard"},
				{ID: string(PlanDoc), Label: "Implementation plan: " + strings.Join(plan, " and ") + ", against implementation-readiness-standard and re-implementation-standard"},
				{ID: string(OtherDoc), Label: "Other: name the reviewers in the text, comma-separated (short names or paths)"}}}
		if p.Kind != SpecDoc && p.Kind != PlanDoc {
			q.Default = string(OtherDoc)
		}
		a, err := ask(q)
		if err != nil {
			return Plan{}, err
		}
		p.Kind = DocKind(a.Choice)
		rs, ss := Recommended(p.Kind)
		if p.Kind == OtherDoc {
			rs = SplitNames(a.Text)
			if len(rs) == 0 {
				return Plan{}, fmt.Errorf("goldfish: intake: question %s: the answer \"other\" needs the reviewers in its text, comma-separated", q.Key)
			}
		}
		p.Reviewers = rs
		for r, s := range ss {
			if _, given := p.Standards[r]; !given {
				p.Standards[r] = s
			}
		}
	}
	if len(p.Context) == 0 && slices.Contains(p.Reviewers, "codebase_details") {
		a, err := ask(loop.Question{Key: "intake/context", Kind: loop.Input, Default: "none",
			Prompt: "Which files or folders hold the code the plan changes? codebase_details checks the plan against them (comma-separated; none for none)"})
		if err != nil {
			return Plan{}, err
		}
		if !strings.EqualFold(strings.TrimSpace(a.Text), "none") {
			p.Context = SplitNames(a.Text)
		}
	}
	seats, err := in.Materials.Cast(p.Reviewers, p.Standards)
	if err != nil {
		return Plan{}, err
	}
	if _, _, err := in.Materials.ContextMaterials(p.Context); err != nil {
		return Plan{}, err
	}
	q := loop.Question{Key: "intake/confirm-" + p.digest(), Kind: loop.Confirm,
		Prompt: p.describe(target, seats) + "\nStart round 1 with this plan?"}
	a, err := ask(q)
	if err != nil {
		return Plan{}, err
	}
	if a.Choice != loop.Yes {
		return Plan{}, ErrNotConfirmed
	}
	return p, nil
}

// targetQuestion asks which part of the file is reviewed: the whole file
// (the default), one of its headings, or another target in the text.
func targetQuestion(base string, text []byte) loop.Question {
	q := loop.Question{Key: "intake/target", Kind: loop.Choice, Default: "full file", Text: true,
		Prompt:  fmt.Sprintf("Which part of %s is to be reviewed?", base),
		Options: []loop.Option{{ID: "full file", Label: "The full file"}}}
	sections := document.Parse(text).Sections
	count := map[string]int{}
	for _, s := range sections {
		count[s.Title]++
	}
	for _, s := range sections {
		if len(q.Options) > maxTargetOptions {
			break
		}
		id := "heading:" + s.Title
		if s.ID != "" {
			id = "id:" + s.ID
		}
		// A title that heads two sections names neither (nor does an id
		// given twice): it is not offered.
		if (s.ID == "" && count[s.Title] > 1) || s.Title == "" || slices.ContainsFunc(q.Options, func(o loop.Option) bool { return o.ID == id }) {
			continue
		}
		q.Options = append(q.Options, loop.Option{ID: id, Label: strings.Repeat("#", s.Level) + " " + loop.Printable(s.Title)})
	}
	q.Options = append(q.Options, loop.Option{ID: "other", Label: "Another target: write it in the text (heading:TEXT, an id, marker:BEGIN..END)"})
	return q
}

// describe says the plan as the confirmation shows it.
func (p Plan) describe(t document.Target, seats []Seat) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Plan:\n- Target: %s, %s\n- Reviewers:\n", p.File, t)
	for _, s := range seats {
		std := "no standard"
		if len(s.Persona.Standards) > 0 {
			std = "against " + strings.Join(s.Persona.Standards, ", ")
		}
		if s.Persona.Name == ProbeName {
			std = "the comprehension probe: restates the section"
		}
		fmt.Fprintf(&b, "  - %s (%s)\n", s.Name, std)
	}
	ctx := "none"
	if len(p.Context) > 0 {
		ctx = strings.Join(p.Context, ", ")
	}
	fmt.Fprintf(&b, "- Context: %s\n", ctx)
	return loop.Printable(b.String())
}

// digest is a short hash of the plan: the key of its confirmation, so a
// yes given to one plan is never read as a yes to another.
func (p Plan) digest() string {
	data, _ := json.Marshal(struct {
		File               string
		Target             string
		Reviewers, Context []string
		Standards          map[string]string
	}{p.File, p.Target, p.Reviewers, p.Context, p.Standards})
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:4])
}

// SplitNames splits a comma-separated list of names as people write them
// (reviewers, standards, context paths): white space around each name is
// trimmed, blanks are dropped.
func SplitNames(s string) []string { return splitTrim(s, ",") }

// splitTrim splits s at sep, trims white space around each part and
// drops the blank ones.
func splitTrim(s, sep string) []string {
	var out []string
	for _, v := range strings.Split(s, sep) {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// JournaledPlan returns the plan of the run journaled in dir as it
// started: its file, target, reviewers (as they were given: short names
// or paths) with their standards, and its context files. It is what a
// resume goes on with; a run folder without a run is
// rounds.ErrNothingToUndo.
func JournaledPlan(dir string) (Plan, error) {
	cfg := (&Loop{Dir: dir}).config()
	files, err := rounds.JournaledFiles(cfg)
	if err != nil {
		return Plan{}, fmt.Errorf("goldfish: %w", err)
	}
	s, err := rounds.JournaledSettings[settings](cfg)
	if err != nil {
		return Plan{}, fmt.Errorf("goldfish: %w", err)
	}
	p := Plan{File: files[0], Target: TargetForm(s.Target), Standards: map[string]string{}}
	for _, name := range s.Reviewers {
		given, stds := name, []string{}
		for _, m := range s.Materials[name] {
			switch m.Kind {
			case "persona":
				given = m.Name
			case "standard":
				stds = append(stds, m.Name)
			}
		}
		p.Reviewers = append(p.Reviewers, given)
		p.Standards[given] = strings.Join(stds, ",")
	}
	for _, c := range s.Context {
		p.Context = append(p.Context, c.Name)
	}
	return p, nil
}

// TargetForm writes t in the form ParseTarget reads back to t: "full
// file", "id:S1.12", "h4:S1.12", "heading:TEXT" or "marker:BEGIN..END".
func TargetForm(t document.Target) string {
	switch {
	case t.Begin != "" && t.End != "":
		return "marker:" + t.Begin + ".." + t.End
	case t.Begin != "":
		return "marker:" + t.Begin
	case t.ID != "" && t.Level > 0:
		return fmt.Sprintf("h%d:%s", t.Level, t.ID)
	case t.ID != "":
		return "id:" + t.ID
	case t.Heading != "":
		return "heading:" + t.Heading
	}
	return "full file"
}

// CheckNoUnfinishedRun returns an error wrapping loop.ErrUnfinishedRun when
// dir holds a run that has not ended, which a new run there would be
// refused over: call it before the intake, so that nobody answers
// questions for a run that cannot start.
func CheckNoUnfinishedRun(dir string) error {
	open, err := rounds.Unfinished((&Loop{Dir: dir}).config())
	switch {
	case err != nil:
		return fmt.Errorf("goldfish: %w", err)
	case open:
		return fmt.Errorf("goldfish: %w in %s: resume it (-resume) or undo it (-undo) first", loop.ErrUnfinishedRun, dir)
	}
	return nil
}
