package discussion

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
)

// participantSystem is a model participant's system prompt.
const participantSystem = "You take part in a review debate on a shared whiteboard. You answer with one JSON object only, of the shape the schema gives. Be specific; quote verbatim; never invent labels."

// Model is a participant played by a model through a Provider: each turn is
// one typed call (agent.Ask), two when its JSON must be repaired. The
// conversation is laid out for prompt caching: the debate's shared text
// first, then the round-1 exchange (the targets and the participant's
// analysis), which is the same in every later round, then the board under
// this round's labels and what to do. The board itself cannot be shared
// byte for byte: each participant sees it under its own shuffled labels.
type Model struct {
	name, lens, model string
	p                 agent.Provider
}

// NewModel returns the participant name with lens, on provider p and model
// (empty: the provider's default).
func NewModel(name, lens string, p agent.Provider, model string) *Model {
	return &Model{name: name, lens: lens, p: p, model: model}
}

// Name returns the participant's name.
func (m *Model) Name() string { return m.name }

// Reviewer returns the participant as a Council JSON v1 reviewer on the
// same model, with its lens as persona.
func (m *Model) Reviewer() agent.Reviewer {
	return agent.NewLLMReviewer(m.p, agent.Persona{Name: m.name, Lens: m.lens}, agent.WithModel(m.model))
}

// answerWire is what a model participant answers.
type answerWire struct {
	Posts []postWire `json:"posts"`
}

type postWire struct {
	Kind     string   `json:"kind" jsonschema:"enum=claim,enum=evidence,enum=rebuttal,enum=concession,enum=question"`
	Body     string   `json:"body"`
	Refs     []string `json:"refs,omitempty" jsonschema_description:"Labels of the posts this one answers (A1, B2, ...); empty in round 1."`
	File     string   `json:"file,omitempty" jsonschema_description:"Round 1: the file the claim is about."`
	Lines    string   `json:"lines,omitempty" jsonschema_description:"Round 1: the lines, \"12\" or \"12-15\"."`
	Quote    string   `json:"quote,omitempty" jsonschema_description:"Round 1: text quoted verbatim from the file."`
	Severity string   `json:"severity,omitempty" jsonschema:"enum=low,enum=medium,enum=high,enum="`
}

// Turn asks the model for its posts.
func (m *Model) Turn(ctx context.Context, t Turn) (Answer, error) {
	msgs := []agent.Message{{Role: agent.User, Parts: []agent.Part{{Text: t.Shared, CacheBreak: true}, {Text: round1Text(t), CacheBreak: true}}}}
	if t.Round > 1 {
		prev, _ := json.Marshal(draftsWire(t.Analysis))
		msgs = append(msgs, agent.AssistantText(string(prev)), agent.UserText(laterText(t)))
	}
	if t.Previous != nil {
		prev, _ := json.Marshal(draftsWire(t.Previous.Posts))
		msgs = append(msgs, agent.AssistantText(string(prev)),
			agent.UserText("Some posts of your answer cannot go on the board:\n- "+strings.Join(t.Repair, "\n- ")+"\nAnswer again with the whole corrected JSON object only."))
	}
	ans, err := agent.Ask[answerWire](ctx, m.p, agent.Request{Model: m.model, System: participantSystem, Messages: msgs})
	a := Answer{Usage: ans.Usage, Model: ans.Model}
	if err != nil {
		return a, fmt.Errorf("participant %s: %w", m.name, err)
	}
	for i, p := range ans.Value.Posts {
		d := Draft{Kind: board.Kind(p.Kind), Body: p.Body, Refs: p.Refs}
		if t.Round == 1 && p.Quote != "" {
			lr, _ := finding.ParseLineRange(p.Lines)
			d.Finding = &finding.Finding{ID: fmt.Sprintf("F%03d", i+1), Category: m.name, File: p.File, LineRange: lr,
				Issue: p.Body, Severity: finding.Severity(p.Severity), Confidence: 50, Quotes: []string{p.Quote}}
		}
		a.Posts = append(a.Posts, d)
	}
	return a, nil
}

// round1Text is the round-1 message: the participant's lens and the
// targets, numbered by line.
func round1Text(t Turn) string {
	var s strings.Builder
	fmt.Fprintf(&s, "You are %s. Your lens: %s\n\n", t.Name, t.Lens)
	for _, tg := range t.Targets {
		fmt.Fprintf(&s, "## File %s\n\n%s\n", tg.Name, agent.NumberLines([]byte(tg.Text)))
	}
	s.WriteString("\nRound 1: analyse the files through your lens and post your claims: kind \"claim\", body, file, lines, quote (verbatim) and severity (low, medium, high). Refs stay empty.")
	return s.String()
}

