package writing_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/writing"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

// world is a scripted model world for every role: the author writes
// "Draft vN", the reviewer gives the verdicts in order (the last one
// repeats), readers rate 4 stars and prefer the draft prefer chooses.
type world struct {
	verdicts    []string
	authorAgree []bool // by discussion call, the last repeats; empty: always
	criticText  string
	prefer      func(a, b int) string // by draft version; nil: the newer

	mu     sync.Mutex
	calls  map[string]int
	reads  map[string]int // persona/version -> Read calls
	writes []string       // the author's instructions

	reflection writing.Reflection // the author's reflection on every draft (a default choice and balance when zero)
	requests   []string           // every request: the role, a line end, the text
}

var (
	versionRE = regexp.MustCompile(`Draft v(\d+)`)
	personaRE = regexp.MustCompile(`\(([a-z]+)\): `)
)

func version(s string) int {
	m := versionRE.FindAllStringSubmatch(s, -1)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(m[len(m)-1][1])
	return n
}

func (w *world) provider() *scripted.Provider {
	if w.calls == nil {
		w.calls, w.reads = map[string]int{}, map[string]int{}
	}
	return scripted.NewResponder(func(_ int, req agent.Request) scripted.Reply {
		role := strings.TrimPrefix(strings.SplitN(req.System, "\n", 2)[0], "# Role: ")
		last := req.Messages[len(req.Messages)-1]
		instr := last.Parts[len(last.Parts)-1].Text
		all := last.Text()
		w.mu.Lock()
		defer w.mu.Unlock()
		js := func(v any) scripted.Reply { b, _ := json.Marshal(v); return scripted.Text(string(b)) }
		w.requests = append(w.requests, role+"\n"+all)
		switch {
		case role == "author" && strings.Contains(all, "Reflect on your draft"):
			w.calls["reflect"]++
			rf := w.reflection
			if rf.Choice == (writing.Choice{}) {
				rf.Choice = writing.Choice{Who: "Ren", What: "runs to the lamp", Kind: writing.Decision, NotTaken: "waiting for Sato"}
			}
			if rf.Balance == (writing.Balance{}) {
				rf.Balance = writing.Balance{Action: 3, Dialogue: 1, Interior: 1} // scaled to 60/20/20
			}
			return js(rf)
		case role == "author" && !strings.Contains(all, "Explain your intent"):
			w.writes = append(w.writes, instr)
			return scripted.Text(fmt.Sprintf("The Storm\n\nDraft v%d of the episode: Ren runs to the lamp.\n", len(w.writes)-1))
		case role == "author":
			k := w.calls["explain"]
			w.calls["explain"]++
			agree := true
			if len(w.authorAgree) > 0 {
				agree = w.authorAgree[min(k, len(w.authorAgree)-1)]
			}
			return js(writing.Reply{Agree: agree, Text: map[bool]string{false: "I meant the pause."}[agree]})
		case role == "arc-reviewer" && strings.Contains(all, "Give your verdict"):
			k := w.calls["review"]
			w.calls["review"]++
			v := w.verdicts[min(k, len(w.verdicts)-1)]
			return js(writing.Verdict{Verdict: writing.VerdictKind(v), Summary: "s", Issues: []writing.Issue{{Quote: "Ren runs", Issue: "rushed", Fix: "Ren walks", Severity: "medium"}}})
		case role == "arc-reviewer":
			w.calls["discuss"]++
			return js(writing.Reply{Agree: w.criticText == "", Text: w.criticText})
		case role == "reader" && strings.Contains(all, "as your persona. Rate it"):
			p := personaRE.FindStringSubmatch(all)[1]
			w.reads[fmt.Sprintf("%s/v%d", p, version(all))]++
			return js(writing.Feedback{Stars: 4, Impression: "i", Good: []string{"g"}, Concerns: []writing.Concern{}, OneLine: "read v" + strconv.Itoa(version(all)), Memory: "m"})
		case role == "reader":
			i, j := strings.Index(all, "## Draft A"), strings.Index(all, "## Draft B")
			a, b := version(all[i:j]), version(all[j:])
			w.calls["compare"]++
			ans := "B"
			if w.prefer != nil {
				ans = w.prefer(a, b)
			} else if a > b {
				ans = "A"
			}
			return js(writing.Preference{Prefer: ans, Reason: "r"})
		}
		return scripted.Error(fmt.Errorf("unexpected request for %q: %q", role, instr))
	})
}

