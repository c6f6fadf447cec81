package writing

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/kaigi-dev/kaigi/loop"
)

// MaxQuestions is the most questions step 2Q asks the designer.
const MaxQuestions = 3

// Assumption is a point of the brief the orchestrator had to fill by
// assumption, asked of the designer in step 2Q: a reading of the arc
// design, never a change of it.
type Assumption struct {
	// Key names the question in the journal and the answers file
	// ("s2q/" + Key).
	Key string
	// Question is what the designer is asked; Assumed is what the brief
	// goes on with unless the designer says otherwise.
	Question, Assumed string
}

// Assumptions returns the points of episode n's brief filled by
// assumption, at most MaxQuestions, most binding first: handover notes of
// the old format (every item read as [MUST-VOL]), a role map row without a
// pull level (estimated from the role tag) or without notes (the focus
// read from the role tag), a plot outline without the episode's entry, a
// character arc without a next trigger (held still). None means step 2Q
// is skipped.
func Assumptions(s *Story, n int) []Assumption {
	var out []Assumption
	f := ReadFacts(s, n)
	row, ok := s.ArcRow(n)
	if f.LegacyHandover {
		out = append(out, Assumption{"handover", fmt.Sprintf("The handover notes have no tags (the old format), so their %d item(s) are all read as [MUST-VOL] and left out of episode %d. Which of them, if any, must this episode handle?", len(legacyItems(s.Handover)), n),
			"none: all [MUST-VOL]"})
	}
	if ok && row.Pull == "" {
		p := estimatedPull(row.Role)
		out = append(out, Assumption{"pull", fmt.Sprintf("The role map gives episode %d no pull level; its role tag %q reads as pull %s. Is that the reading?", n, row.Role, p), "pull " + p})
	}
	if ok && strings.TrimSpace(row.Notes) == "" {
		out = append(out, Assumption{"focus", fmt.Sprintf("The role map has no notes for episode %d: how should the role tag %q be made concrete in it?", n, row.Role),
			fmt.Sprintf("as the role tag %q says, on from the previous episode", row.Role)})
	}
	if strings.TrimSpace(s.Plot) != "" && plotEntry(s.Plot, n) == "" {
		out = append(out, Assumption{"plot", fmt.Sprintf("The plot outline has no entry for episode %d: which events and characters does it hold?", n), "the events of the role map's notes, with the characters of the previous episode"})
	}
	for _, c := range s.characterArcs(n) {
		if c.Trigger == "" {
			out = append(out, Assumption{"trigger-" + slug(shortName(c.Name)), fmt.Sprintf("%s's arc names no next trigger: does it move in episode %d, and how?", shortName(c.Name), n),
				fmt.Sprintf("%s's arc holds still at its stage (%s)", shortName(c.Name), orNone(c.Stage))})
		}
	}
	return out[:min(len(out), MaxQuestions)]
}

var slugRE = regexp.MustCompile(`[^\p{L}\p{N}]+`)

func slug(s string) string {
	return strings.Trim(strings.ToLower(slugRE.ReplaceAllString(s, "-")), "-")
}

// designReviewRE marks a 2Q answer that asks to change the arc design.
var designReviewRE = regexp.MustCompile(`(?i)^\s*(?:\[DESIGN-REVIEW\]|arc change\s*[:：])\s*`)

// qa is one 2Q question with its answer.
type qa struct {
	Assumption
	Answer string
	// Review is set when the answer asks to change the arc design: the
	// brief keeps the assumption and the handover notes get a
	// [DESIGN-REVIEW] thread.
	Review bool
}

