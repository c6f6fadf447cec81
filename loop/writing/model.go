package writing

import (
	"context"
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
)

// Model is one model for a role: a Provider and, optionally, a model name
// (empty: the provider's default) and an output token cap (0: the
// provider's default).
type Model struct {
	Provider  agent.Provider
	Name      string
	MaxTokens int
}

// The system prompts of the model roles; each names its role on its
// first line ("# Role: author").
const (
	authorSystem = "# Role: author\nYou write episodes of a serialized web novel. The brief comes first: follow it, keep to the story's facts, and never name episode numbers or parts inside the text."
	criticSystem = "# Role: arc-reviewer\nYou review a draft episode against its brief and the story's arc design. Your verdict is written before any discussion and does not change."
	readerSystem = "# Role: reader\nYou are one reader of a serialized web novel, reading as the persona described, with your memory of the earlier episodes."
)

// ModelAuthor is the author on a model.
type ModelAuthor struct{ Model Model }

// ModelCritic is the arc reviewer on a model: its verdict is a typed call
// (agent.Ask[Verdict]), schema-checked and repaired once.
type ModelCritic struct{ Model Model }

// ModelReader is a reader persona on a model (one per persona, if
// wanted): feedback and preferences are typed calls.
type ModelReader struct{ Model Model }

func (m Model) request(system string, parts []string, instructions string) agent.Request {
	msg := agent.Message{Role: agent.User}
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			msg.Parts = append(msg.Parts, agent.Part{Text: p + "\n\n"})
		}
	}
	if len(msg.Parts) > 0 {
		msg.Parts[len(msg.Parts)-1].CacheBreak = true
	}
	msg.Parts = append(msg.Parts, agent.Part{Text: instructions})
	return agent.Request{Model: m.Name, System: system, MaxTokens: m.MaxTokens, Messages: []agent.Message{msg}}
}

func ask[T any](ctx context.Context, m Model, req agent.Request) (T, agent.Usage, error) {
	a, err := agent.Ask[T](ctx, m.Provider, req)
	return a.Value, a.Usage, err
}

func material(s *Story) []string {
	return []string{"## Arc design\n\n" + s.Arc, "## Character arcs\n\n" + s.Characters, "## Episode summaries so far\n\n" + s.Summaries,
		"## Previous episode (" + orNone(s.PreviousName) + ")\n\n" + s.Previous}
}

// Write drafts or revises; the reply's text is the draft.
func (a ModelAuthor) Write(ctx context.Context, t AuthorTask) (string, agent.Usage, error) {
	parts := append(material(t.Story), "## Episode brief (the first priority)\n\n"+t.Brief)
	instr := fmt.Sprintf("Write episode %d. Answer with the episode's text only: its title on the first line, then the text.", t.Episode)
	if t.Verdict != nil {
		parts = append(parts, "## Current draft\n\n"+t.Draft, "## Arc review\n\n"+verdictText(*t.Verdict))
		instr = fmt.Sprintf("Revise the draft of episode %d to answer the arc review; keep what works. Answer with the whole revised text only.", t.Episode)
	}
	if len(t.Points) > 0 {
		instr += "\n\nThe brief's key points:\n- " + strings.Join(t.Points, "\n- ")
	}
	if len(t.Notes) > 0 {
		instr += "\n\nAlso:\n- " + strings.Join(t.Notes, "\n- ")
	}
	resp, err := a.Model.Provider.Complete(ctx, a.Model.request(authorSystem, parts, instr))
	u := resp.Usage
	u.Calls = max(u.Calls, 1)
	if err == nil && (resp.Truncated || resp.StopReason == "length" || resp.StopReason == "max_tokens") {
		err = fmt.Errorf("the draft was cut off: %w", agent.ErrTruncated)
	}
	return resp.Text, u, err
}

// Explain gives the author's turn of the discussion.
func (a ModelAuthor) Explain(ctx context.Context, t DiscussTask) (Reply, agent.Usage, error) {
	return ask[Reply](ctx, a.Model, a.Model.request(authorSystem, discussion4D(t),
		"Explain your intent only where the review missed it; do not dispute the verdict. If you have nothing to add, answer agree: true with an empty text."))
}