func (w *world) episode(t *testing.T, dir string, n, max int, asker loop.Asker) *writing.Episode {
	p := w.provider()
	m := writing.Model{Provider: p}
	return &writing.Episode{Dir: dir, Number: n, MaxRevisions: max, Asker: asker,
		Author: writing.ModelAuthor{Model: m}, Critic: writing.ModelCritic{Model: m},
		Readers: func(writing.Persona) writing.Reader { return writing.ModelReader{Model: m} }}
}

// answers is a callback asker that answers by question key and records
// the questions.
type answers struct {
	mu  sync.Mutex
	by  map[string]string
	got []loop.Question
}

func (a *answers) Ask(_ context.Context, q loop.Question) (loop.Answer, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.got = append(a.got, q)
	c, ok := a.by[q.Key]
	if q.Kind == loop.Input {
		if !ok {
			c = q.Default
		}
		return loop.Answer{Key: q.Key, Text: c}, nil
	}
	if !ok {
		c = q.Default
		if c == "" && q.Kind == loop.Choice {
			c = q.Options[0].ID
		} else if c == "" {
			c = loop.Yes
		}
	}
	return loop.Answer{Key: q.Key, Choice: c}, nil
}

func (a *answers) asked(key string) int {
	n := 0
	for _, q := range a.got {
		if q.Key == key {
			n++
		}
	}
	return n
}

func TestScriptedReviseToCapAndForcePass(t *testing.T) {
	dir := story(t, false)
	w := &world{verdicts: []string{"REVISION_NEEDED"}}
	ask := &answers{by: map[string]string{"s6/force-pass": loop.Yes, "s7/save": loop.Yes}}
	res, err := w.episode(t, dir, 2, 2, ask).Write(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Revisions) != 2 || !res.Revisions[0].Accepted || !res.Revisions[1].Accepted || res.Version != 2 {
		t.Fatalf("revisions %+v, final v%d; want two accepted, final v2", res.Revisions, res.Version)
	}
	if res.Judgment.Grade != writing.ForcePass || res.Verdict != writing.RevisionNeeded || !res.Saved {
		t.Fatalf("judgment %s verdict %s saved %v; want a saved FORCE_PASS", res.Judgment.Grade, res.Verdict, res.Saved)
	}
	if ask.asked("s6/force-pass") != 1 || ask.asked("s6/force-pass-2") != 0 || w.calls["review"] != 3 {
		t.Errorf("force pass asked %d time(s), reviews %d", ask.asked("s6/force-pass"), w.calls["review"])
	}
	for v := range 3 {
		if got := read(t, dir, fmt.Sprintf("archive/episode-02/draft-v%d.txt", v)); version(got) != v {
			t.Errorf("draft-v%d.txt holds %q", v, got)
		}
	}
	// Readers read the first draft and the final one: once each.
	for _, p := range []string{"yuki", "mei", "ken"} {
		if w.reads[p+"/v0"] != 1 || w.reads[p+"/v2"] != 1 || w.reads[p+"/v1"] != 0 {
			t.Errorf("%s read %v", p, w.reads)
		}
	}
	if got := read(t, dir, "archive/episode-02/progress.md"); !strings.Contains(got, "force_pass: true") || !strings.Contains(got, "revision_count: 2") {
		t.Errorf("progress.md:\n%s", got)
	}
	if got := read(t, dir, res.File); version(got) != 2 {
		t.Errorf("saved episode %q", got)
	}
}

