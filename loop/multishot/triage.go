package multishot

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// The triage gate's choices.
const (
	ChoiceFix       = "fix"       // apply the finding's own edit (offered when it has one)
	ChoiceFixed     = "fixed"     // the person fixed it in the working tree
	ChoiceIgnore    = "ignore"    // leave it, with the reason as the answer's text
	ChoiceDuplicate = "duplicate" // the same as the finding whose id is the answer's text
)

// AutoReason is the reason given to a finding the automatic gate ignores.
const AutoReason = "left as it is by the automatic gate"

func (s *session) asker() loop.Asker {
	if s.l.Asker != nil {
		return s.l.Asker
	}
	return loop.AutoAsker{}
}

// question is the triage question for f; after a fix that could not be
// applied (note), asked again without the fix.
func (s *session) question(f *Finding, note string) loop.Question {
	var opts []loop.Option
	def := ChoiceIgnore
	key := fmt.Sprintf("w%d/triage/%s", s.wave, f.ID)
	if note != "" {
		key += "/again"
		note = "\n" + note
	} else if f.Quote != "" && f.Fix != "" {
		opts = append(opts, loop.Option{ID: ChoiceFix, Label: "apply its fix: " + f.Fix})
		def = ChoiceFix
	} else if s.l.Fixer != nil {
		opts = append(opts, loop.Option{ID: ChoiceFix, Label: "have the fixer fix it"})
	}
	opts = append(opts, loop.Option{ID: ChoiceFixed, Label: "I fixed it"}, loop.Option{ID: ChoiceIgnore, Label: "ignore (say why)"},
		loop.Option{ID: ChoiceDuplicate, Label: "duplicate of another finding (give its id)"})
	final := ""
	if f.Final {
		final = " [final]"
	}
	return loop.Question{Key: key, Kind: loop.Choice, Text: true, Default: def, Options: opts,
		Prompt: fmt.Sprintf("%s%s %s %s:%s %s\n%s%s", f.ID, final, f.Severity, f.Location.Path, f.Location.Lines(), f.Title, f.Content, note)}
}

// triage asks the gate about every open finding of the wave, in order, and
// completes the slices whose pass left nothing fixed or open.
func (s *session) triage(ctx context.Context, w int, run []*SliceState) error {
	for _, f := range s.findings {
		if f.Wave != w || f.State.Current() != finding.Open {
			continue
		}
		a, err := loop.AskOnce(ctx, s.j, s.asker(), s.question(f, ""))
		if err != nil {
			return err
		}
		if err := s.decide(ctx, f, a); err != nil {
			return err
		}
		if a.Choice == ChoiceFix && f.Note != "" {
			// Its fix no longer applies (an earlier fix changed the
			// text): ask again without the fix.
			if a, err = loop.AskOnce(ctx, s.j, s.asker(), s.question(f, f.Note)); err != nil {
				return err
			}
			if err := s.decide(ctx, f, a); err != nil {
				return err
			}
		}
		s.emit(Event{Event: loop.Event{Kind: "triage", Round: w, Text: fmt.Sprintf("%s %s %s:%s %s -> %s: %s", f.ID, f.Severity, f.Location.Path, f.Location.Lines(), f.Title, a.Choice, statusText(f))}, Slice: f.Slice})
	}
	for _, sl := range run {
		if sl.Status != Active {
			continue
		}
		done := true
		for _, f := range s.findings {
			if f.Slice == sl.Name && f.Wave == w {
				if st := f.State.Current(); st == finding.Applied || st == finding.Open {
					done = false
				}
			}
		}
		if done {
			sl.Status = Clean
		}
	}
	return nil
}

func statusText(f *Finding) string {
	st := string(f.State.Current())
	if f.State.DuplicateOf != "" {
		st += " of " + f.State.DuplicateOf
	}
	if f.Note != "" {
		st += " (" + f.Note + ")"
	}
	return st
}