// ask2Q asks the designer the brief's assumptions (step 2Q) and adds
// the answers to the brief; an answer that changes the arc becomes a
// [DESIGN-REVIEW] thread in the handover notes instead (designReviews,
// written with the save).
func (d *driver) ask2Q(ctx context.Context) error {
	as := Assumptions(d.story, d.e.Number)
	if len(as) == 0 {
		return d.step("step2q", "completed", "no point of the brief was filled by assumption: no question")
	}
	if err := d.step("step2q", "in_progress", fmt.Sprintf("%d question(s) to the designer", len(as))); err != nil {
		return err
	}
	reviews := 0
	for _, a := range as {
		ans, err := loop.AskOnce(ctx, d.j, d.asker(), loop.Question{Key: "s2q/" + a.Key, Kind: loop.Input, Default: a.Assumed,
			Prompt: fmt.Sprintf("Episode %d, a reading of the arc design: %s (the brief assumes: %s; an answer starting \"arc change:\" goes to the handover notes as [DESIGN-REVIEW])", d.e.Number, a.Question, a.Assumed)})
		if err != nil {
			return err
		}
		q := qa{Assumption: a, Answer: strings.TrimSpace(ans.Text)}
		if m := designReviewRE.FindString(q.Answer); m != "" {
			q.Review, q.Answer = true, strings.TrimSpace(q.Answer[len(m):])
			reviews++
		}
		d.questions = append(d.questions, q)
	}
	d.brief += d.answersSection()
	return d.step("step2q", "completed", fmt.Sprintf("%d question(s) answered, %d as [DESIGN-REVIEW]", len(d.questions), reviews))
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// answersSection is the brief's section of the 2Q answers.
func (d *driver) answersSection() string {
	var b strings.Builder
	b.WriteString("\n## The designer's answers (2Q)\n\n")
	for _, q := range d.questions {
		switch {
		case q.Review:
			fmt.Fprintf(&b, "- %s\n  - The brief goes on with %s; the arc change asked for is a [DESIGN-REVIEW] thread: %s\n", q.Question, q.Assumed, q.Answer)
		case q.Answer == q.Assumed:
			fmt.Fprintf(&b, "- %s\n  - As assumed: %s\n", q.Question, q.Assumed)
		default:
			fmt.Fprintf(&b, "- %s\n  - The designer: %s\n", q.Question, q.Answer)
		}
	}
	return b.String()
}

// confirmLine designs the one line of a climax episode (step 3b) and
// confirms it with the designer, who may give another; the brief gets
// its section and the author's prompt the line.
func (d *driver) confirmLine(ctx context.Context) error {
	row, _ := d.story.ArcRow(d.e.Number)
	if !climax(row.Role) {
		return nil
	}
	line := strings.TrimSpace(designedLine(d.story, d.e.Number))
	prompt := fmt.Sprintf("Episode %d is a climax: it exists for this one line: %q. Keep it? (answer no, or yes with text, to give your own line)", d.e.Number, line)
	if line == "" {
		prompt = fmt.Sprintf("Episode %d is a climax, and the plot outline designs no one line for it. Give the line the episode exists for (as text), or no for none.", d.e.Number)
	}
	if err := d.step("step2q", "in_progress", "confirming the climax line"); err != nil {
		return err
	}
	a, err := loop.AskOnce(ctx, d.j, d.asker(), loop.Question{Key: "s3b/one-line", Kind: loop.Confirm, Text: true, Default: loop.Yes, Prompt: prompt})
	if err != nil {
		return err
	}
	if t := strings.TrimSpace(a.Text); t != "" {
		line = t
	} else if a.Choice == loop.No {
		line = ""
	}
	if d.line = line; line == "" {
		return d.step("step2q", "completed", "no climax line")
	}
	d.brief += fmt.Sprintf("\n## The one line (climax only)\n\nThis episode exists for this one line:\n\n> %s\n\nBuild everything so that this line lands with the greatest force: work back from it to the accumulation it needs, and design the afterglow after it. Every other description supports it.\n", line)
	return d.step("step2q", "completed", "the climax line confirmed: "+line)
}

// designReviews are the handover threads of the 2Q answers that ask to
// change the arc design, and of an act's end (arcObservation).
func (d *driver) designReviews() []string {
	var out []string
	for _, q := range d.questions {
		if q.Review {
			out = append(out, fmt.Sprintf("- [DESIGN-REVIEW] %s — %s (2Q of episode %d)", oneLine(q.Question), oneLine(q.Answer), d.e.Number))
		}
	}
	if a := d.arcObservation(); a != "" {
		out = append(out, "- [DESIGN-REVIEW] "+a)
	}
	return out
}

// arcObservation is what an episode that closes its act asks of the
// designer, as the original's arc observer at an act boundary: observe
// the arc before the next act; "" for any other episode.
func (d *driver) arcObservation() string {
	if d.facts.Boundary != "end" || d.facts.Act == 0 {
		return ""
	}
	return fmt.Sprintf("act %d closes with episode %d: observe the arc (%s, %s) before act %d begins", d.facts.Act, d.e.Number, ArcFile, CharacterFile, d.facts.Act+1)
}