func TestScriptedMajorRevisionAtCap(t *testing.T) {
	t.Run("unattended: not saved", func(t *testing.T) {
		dir := story(t, false)
		w := &world{verdicts: []string{"MAJOR_REVISION"}}
		ask := &answers{}
		res, err := w.episode(t, dir, 2, 1, ask).Write(context.Background())
		if !errors.Is(err, writing.ErrNotSaved) || res == nil || res.Saved {
			t.Fatalf("Write = %+v, %v; want ErrNotSaved", res, err)
		}
		if ask.asked("s6/force-pass") != 1 || ask.asked("s6/force-pass-2") != 1 || ask.asked("s7/save") != 0 {
			t.Fatalf("questions %+v", ask.got)
		}
		if ask.got[0].Default != loop.No {
			t.Errorf("a major revision's force pass defaults to %q, want no", ask.got[0].Default)
		}
		if len(res.Revisions) != 2 || !strings.Contains(w.writes[2], "declined a force pass") {
			t.Errorf("want the cap's revision and the extra one with the human's note: %+v %q", res.Revisions, w.writes)
		}
		if p := read(t, dir, "workspace/progress.md"); !strings.Contains(p, "step_status: stopped") {
			t.Errorf("progress.md of an unsaved run:\n%s", p)
		}
		if files := must(t, dir, "episodes"); len(files) != 1 {
			t.Errorf("episodes/ = %v: nothing may be saved", files)
		}
		// Write again: the run is over, nothing is asked.
		again, err := w.episode(t, dir, 2, 1, ask).Write(context.Background())
		if !errors.Is(err, writing.ErrNotSaved) || again.Saved || len(ask.got) != 2 {
			t.Errorf("second Write = %+v, %v, %d questions", again, err, len(ask.got))
		}
	})
	t.Run("confirmed: FORCE_PASS", func(t *testing.T) {
		dir := story(t, false)
		w := &world{verdicts: []string{"MAJOR_REVISION"}}
		res, err := w.episode(t, dir, 2, 1, &answers{by: map[string]string{"s6/force-pass": loop.Yes, "s7/save": loop.Yes}}).Write(context.Background())
		if err != nil || res.Judgment.Grade != writing.ForcePass || res.Verdict != writing.MajorRevision || !res.Saved {
			t.Fatalf("Write = %+v, %v", res, err)
		}
	})
}