// decide carries out one triage answer.
func (s *session) decide(ctx context.Context, f *Finding, a loop.Answer) error {
	text := strings.TrimSpace(a.Text)
	switch a.Choice {
	case ChoiceFix:
		return s.fix(ctx, f)
	case ChoiceFixed:
		f.State = finding.State{Status: finding.Applied, Reason: text, By: "gate", At: s.now}
		s.fixed[f.Location.Path] = true
	case ChoiceIgnore:
		switch {
		case text != "":
		case f.Note != "":
			text = f.Note
		default:
			text = AutoReason
		}
		f.Note = ""
		f.State = finding.State{Status: finding.Ignored, Reason: text, By: "gate", At: s.now}
	case ChoiceDuplicate:
		c := s.byID[text]
		switch {
		case c == nil || c == f:
			f.Note = fmt.Sprintf("duplicate of %q: no such other finding", text)
			return nil
		case c.State.Current() == finding.Duplicate:
			f.Note = fmt.Sprintf("duplicate of %s, which is itself a duplicate of %s", c.ID, c.State.DuplicateOf)
			return nil
		}
		lines, tokens := features(f.ShotFinding, c.ShotFinding)
		s.marks = append(s.marks, Mark{ID: f.ID, Canonical: c.ID, Path: f.Location.Path, LineOverlap: lines, TokenOverlap: tokens,
			Shot: f.Shot, Pass: f.Pass, Wave: f.Wave})
		f.State = finding.State{Status: finding.Duplicate, DuplicateOf: c.ID, By: "gate", At: s.now, Reason: text}
	default:
		return fmt.Errorf("multishot: triage of %s: unknown choice %q", f.ID, a.Choice)
	}
	return nil
}

// fix applies f's own edit (its quote replaced by its fix) to the working
// tree through the journal: the patch is a step (a journal.Call when it
// asks the Fixer), the write a journal.Commit, so a resumed run neither loses nor repeats it. A fix
// that cannot be anchored leaves f open with a note.
func (s *session) fix(ctx context.Context, f *Finding) error {
	root, err := s.openDir()
	if err != nil {
		return err
	}
	// A plan that asks the fixer is a call (journal.Call: a durable engine
	// makes it elsewhere, on a copy of the run's folder); one that applies
	// the finding's own edit is local.
	step := journal.Step[plan]
	if f.Quote == "" || f.Fix == "" {
		step = journal.Call[plan]
	}
	p, err := step(ctx, s.j, fmt.Sprintf("w%d/fixplan/%s", s.wave, f.ID), func(ctx context.Context) (plan, error) {
		if err := loop.CheckWritable(filepath.Join(s.change.Root, filepath.FromSlash(f.Location.Path))); err != nil {
			return plan{Skip: err.Error()}, nil // a read-only file is the person's to change
		}
		doc, err := root.ReadFile(f.Location.Path)
		if err != nil {
			return plan{}, err
		}
		prop := f.Council
		if f.Quote == "" || f.Fix == "" {
			if s.l.Fixer == nil {
				return plan{Skip: "it has no edit and there is no fixer"}, nil
			}
			r, u, err := s.l.Fixer.Fix(ctx, FixInput{Finding: *f, Task: s.set.Task, Path: f.Location.Path, Text: doc})
			if err != nil {
				if ctx.Err() != nil {
					return plan{}, err
				}
				return plan{Skip: "the fixer failed: " + err.Error(), Usage: u}, nil
			}
			prop.Quotes, prop.Fix = []string{r.Quote}, r.Fix
			return plan{Usage: u}.build(f, doc, prop), nil
		}
		return plan{}.build(f, doc, prop), nil
	})
	if err != nil {
		return err
	}
	s.usage = s.usage.Add(p.Usage)
	if p.Skip != "" {
		f.Note = "the fix could not be applied: " + p.Skip
		return nil
	}
	if err := s.j.Commit(ctx, fmt.Sprintf("w%d/fix/%s", s.wave, f.ID), root, p.Changes); err != nil {
		return fmt.Errorf("multishot: fix of %s in %s: %w", f.ID, f.Location.Path, err)
	}
	f.State = finding.State{Status: finding.Applied, By: "gate", At: s.now}
	s.fixed[f.Location.Path] = true
	return nil
}

// plan is a fix in the journal: the file's patch, or why there is none.
type plan struct {
	Changes []journal.FileChange `json:"changes"`
	Skip    string               `json:"skip,omitempty"`
	Usage   agent.Usage          `json:"usage"`
}

// build makes the patch of f's one edit: prop's fix of its quote,
// looked for near prop's lines.
func (p plan) build(f *Finding, doc []byte, prop finding.Finding) plan {
	qp, err := apply.PatchQuotes(doc, []apply.QuoteFix{{Key: f.ID, Quote: prop.Quote(), Fix: prop.Fix, Lines: prop.LineRange}}, apply.QuoteOptions{})
	switch {
	case err != nil:
		p.Skip = err.Error()
	case len(qp.Skips) > 0:
		p.Skip = qp.Skips[0].Err.Error()
	default:
		p.Changes = []journal.FileChange{{Name: f.Location.Path, Patch: qp.Patch}}
	}
	return p
}
