package writing

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// The journaled values of the role calls: what each returned and cost.
type (
	drafted struct {
		Text  string      `json:"text"`
		Usage agent.Usage `json:"usage"`
	}
	reviewed struct {
		Verdict Verdict     `json:"verdict"`
		Usage   agent.Usage `json:"usage"`
	}
	replied struct {
		Reply Reply       `json:"reply"`
		Usage agent.Usage `json:"usage"`
	}
	compared struct {
		Preference Preference  `json:"preference"`
		Usage      agent.Usage `json:"usage"`
	}
	readResult struct {
		Feedback Feedback    `json:"feedback"`
		Hash     string      `json:"hash"`
		Usage    agent.Usage `json:"usage"`
	}
)

// driver is one execution of an episode's run. Every field is a function
// of the journal: a replayed execution rebuilds the same state.
type driver struct {
	e        *Episode
	j        *journal.Journal
	root     *apply.Dir
	max      int
	story    *Story
	personas []Persona
	brief    string
	date     string

	drafts     map[int]string  // by version
	verdicts   map[int]Verdict // by version, the scan applied
	current    int             // the current draft's version
	discussion []discussion
	revisions  []Revision
	tasks      map[string]*journal.Task[readResult]
	first      []Feedback // the readers' feedback on draft v0 when it was revised
	final      []Feedback // on the final draft
	judgment   *Judgment
	polished   string
	polish     []PolishItem
	retro      *retro
	saved      string
	usage      agent.Usage
	prog       progress

	facts          Facts
	trackerMissing []string           // the tracker's sections step 1 regenerated
	questions      []qa               // step 2Q
	line           string             // the climax line (step 3b)
	points         []string           // the brief's key points for the first draft
	reflections    map[int]Reflection // the author's, by draft version
	orchestrator   []string           // the orchestrator's reflections (step 7.6)
}

// discussion is the 4D discussion of one draft.
type discussion struct {
	Version int
	Turns   []Turn
}

func (d *driver) key(format string, a ...any) string { return fmt.Sprintf(format, a...) }

// step records a step's status, renders the workspace and reports it.
func (d *driver) step(name, status, detail string) error {
	d.prog.at(name, status)
	if err := d.render(); err != nil {
		return err
	}
	if status == "completed" {
		d.e.logger().Info("write-episode", "episode", d.e.Number, "step", name, "detail", detail)
	}
	if d.e.Observer != nil {
		d.e.Observer(Event{Event: loop.Event{Kind: loop.EventKind(name), Text: detail}, Status: status})
	}
	return nil
}

func (d *driver) run(ctx context.Context) (*Outcome, error) {
	n := d.e.Number
	d.drafts, d.verdicts = map[int]string{}, map[int]Verdict{}
	d.prog = newProgress(n, d.max)
	story, err := journal.Step(ctx, d.j, "s0/story", func(context.Context) (*Story, error) {
		if err := d.clearWorkspace(); err != nil {
			return nil, err
		}
		return readStory(d.root, n, d.e.maxSize())
	})
	if err != nil {
		return nil, fmt.Errorf("writing: episode %d: step 0: %w", n, err)
	}
	now, err := journal.Now(ctx, d.j, "s0/date")
	if err != nil {
		return nil, err
	}
	d.story, d.personas, d.date = story, story.PersonaList(), now.Format("2006-01-02")
	d.reflections = map[int]Reflection{}
	d.facts = ReadFacts(story, n)
	d.prog.personas, d.prog.facts = d.personas, d.facts
	if err := d.step("step0", "completed", d.step0Detail()); err != nil {
		return nil, err
	}
	if err := d.checkTracker(); err != nil {
		return nil, err
	}

	if d.brief, err = journal.Step(ctx, d.j, "s2/brief", func(context.Context) (string, error) { return Brief(story, n), nil }); err != nil {
		return nil, err
	}
	row, _ := story.ArcRow(n)
	d.points = briefPoints(story, n)
	d.prog.accents = ChooseAccents(story, n, row.Role, cmp.Or(row.Pull, estimatedPull(row.Role))) != nil
	if err := d.step("step2", "completed", "episode-brief.md"); err != nil {
		return nil, err
	}
	if err := d.ask2Q(ctx); err != nil {
		return nil, err
	}
	if err := d.confirmLine(ctx); err != nil {
		return nil, err
	}

	if _, err := d.write(ctx, 0, nil, nil); err != nil {
		return nil, err
	}
	d.startReaders(ctx, d.drafts[0])
	if err := d.review(ctx, 0); err != nil {
		return nil, err
	}
	for len(d.revisions) < d.max && d.verdicts[d.current].Verdict != OK {
		more, err := d.revise(ctx, nil)
		if err != nil {
			return nil, err
		}
		if !more {
			break
		}
	}
	forced, err := d.forcePass(ctx)
	if err != nil || d.saved == "-" {
		return d.result(), err
	}
	if err := d.collect(ctx); err != nil {
		return nil, err
	}
	return d.finish(ctx, forced)
}

