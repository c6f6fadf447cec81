package writing

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// Reflector is an Author that, after each draft, says what surprised it
// in writing it and what it changed of the brief's writing accents (the
// seed's step 3: author-reflections.md and accent-note.md). An Author
// without it writes neither. Reflect must honour ctx and be safe for
// concurrent use; its Usage counts also when the error is not nil.
type Reflector interface {
	Reflect(ctx context.Context, t ReflectTask) (Reflection, agent.Usage, error)
}

// ReflectTask is the draft the author reflects on.
type ReflectTask struct {
	Episode, Version int
	Brief, Draft     string
	// Protagonist is the first character of the character arcs (its
	// short name), or "" when they name none.
	Protagonist string
	// Verdict is the arc review the draft answered; nil for the first
	// draft.
	Verdict *Verdict
}

// Reflection is the author's note on one draft.
type Reflection struct {
	// Surprise is one line on what surprised the author in writing the
	// draft; empty when nothing did (what went as planned is not written).
	Surprise string `json:"surprise"`
	// AccentChange says which writing accent the draft does not follow,
	// and why; empty when it follows them all.
	AccentChange string `json:"accent_change"`
	// Choice is the protagonist's choice in the draft, for the tracker's
	// protagonist agency table.
	Choice Choice `json:"choice"`
	// Balance is the draft's action balance, for the tracker's action
	// balance table.
	Balance Balance `json:"balance"`
}

// Validate reports an invalid choice or balance (Choice.Validate,
// Balance.Validate); the zero values are valid and write no row.
func (r Reflection) Validate() error {
	return errors.Join(r.Choice.Validate(), r.Balance.Validate())
}

type reflected struct {
	Reflection Reflection  `json:"reflection"`
	Usage      agent.Usage `json:"usage"`
}

// reflect asks the author to reflect on draft v, when it can; a
// reflection that does not validate is an error.
func (d *driver) reflect(ctx context.Context, v int, verdict *Verdict) error {
	r, ok := d.e.Author.(Reflector)
	if !ok {
		return nil
	}
	t := ReflectTask{Episode: d.e.Number, Version: v, Brief: d.brief, Draft: d.drafts[v], Verdict: verdict, Protagonist: d.story.protagonist()}
	res, err := journal.Call(ctx, d.j, d.key("s3/reflect/v%d", v), func(ctx context.Context) (reflected, error) {
		rf, u, err := r.Reflect(ctx, t)
		if err == nil {
			err = rf.Validate()
		}
		if err != nil {
			return reflected{}, fmt.Errorf("writing: episode %d: author, reflection on draft v%d: %w", d.e.Number, v, err)
		}
		return reflected{Reflection: rf, Usage: u}, nil
	})
	if err != nil {
		return err
	}
	d.usage = d.usage.Add(res.Usage)
	d.reflections[v] = res.Reflection
	return nil
}

// reflectionEntry is the author's surprise on the final draft, the
// entry of AuthorReflectionsFile written with the save (one "## Episode N"
// entry: the final draft's impression only), or "" when the author was
// not surprised.
func (d *driver) reflectionEntry() string {
	s := strings.TrimSpace(d.reflections[d.current].Surprise)
	if s == "" {
		return ""
	}
	return fmt.Sprintf("(draft v%d) %s", d.current, oneLine(s))
}

// accentChange is the author's note on the current draft's accents, or "".
func (d *driver) accentChange() string {
	return strings.TrimSpace(d.reflections[d.current].AccentChange)
}