// laterText is round k's message: the board under this round's labels.
func laterText(t Turn) string {
	var s strings.Builder
	fmt.Fprintf(&s, "Round %d. The whiteboard (your posts are Y1, Y2, ...; the letters of the others are shuffled for you):\n\n", t.Round)
	for _, p := range t.Seen {
		fmt.Fprintf(&s, "- %s [%s, round %d]", p.Label, p.Kind, p.Round)
		if len(p.Refs) > 0 {
			fmt.Fprintf(&s, " answers %s", strings.Join(p.Refs, ", "))
		}
		if f := p.Finding; f != nil {
			fmt.Fprintf(&s, " (%s, %s)", f.Severity, lines(f))
		}
		fmt.Fprintf(&s, ": %s\n", oneLine(p.Body))
	}
	s.WriteString("\nPost rebuttals and concessions to specific points of the others, each naming their labels in refs; defend your own points against rebuttals by rebutting the rebuttal, or concede the rebuttal to withdraw your point. Do not read the files again. Never name your own Y labels in a rebuttal or concession.")
	return s.String()
}

func draftsWire(ds []Draft) answerWire {
	w := answerWire{Posts: []postWire{}}
	for _, d := range ds {
		p := postWire{Kind: string(d.Kind), Body: d.Body, Refs: d.Refs}
		if f := d.Finding; f != nil {
			p.File, p.Lines, p.Quote, p.Severity = f.File, f.LineRange.String(), f.Quote(), string(f.Severity)
		}
		w.Posts = append(w.Posts, p)
	}
	return w
}

// ModelLead is the lead played by a model: one typed call for consensus and
// verdict, the verdict checked by the runner against the schema and the
// surviving points.
type ModelLead struct {
	name, model string
	p           agent.Provider
}

// NewModelLead returns the lead name on provider p and model.
func NewModelLead(name string, p agent.Provider, model string) *ModelLead {
	return &ModelLead{name: name, p: p, model: model}
}

// Name returns the lead's name.
func (l *ModelLead) Name() string { return l.name }

// leadSchema is the schema of the lead's answer: a consensus and a verdict
// of the spec's schema, so that a provider with structured output holds
// the model to the verdict's shape too.
func leadSchema(verdict json.RawMessage) ([]byte, error) {
	var v any
	if err := json.Unmarshal(verdict, &v); err != nil {
		return nil, fmt.Errorf("verdict schema: %w", err)
	}
	return json.Marshal(map[string]any{
		"type":                 "object",
		"required":             []string{"consensus", "verdict"},
		"additionalProperties": false,
		"properties":           map[string]any{"consensus": map[string]any{"type": "string"}, "verdict": v},
	})
}

// Conclude asks the model for consensus and verdict: one agent.LLMAgent
// task whose schema is the consensus beside the spec's verdict schema.
func (l *ModelLead) Conclude(ctx context.Context, t LeadTurn) (Conclusion, error) {
	var s strings.Builder
	fmt.Fprintf(&s, "You lead this debate. %s\n\nThe whiteboard:\n\n%s\n\nSurviving points (the only ones a critical item may name): %s.\n", t.Instruction, t.Board, list(t.Surviving))
	if t.Stopped != "" {
		fmt.Fprintf(&s, "The debate stopped early: %s.\n", t.Stopped)
	}
	s.WriteString("\nAnswer with {\"consensus\": \"...\", \"verdict\": {...}}, the verdict valid against the verdict schema; leave \"absent\" and \"fallback\" out or empty: the runner fills them in.")
	schema, err := leadSchema(t.Schema)
	if err != nil {
		return Conclusion{}, fmt.Errorf("lead %s: %w", l.name, err)
	}
	task := agent.Task{Material: []agent.Reference{{Name: "debate", Text: t.Shared}}, Instructions: s.String(), Schema: schema}
	if t.Previous != nil {
		prev, _ := json.Marshal(map[string]any{"consensus": t.Previous.Consensus, "verdict": t.Previous.Verdict})
		task.History = []agent.Message{agent.UserText(s.String()), agent.AssistantText(string(prev))}
		task.Instructions = "The verdict cannot stand:\n- " + strings.Join(t.Repair, "\n- ") + "\nAnswer again with the whole corrected JSON object only."
	}
	a := agent.NewLLMAgent(l.p, l.name, "You chair a review debate and write its verdict as JSON.", agent.WithModel(l.model))
	res, err := a.Run(ctx, task)
	c := Conclusion{Usage: res.Usage, Model: res.Model}
	if err != nil {
		return c, fmt.Errorf("lead %s: %w", l.name, err)
	}
	var w struct {
		Consensus string          `json:"consensus"`
		Verdict   json.RawMessage `json:"verdict"`
	}
	if err := json.Unmarshal([]byte(res.Text), &w); err != nil {
		return c, fmt.Errorf("lead %s: %w", l.name, err)
	}
	c.Consensus, c.Verdict = w.Consensus, w.Verdict
	return c, nil
}