// write makes draft version v (step 3) from the current draft.
func (d *driver) write(ctx context.Context, v int, verdict *Verdict, notes []string) (string, error) {
	if err := d.step("step3", "in_progress", fmt.Sprintf("draft v%d", v)); err != nil {
		return "", err
	}
	t := AuthorTask{Episode: d.e.Number, Version: v, Brief: d.brief, Story: d.story, Verdict: verdict, Notes: notes}
	if v > 0 {
		t.Draft = d.drafts[d.current]
	} else {
		t.Points = slices.Clone(d.points)
		if d.line != "" {
			t.Points = append(t.Points, "The one line the episode exists for: "+d.line)
		}
	}
	r, err := journal.Call(ctx, d.j, d.key("s3/draft/v%d", v), func(ctx context.Context) (drafted, error) {
		text, u, err := d.e.Author.Write(ctx, t)
		if err == nil && strings.TrimSpace(text) == "" {
			err = fmt.Errorf("the author returned an empty draft")
		}
		if err != nil {
			return drafted{}, fmt.Errorf("writing: episode %d: author, draft v%d: %w", d.e.Number, v, err)
		}
		return drafted{Text: text, Usage: u}, nil
	})
	if err != nil {
		return "", err
	}
	d.drafts[v], d.usage = r.Text, d.usage.Add(r.Usage)
	if err := d.reflect(ctx, v, verdict); err != nil {
		return "", err
	}
	return r.Text, d.step("step3", "completed", fmt.Sprintf("draft v%d: %d bytes (archived as draft-v%d.txt)", v, len(r.Text), v))
}

// review gives draft v its verdict (step 4) and holds the discussion on
// it (step 4D).
func (d *driver) review(ctx context.Context, v int) error {
	if err := d.step("step4", "in_progress", fmt.Sprintf("arc review of draft v%d", v)); err != nil {
		return err
	}
	t := ReviewTask{Episode: d.e.Number, Version: v, Brief: d.brief, Story: d.story, Draft: d.drafts[v], Revisions: len(d.revisions), MaxRevisions: d.max}
	r, err := journal.Call(ctx, d.j, d.key("s4/review/v%d", v), func(ctx context.Context) (reviewed, error) {
		vd, u, err := d.e.Critic.Review(ctx, t)
		if err == nil {
			err = vd.Check()
		}
		if err != nil {
			return reviewed{}, fmt.Errorf("writing: episode %d: arc reviewer, draft v%d: %w", d.e.Number, v, err)
		}
		return reviewed{Verdict: vd, Usage: u}, nil
	})
	if err != nil {
		return err
	}
	d.usage = d.usage.Add(r.Usage)
	vd := effective(r.Verdict, Scan(d.drafts[v]))
	d.verdicts[v] = vd
	if err := d.step("step4", "completed", fmt.Sprintf("draft v%d: %s, %d issue(s)", v, vd.Verdict, len(vd.Issues))); err != nil {
		return err
	}
	return d.discuss(ctx, v, vd)
}

// MaxDiscussion is the most rounds of the step 4D discussion.
const MaxDiscussion = 2

// discuss holds the step 4D discussion on draft v: the author explains
// its intent, the reviewer adds facts; it ends after a round in which
// both agree, and after MaxDiscussion rounds. The verdict stays as it is.
func (d *driver) discuss(ctx context.Context, v int, vd Verdict) error {
	if err := d.step("step4d", "in_progress", fmt.Sprintf("discussion of draft v%d", v)); err != nil {
		return err
	}
	disc := discussion{Version: v}
	for round := 1; round <= MaxDiscussion; round++ {
		agreed := true
		for _, who := range []string{"author", "arc-reviewer"} {
			t := DiscussTask{Episode: d.e.Number, Round: round, Draft: d.drafts[v], Verdict: vd, History: slices.Clone(disc.Turns)}
			r, err := journal.Call(ctx, d.j, d.key("s4d/v%d/%d/%s", v, round, who), func(ctx context.Context) (replied, error) {
				var rep Reply
				var u agent.Usage
				var err error
				if who == "author" {
					rep, u, err = d.e.Author.Explain(ctx, t)
				} else {
					rep, u, err = d.e.Critic.Discuss(ctx, t)
				}
				if err != nil {
					return replied{}, fmt.Errorf("writing: episode %d: %s, discussion of draft v%d, round %d: %w", d.e.Number, who, v, round, err)
				}
				return replied{Reply: rep, Usage: u}, nil
			})
			if err != nil {
				return err
			}
			d.usage = d.usage.Add(r.Usage)
			disc.Turns = append(disc.Turns, Turn{Speaker: who, Reply: r.Reply})
			agreed = agreed && r.Reply.Agree
		}
		if agreed {
			break
		}
	}
	d.discussion = append(d.discussion, disc)
	return d.step("step4d", "completed", fmt.Sprintf("draft v%d: %d turn(s); the verdict stays %s", v, len(disc.Turns), vd.Verdict))
}