// orchestratorNotes are the orchestrator's reflections on the run (the
// seed's step 7.6): what did not go as planned. No role reads them.
func (d *driver) orchestratorNotes() []string {
	var out []string
	if len(d.trackerMissing) > 0 {
		out = append(out, trackerNote(d.trackerMissing))
	}
	if d.facts.LegacyHandover {
		out = append(out, "The handover notes were in the old format: every item was read as [MUST-VOL].")
	}
	for _, q := range d.questions {
		if q.Review {
			out = append(out, "2Q raised an arc change, left as [DESIGN-REVIEW]: "+oneLine(q.Answer))
		} else if q.Answer != q.Assumed {
			out = append(out, fmt.Sprintf("2Q: the designer read it otherwise than assumed (%s): %s", q.Assumed, oneLine(q.Answer)))
		}
	}
	for _, r := range d.revisions {
		if !r.Accepted {
			out = append(out, fmt.Sprintf("Revision v%d was not accepted: %s", r.Version, r.Reason))
		}
	}
	if hits := Scan(d.drafts[d.current]); len(hits) > 0 {
		out = append(out, fmt.Sprintf("The meta-narrative scan found %d hit(s) in the final draft.", len(hits)))
	}
	if c := d.accentChange(); c != "" {
		out = append(out, "The author changed the accents: "+oneLine(c))
	}
	return out
}

// lastOrchestratorNote returns the orchestrator's entry of the latest
// episode before n in its reflections file, for the retro, or "".
func lastOrchestratorNote(md string, n int) string {
	best, text := 0, ""
	var cur strings.Builder
	k := 0
	flush := func() {
		if k > best && k < n {
			best, text = k, strings.TrimSpace(cur.String())
		}
		cur.Reset()
	}
	for _, l := range splitLines(md) {
		if lv, h := headingOf(l); lv == 2 {
			flush()
			k = episodeNumber(h)
			continue
		}
		cur.WriteString(l)
	}
	flush()
	if text == "" {
		return ""
	}
	return fmt.Sprintf("episode %d: %s", best, oneLine(text))
}

// Reflect asks the model what surprised it in the draft, what it changed
// of the accents, the protagonist's choice and the action balance, as a
// typed call; the balance's shares are scaled to sum to 100.
func (a ModelAuthor) Reflect(ctx context.Context, t ReflectTask) (Reflection, agent.Usage, error) {
	rf, u, err := ask[Reflection](ctx, a.Model, a.Model.request(authorSystem, []string{"## Episode brief\n\n" + t.Brief, "## Your draft\n\n" + t.Draft},
		fmt.Sprintf("Reflect on your draft v%d of episode %d. surprise: one line on what surprised you in writing it (not what went as planned); empty if nothing did. accent_change: which of the brief's writing accents you did not follow and why; empty if you followed them. "+
			"choice: the protagonist's (%s) choice in the draft: who chooses, what they chose (one line), its kind (judgement or decision when they choose, reaction when they only react to events) and the option not taken that the draft shows (empty if none); write them in the draft's language. "+
			"balance: the shares of action, dialogue and interior (thoughts and feelings) in the draft's text, in percent, summing to 100.", t.Version, t.Episode, orNone(t.Protagonist))))
	if err == nil {
		rf.Balance = normalized(rf.Balance.Action, rf.Balance.Dialogue, rf.Balance.Interior)
	}
	return rf, u, err
}

// Reflect reads the draft's choice and balance by word rules
// (offlineChoice, offlineBalance) and notes, for a revision, the review's
// fixes the draft does not hold (their quotes are still in it: they did
// not anchor, or the revision's cap left them for the polish step); a
// first draft brings no surprise.
func (OfflineAuthor) Reflect(_ context.Context, t ReflectTask) (Reflection, agent.Usage, error) {
	rf := Reflection{Choice: offlineChoice(t.Protagonist, t.Draft), Balance: offlineBalance(t.Draft)}
	if t.Verdict == nil {
		return rf, agent.Usage{}, nil
	}
	left, fixes := 0, 0
	for _, is := range t.Verdict.Issues {
		if is.Fix != "" {
			fixes++
			if is.Quote != "" && strings.Contains(t.Draft, is.Quote) {
				left++
			}
		}
	}
	if left > 0 {
		rf.Surprise = fmt.Sprintf("%d of the review's %d fixes are not in the revision: more was asked than one revision applies.", left, fixes)
	}
	return rf, agent.Usage{}, nil
}