func TestScriptedDiscussion(t *testing.T) {
	t.Run("immediate agreement", func(t *testing.T) {
		dir := story(t, false)
		w := &world{verdicts: []string{"OK"}}
		res, err := w.episode(t, dir, 2, 3, nil).Write(context.Background())
		if err != nil || res.Discussions != 1 || w.calls["explain"] != 1 || w.calls["discuss"] != 1 || len(res.Revisions) != 0 {
			t.Fatalf("%+v %v; calls %v", res, err, w.calls)
		}
	})
	t.Run("two rounds, verdict unchanged", func(t *testing.T) {
		dir := story(t, false)
		w := &world{verdicts: []string{"REVISION_NEEDED", "OK"}, authorAgree: []bool{false}, criticText: "Fair point; I would say OK now."}
		res, err := w.episode(t, dir, 2, 3, nil).Write(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if w.calls["explain"] != 4 || w.calls["discuss"] != 4 { // two drafts, two rounds each
			t.Fatalf("calls %v, want two rounds per draft", w.calls)
		}
		if len(res.Revisions) != 1 || res.Revisions[0].Verdict != writing.RevisionNeeded {
			t.Fatalf("the discussion changed the verdict: revisions %+v", res.Revisions)
		}
		log := read(t, dir, "archive/episode-02/discussion-log.md")
		if count(log, "round 2, arc-reviewer") != 2 || count(log, "round 3") != 0 {
			t.Errorf("discussion-log.md:\n%s", log)
		}
		if rev := read(t, dir, "archive/episode-02/arc-review.md"); !strings.Contains(rev, "## Draft v0: REVISION_NEEDED") {
			t.Errorf("arc-review.md:\n%s", rev)
		}
	})
}

func TestScriptedRevisionRejectedWhenItLoses(t *testing.T) {
	dir := story(t, false)
	w := &world{verdicts: []string{"REVISION_NEEDED"}, prefer: func(a, b int) string {
		if a < b {
			return "A"
		}
		return "B"
	}}
	res, err := w.episode(t, dir, 2, 2, &answers{by: map[string]string{"s6/force-pass": loop.Yes, "s7/save": loop.Yes}}).Write(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Version != 0 || len(res.Revisions) != 2 || res.Revisions[0].Accepted || res.Revisions[1].Accepted {
		t.Fatalf("final v%d, revisions %+v; want both refused and v0 kept", res.Version, res.Revisions)
	}
	if !strings.Contains(res.Revisions[0].Reason, "v0 stays") || res.Revisions[0].Votes["mei"] != "old" {
		t.Errorf("reason %q votes %v", res.Revisions[0].Reason, res.Revisions[0].Votes)
	}
	if !strings.Contains(w.writes[2], "Draft v1 was not accepted") {
		t.Errorf("the author was not told why v1 lost: %q", w.writes[2])
	}
	if got := read(t, dir, res.File); version(got) != 0 {
		t.Errorf("saved %q, want draft v0", got)
	}
	if w.calls["review"] != 1 || w.calls["compare"] != 12 {
		t.Errorf("calls %v: a refused draft is not reviewed; 3 readers x 2 orders x 2 revisions compare", w.calls)
	}
	// The final draft is v0, which the readers read already: nobody reads twice.
	for k, n := range w.reads {
		if n != 1 || !strings.HasSuffix(k, "/v0") {
			t.Errorf("reads %v", w.reads)
		}
	}
	if log := read(t, dir, "archive/episode-02/revision-log.md"); !strings.Contains(log, "Accepted: false") {
		t.Errorf("revision-log.md:\n%s", log)
	}
	if q := read(t, dir, "story/quality-log.md"); !strings.Contains(q, "v1 lost, v2 lost") {
		t.Errorf("quality log:\n%s", q)
	}
}

func TestScriptedReaderMemoryOnceOnRerun(t *testing.T) {
	for _, ja := range []bool{false, true} {
		t.Run(fmt.Sprint("ja=", ja), func(t *testing.T) {
			dir := story(t, ja)
			w := &world{verdicts: []string{"OK"}}
			if _, err := w.episode(t, dir, 2, 3, nil).Write(context.Background()); err != nil {
				t.Fatal(err)
			}
			e := w.episode(t, dir, 2, 3, nil)
			e.Again = true
			if _, err := e.Write(context.Background()); err != nil {
				t.Fatal(err)
			}
			if w.reads["mei/v0"] != 1 || w.reads["mei/v1"] != 1 || w.reads["yuki/v1"] != 1 {
				t.Fatalf("the re-run did not read again: %v", w.reads)
			}
			for _, p := range []string{"yuki", "mei", "ken"} {
				m := read(t, dir, writing.MemoryFile(p))
				if count(m, "## Episode 2") != 1 {
					t.Errorf("%s's memory holds %d entries for episode 2:\n%s", p, count(m, "## Episode 2"), m)
				}
			}
			if m := read(t, dir, writing.MemoryFile("mei")); count(m, "## Episode 1") != 1 || ja && !strings.Contains(m, "\r\n## Episode 2\r\n") {
				t.Errorf("mei's memory lost its history or line ends:\n%q", m)
			}
			// The tracker: one row in the episodes, agency and balance tables.
			for f, want := range map[string]int{"story/quality-log.md": 1, "story/series-tracker.md": 3} {
				if got := read(t, dir, f); count(got, "| 2 |") != want {
					t.Errorf("%s has %d rows for episode 2, want %d:\n%s", f, count(got, "| 2 |"), want, got)
				}
			}
			if got := read(t, dir, "story/episode-summaries.md"); count(got, "## Episode 2") != 1 {
				t.Errorf("summaries:\n%s", got)
			}
			if h := read(t, dir, "story/handover-notes.md"); count(h, "[TRY-NEXT] open") != 0 && count(h, "[TRY-NEXT] 音") != 0 {
				t.Errorf("the used TRY-NEXT was not resolved:\n%s", h)
			}
		})
	}
}

func TestScriptedOtherEpisodeRefused(t *testing.T) {
	dir := story(t, false)
	w := &world{verdicts: []string{"OK"}}
	wait := loop.AskFunc(func(context.Context, loop.Question) (loop.Answer, error) {
		return loop.Answer{}, loop.ErrWaiting
	})
	if _, err := w.episode(t, dir, 2, 3, wait).Write(context.Background()); !errors.Is(err, loop.ErrWaiting) {
		t.Fatalf("episode 2: %v, want it waiting at the save", err)
	}
	if _, err := w.episode(t, dir, 3, 3, nil).Write(context.Background()); !errors.Is(err, writing.ErrOtherEpisode) {
		t.Fatalf("episode 3 while 2 waits: %v, want ErrOtherEpisode", err)
	}
	if p := read(t, dir, "workspace/progress.md"); !strings.Contains(p, "episode: 2") || !strings.Contains(p, `current_step: "step7"`) {
		t.Errorf("episode 3 touched the workspace:\n%s", p)
	}
	if _, err := w.episode(t, dir, 2, 3, nil).Write(context.Background()); err != nil {
		t.Fatalf("resuming episode 2: %v", err)
	}
	if w.calls["review"] != 1 || w.reads["mei/v0"] != 1 {
		t.Errorf("the resume called again: %v %v", w.calls, w.reads)
	}
	if _, err := w.episode(t, dir, 3, 3, nil).Write(context.Background()); err != nil {
		t.Fatalf("episode 3 after 2 finished: %v", err)
	}
}

// TestScriptedScanForcesRevision: a meta-narrative phrase the reviewer
// let pass still asks for a revision.
func TestScriptedScanForcesRevision(t *testing.T) {
	dir := story(t, false)
	w := &world{verdicts: []string{"OK"}}
	p := w.provider()
	author := scanAuthor{writing.ModelAuthor{Model: writing.Model{Provider: p}}}
	e := w.episode(t, dir, 2, 3, nil)
	e.Author = author
	res, err := e.Write(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Revisions) != 1 || res.Revisions[0].Verdict != writing.RevisionNeeded || res.Verdict != writing.OK {
		t.Fatalf("revisions %+v, verdict %s", res.Revisions, res.Verdict)
	}
}

// scanAuthor puts "第一部" into the first draft.
type scanAuthor struct{ writing.ModelAuthor }

func (a scanAuthor) Write(ctx context.Context, t writing.AuthorTask) (string, agent.Usage, error) {
	s, u, err := a.ModelAuthor.Write(ctx, t)
	if t.Version == 0 {
		s += "第一部の終わりから。\n"
	}
	return s, u, err
}

// TestScriptedUnattendedForcePassNotSaved: with no Asker (loop.AutoAsker,
// what -gate auto gives), a REVISION_NEEDED at the cap force-passes as the
// seed says, but the save of the FORCE_PASS is not confirmed: nothing is
// saved or written into the story files, and the error says why.
func TestScriptedUnattendedForcePassNotSaved(t *testing.T) {
	dir := story(t, false)
	before := map[string]string{}
	for _, f := range []string{writing.TrackerFile, writing.HandoverFile, writing.QualityLogFile} {
		before[f], _ = readMaybe(dir, f)
	}
	w := &world{verdicts: []string{"REVISION_NEEDED"}}
	res, err := w.episode(t, dir, 2, 1, nil).Write(context.Background())
	if !errors.Is(err, writing.ErrNotSaved) || res == nil || res.Saved {
		t.Fatalf("Write = %+v, %v; want ErrNotSaved", res, err)
	}
	if res.Judgment.Grade != writing.ForcePass || !strings.Contains(err.Error(), "FORCE_PASS") || !strings.Contains(err.Error(), "REVISION_NEEDED") {
		t.Errorf("judgment %s, error %q: want a FORCE_PASS named in the error", res.Judgment.Grade, err)
	}
	if files := must(t, dir, "episodes"); len(files) != 1 {
		t.Errorf("episodes/ = %v: nothing may be saved", files)
	}
	for f, want := range before {
		if got, _ := readMaybe(dir, f); got != want {
			t.Errorf("%s changed:\n%s", f, got)
		}
	}
	if p := read(t, dir, "workspace/progress.md"); !strings.Contains(p, "step_status: stopped") {
		t.Errorf("progress.md:\n%s", p)
	}

	// A person who answers yes still saves it, warned.
	dir = story(t, false)
	ask := &answers{by: map[string]string{"s7/save": loop.Yes}}
	res, err = (&world{verdicts: []string{"REVISION_NEEDED"}}).episode(t, dir, 2, 1, ask).Write(context.Background())
	if err != nil || !res.Saved || res.Judgment.Grade != writing.ForcePass {
		t.Fatalf("confirmed: Write = %+v, %v", res, err)
	}
	for _, q := range ask.got {
		if q.Key == "s7/save" && (q.Default != loop.No || !strings.HasPrefix(q.Prompt, "WARNING: FORCE_PASS")) {
			t.Errorf("the save question of a FORCE_PASS: default %q, prompt %q", q.Default, q.Prompt)
		}
	}
}