// revise makes one revision attempt of the current draft; the new draft
// becomes current only if the readers prefer it in the pairwise
// comparison. It returns false when the author has nothing new to offer
// (the same text as the current draft or as a draft already refused), so
// more attempts would repeat this one.
func (d *driver) revise(ctx context.Context, notes []string) (bool, error) {
	base := d.current
	v := len(d.revisions) + 1
	vd := d.verdicts[base]
	for _, r := range d.revisions {
		if !r.Accepted {
			notes = append(notes, fmt.Sprintf("Draft v%d was not accepted: %s", r.Version, r.Reason))
		}
	}
	d.prog.revise(v)
	text, err := d.write(ctx, v, &vd, notes)
	if err != nil {
		return false, err
	}
	rev := Revision{Version: v, Verdict: vd.Verdict, Issues: mainIssues(vd)}
	for k := 0; k < v; k++ {
		if old, ok := d.drafts[k]; ok && old == text {
			rev.Reason = fmt.Sprintf("the author returned draft v%d unchanged; v%d stays", k, base)
			d.revisions = append(d.revisions, rev)
			return false, d.step("step4", "completed", rev.Reason)
		}
	}
	if err := d.step("step4", "in_progress", fmt.Sprintf("readers compare draft v%d with v%d", v, base)); err != nil {
		return false, err
	}
	newer, older := 0, 0
	rev.Votes = map[string]string{}
	for _, p := range d.personas {
		texts := [2]string{d.drafts[base], text}
		reader := d.e.Readers(p)
		res, err := loop.ComparePair(ctx, d.j, d.key("s4/compare/v%d/%s", v, p.ID), func(ctx context.Context, a, b int) (compared, error) {
			pref, u, err := reader.Compare(ctx, CompareTask{Episode: d.e.Number, Persona: p, Brief: d.brief, A: texts[a], B: texts[b]})
			if err != nil {
				return compared{}, fmt.Errorf("writing: episode %d: reader %s, comparing v%d with v%d: %w", d.e.Number, p.ID, v, base, err)
			}
			return compared{Preference: pref, Usage: u}, nil
		}, func(c compared) string { return c.Preference.Prefer })
		if err != nil {
			return false, err
		}
		for _, a := range res.Answers {
			d.usage = d.usage.Add(a.Usage)
		}
		switch res.Winner {
		case 1:
			newer++
			rev.Votes[p.ID] = "new"
		case 0:
			older++
			rev.Votes[p.ID] = "old"
		default:
			rev.Votes[p.ID] = "tie"
		}
	}
	rev.Accepted = newer > older
	if rev.Accepted {
		rev.Reason = fmt.Sprintf("%d reader(s) prefer v%d, %d prefer v%d", newer, v, older, base)
		d.current = v
	} else {
		rev.Reason = fmt.Sprintf("v%d does not beat v%d against the brief (%d prefer the new draft, %d the old, the rest tie): v%d stays", v, base, newer, older, base)
	}
	d.revisions = append(d.revisions, rev)
	if err := d.step("step4", "completed", fmt.Sprintf("revision v%d %s: %s", v, map[bool]string{true: "accepted", false: "not accepted"}[rev.Accepted], rev.Reason)); err != nil {
		return false, err
	}
	if rev.Accepted {
		return true, d.review(ctx, v)
	}
	return true, nil
}

// clearWorkspace removes the workspace's *.md and *.txt files (step 0 of
// a new run).
func (d *driver) clearWorkspace() error {
	dir := filepath.Join(d.e.Dir, WorkspaceDir)
	for _, pat := range []string{"*.md", "*.txt"} {
		files, _ := filepath.Glob(filepath.Join(dir, pat))
		for _, f := range files {
			if err := os.Remove(f); err != nil {
				return fmt.Errorf("writing: %w", err)
			}
		}
	}
	return nil
}