// Review gives the typed verdict.
func (c ModelCritic) Review(ctx context.Context, t ReviewTask) (Verdict, agent.Usage, error) {
	parts := append(material(t.Story), "## Episode brief (the standard)\n\n"+t.Brief, "## Draft under review\n\n"+t.Draft)
	instr := fmt.Sprintf("Give your verdict on this draft of episode %d: OK, REVISION_NEEDED or MAJOR_REVISION, with a summary and every issue (a verbatim quote of about 30 characters, the issue, a replacement text for the quote or an empty fix for advice, severity low for a minor point, medium or high when it needs a revision). Revisions so far: %d of %d; near the cap, answer OK if the episode's main question is met.",
		t.Episode, t.Revisions, t.MaxRevisions)
	return ask[Verdict](ctx, c.Model, c.Model.request(criticSystem, parts, instr))
}

// Discuss gives the reviewer's turn of the discussion.
func (c ModelCritic) Discuss(ctx context.Context, t DiscussTask) (Reply, agent.Usage, error) {
	return ask[Reply](ctx, c.Model, c.Model.request(criticSystem, discussion4D(t),
		"Add facts the author should know, if any; your verdict stands. If you have nothing to add, answer agree: true with an empty text."))
}

// Read gives the persona's feedback.
func (r ModelReader) Read(ctx context.Context, t ReadTask) (Feedback, agent.Usage, error) {
	parts := []string{"## Episode summaries so far\n\n" + t.Story.Summaries, "## Previous episode\n\n" + t.Story.Previous,
		"## The last episodes' quality log (judge this one against them: better or worse?)\n\n" + recentRows(t.Story.QualityLog, t.Episode, 3),
		fmt.Sprintf("## The arc's role map (the new episode is episode %d)\n\n%s", t.Episode, roleMap(t.Story.Arc)),
		"## Your persona\n\n" + personaText(t.Persona), "## Your reading memory\n\n" + t.Memory}
	if t.Brief != "" {
		parts = append(parts, "## Setting\n\n"+t.Story.Setting, "## Characters\n\n"+t.Story.CharacterSheet, "## Character arcs\n\n"+t.Story.Characters,
			"## Handover notes\n\n"+t.Story.Handover, "## Episode brief\n\n"+t.Brief)
	}
	parts = append(parts, "## The new episode\n\n"+t.Draft)
	return ask[Feedback](ctx, r.Model, r.Model.request(readerSystem, parts, fmt.Sprintf(
		"Read episode %d as your persona. Rate it 1 to 5 stars; give your impression, what worked, your concerns (each with a verbatim quote), one line, and the memory entry you keep of this episode.", t.Episode)))
}

// Compare says which of two drafts better delivers the brief.
func (r ModelReader) Compare(ctx context.Context, t CompareTask) (Preference, agent.Usage, error) {
	parts := []string{"## Your persona\n\n" + personaText(t.Persona), "## Episode brief\n\n" + t.Brief, "## Draft A\n\n" + t.A, "## Draft B\n\n" + t.B}
	return ask[Preference](ctx, r.Model, r.Model.request(readerSystem, parts,
		"Which draft, A or B, delivers the brief better for you as a reader? Answer A, B or tie, with a reason in one sentence."))
}

// recentRows returns the last k quality-log rows before episode n, one a
// line, or "" for none.
func recentRows(log string, n, k int) string {
	var rows []string
	for _, r := range tableRows(log, false) {
		if episodeNumber(r[0]) < n {
			rows = append(rows, "| "+strings.Join(r, " | ")+" |")
		}
	}
	return strings.Join(rows[max(0, len(rows)-k):], "\n")
}

func personaText(p Persona) string { return fmt.Sprintf("%s (%s): %s", p.Name, p.ID, p.Focus) }

func verdictText(v Verdict) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Verdict: %s\n%s\n", v.Verdict, v.Summary)
	for _, is := range v.Issues {
		fmt.Fprintf(&b, "- [%s] %q: %s (fix: %q)\n", is.Severity, is.Quote, is.Issue, is.Fix)
	}
	return b.String()
}

func discussion4D(t DiscussTask) []string {
	var b strings.Builder
	for _, turn := range t.History {
		fmt.Fprintf(&b, "- %s (agree %t): %s\n", turn.Speaker, turn.Agree, turn.Text)
	}
	return []string{"## Draft\n\n" + t.Draft, "## Arc review\n\n" + verdictText(t.Verdict), fmt.Sprintf("## Discussion so far (round %d of %d)\n\n%s", t.Round, MaxDiscussion, orNone(b.String()))}
}

// roleMap is the arc's role map: its "Role map" section (役割マップ), or
// the whole arc design when it has none.
func roleMap(arc string) string {
	if text, ok := section(arc, "Role map", "エピソード役割マップ", "役割マップ"); ok {
		return strings.TrimSpace(text)
	}
	return arc
}
