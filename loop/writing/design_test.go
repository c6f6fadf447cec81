package writing_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/writing"
)

// designStory is a story folder for episode 3, a climax that opens act 2,
// with a premise, a plot outline, a tracker with its history, a writing
// guide, a setting, a character sheet, a character without a next
// trigger and the orchestrator's notes of episode 2.
func designStory(t *testing.T) string {
	dir := story(t, false)
	files := map[string]string{
		writing.ArcFile: "# Arc\n\nAct 1 is episodes 1-2, act 2 is episodes 3-4.\n\n## Role map\n\n| episode | role | intensity | pull | notes |\n|---|---|---|---|---|\n" +
			"| 1 | setup | 0.3 | B | Ren arrives. |\n| 2 | build-up | 0.5 | C | Letters. |\n| 3 | climax | 1.0 | A | The writer is revealed. |\n| 4 | afterglow | 0.4 | C | Alone. |\n",
		writing.CharacterFile:               "# Arcs\n\n## Ren (the apprentice)\n\n- Stage now: doubts he belongs.\n- Next trigger: a night alone.\n- [HOLD until 4] Ren forgives Sato.\n\n## Mina\n\n- Stage now: silent.\n",
		writing.PremiseFile:                 "Planned episodes: 4\nLength: about 1,500 words\n",
		writing.PlotOutlineFile:             "## Episode 3\n\nThe storm; Ren finds the writer.\n\n- One line: The letters were for whoever kept the lamp.\n\n## Episode 4\n\nMina returns.\n",
		writing.TrackerFile:                 "# Tracker\n\n## Episodes\n\n| episode | role | opening | revisions | judgment |\n|---|---|---|---|---|\n| 2 | build-up | The letter. | 0 | PASS |\n\n## Current warnings\n\n- Mina has not appeared for 2 episodes.\n\n" + historyTracker[len("# Tracker\n"):],
		writing.SettingFile:                 "The island has one road. SETTING-FACT\n",
		writing.CharacterSheetFile:          "Ren, 16. SHEET-FACT\n",
		writing.OrchestratorReflectionsFile: "# Orchestrator\n\n## Episode 2\n\n- ORCHESTRATOR-SECRET the readers liked the quiet.\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestScriptedEpisodeDesign runs a climax episode on scripted models and
// checks the episode design: step 0's facts in progress.md, step 1's
// regenerated tracker sections, the brief's accents and items, 2Q asked
// through the kernel's asker with the answers in the brief and the
// discussion log (an arc change as [DESIGN-REVIEW]), the climax line
// confirmed and given to the author with the brief's key points, the
// author's reflection, the orchestrator's notes hidden from every role
// and read by the retro, the readers' role map, the consistency reader's
// material, the character arcs and the report's discussions.
func TestScriptedEpisodeDesign(t *testing.T) {
	dir := designStory(t)
	w := &world{verdicts: []string{"REVISION_NEEDED", "OK"}, reflection: writing.Reflection{Surprise: "The storm wrote the ending.", AccentChange: "I used smell, not the lens asked for: the salt."}}
	ask := &answers{by: map[string]string{"s2q/trigger-mina": "arc change: Mina should return in episode 3", "s3b/one-line": loop.Yes}}
	res, err := w.episode(t, dir, 3, 2, ask).Write(context.Background())
	if err != nil || !res.Saved {
		t.Fatalf("Write = %+v, %v", res, err)
	}
	if ask.asked("s2q/trigger-mina") != 1 || ask.asked("s3b/one-line") != 1 {
		t.Errorf("questions asked: %+v", ask.got)
	}
	arch := func(name string) string { return read(t, dir, "archive/episode-03/"+name) }

	p := arch("progress.md")
	for _, want := range []string{"planned_episodes: 4", "remaining_episodes: 1", "arc_phase_boundary: {at: start, act: 2}", "accent_phase_fallback: true", "accent_note_applicable: true", "accent_changed: true", "- [x] step1", "- [x] step2q"} {
		if !strings.Contains(p, want) {
			t.Errorf("progress.md lacks %q:\n%s", want, p)
		}
	}
	b := arch("episode-brief.md")
	for _, want := range []string{"## Writing accents (suggestions)", "the writing guide has no compatibility table", "Act: 2 (this episode opens the act)", "Emotional direction: rising (0.5 → 1.0)",
		"Mina: stage silent.; next trigger (none)", "The storm; Ren finds the writer.", "a planned absence: the plot outline brings Mina in at episode 4",
		"## The designer's answers (2Q)", "[DESIGN-REVIEW] thread: Mina should return in episode 3", "> The letters were for whoever kept the lamp."} {
		if !strings.Contains(b, want) {
			t.Errorf("the brief lacks %q:\n%s", want, b)
		}
	}
	if d := arch("discussion-log.md"); !strings.Contains(d, "## 2Q: questions to the designer") || !strings.Contains(d, "## 3b: the climax line") {
		t.Errorf("discussion-log.md:\n%s", d)
	}
	if h := read(t, dir, writing.HandoverFile); !strings.Contains(h, "- [DESIGN-REVIEW] Mina's arc names no next trigger") {
		t.Errorf("the handover notes lack the arc change:\n%s", h)
	}
	if !strings.Contains(w.writes[0], "The brief's key points:") || !strings.Contains(w.writes[0], "Sensory lens: touch") ||
		!strings.Contains(w.writes[0], "The one line the episode exists for: The letters were for whoever kept the lamp.") || strings.Contains(w.writes[1], "key points") {
		t.Errorf("the first-draft prompt lacks the key points, or a revision has them:\n%s\n---\n%s", w.writes[0], w.writes[1])
	}
	if n := read(t, dir, "archive/episode-03/accent-note.md"); !strings.Contains(n, "the salt") {
		t.Errorf("accent-note.md:\n%s", n)
	}
	if r := read(t, dir, writing.AuthorReflectionsFile); !strings.Contains(r, "## Episode 3") || count(r, "The storm wrote the ending.") != 1 {
		t.Errorf("author-reflections.md:\n%s", r)
	}
	if o := read(t, dir, writing.OrchestratorReflectionsFile); !strings.Contains(o, "## Episode 3") || !strings.Contains(o, "[DESIGN-REVIEW]") {
		t.Errorf("orchestrator-reflections.md:\n%s", o)
	}
	if r := arch("retro.md"); !strings.Contains(r, "the author's surprise: The storm wrote the ending.") || !strings.Contains(r, "episode 2: - ORCHESTRATOR-SECRET") {
		t.Errorf("the retro does not read the reflections:\n%s", r)
	}
	consistency := false
	for _, req := range w.requests {
		if strings.Contains(req, "ORCHESTRATOR-SECRET") {
			t.Errorf("a role saw the orchestrator's notes: %.200q", req)
		}
		if strings.HasPrefix(req, "reader\n") && strings.Contains(req, "as your persona. Rate it") {
			if !strings.Contains(req, "## The arc's role map (the new episode is episode 3)") || !strings.Contains(req, "| 3 | climax |") {
				t.Errorf("a reader has no role map: %.300q", req)
			}
			if strings.Contains(req, "(ken)") {
				consistency = strings.Contains(req, "SETTING-FACT") && strings.Contains(req, "SHEET-FACT") && strings.Contains(req, "## Handover notes") && strings.Contains(req, "## Episode brief")
			}
		}
	}
	if !consistency {
		t.Error("the consistency reader lacks the setting, the characters, the handover notes or the brief")
	}
	if a := read(t, dir, writing.CharacterFile); !strings.Contains(a, "## Arc progress") || !strings.Contains(a, "| 3 | climax | Ren |") {
		t.Errorf("character-arcs.md not updated:\n%s", a)
	}
	if tr := read(t, dir, writing.TrackerFile); !strings.Contains(tr, "## Action balance") || !strings.Contains(tr, "| 3 | touch | touch |") || count(tr, "| 3 |") < 4 {
		t.Errorf("the tracker lacks the regenerated sections or this episode's rows:\n%s", tr)
	}
	if l := arch("revision-log.md"); !strings.Contains(l, "- Main issues: medium: rushed") {
		t.Errorf("revision-log.md:\n%s", l)
	}
	if strings.Join(res.Held, "|") != "2Q: 1 question(s) to the designer|3b: the climax line confirmed with the designer|4D on draft v0: 1 round(s)|4D on draft v1: 1 round(s)" {
		t.Errorf("Held = %q", res.Held)
	}
}

// TestStepZeroFacts: the planned length from the premise, the act
// boundary, the guide's table and the handover notes' old format.
func TestStepZeroFacts(t *testing.T) {
	s := &writing.Story{Premise: "全6話の物語。", Arc: "第一幕：第1話〜第2話\n第二幕：第3話〜第4話\n| 話数 | 役割 |\n|---|---|\n| 第6話 | 余韻 |\n",
		Handover: "- the boat people\n- Sato's name\n", Guide: "## 構成パターン × 役割タグ 推奨相性\n\n| パターン | 役割 |\n|---|---|\n"}
	f := writing.ReadFacts(s, 2)
	if f.Planned != 6 || f.Remaining != 4 || f.Act != 1 || f.Boundary != "end" || f.AccentFallback || !f.LegacyHandover || f.Finale {
		t.Errorf("facts %+v", f)
	}
	if as := writing.Assumptions(s, 2); len(as) == 0 || as[0].Key != "handover" {
		t.Errorf("the old handover format is not asked first: %+v", as)
	}
	if f := writing.ReadFacts(&writing.Story{Handover: "- [MUST-THIS] x\n"}, 3); f.Planned != 0 || f.Boundary != "" || !f.AccentFallback || f.LegacyHandover {
		t.Errorf("facts %+v", f)
	}
}

// TestTrackerSections: the required sections are found by their English
// or Japanese headings and the missing ones listed, in the story's
// language.
func TestTrackerSections(t *testing.T) {
	if m := writing.MissingTrackerSections("", ""); len(m) != 8 {
		t.Errorf("an empty tracker lacks %d sections, want 8: %v", len(m), m)
	}
	m := writing.MissingTrackerSections(historyTracker, "")
	if len(m) != 5 || m[0] != "## Action balance (last 3)" {
		t.Errorf("missing %v", m)
	}
	ja := "## アクション配分（直近3話）\r\n## キャラクター登場密度（直近5話）\r\n## 伏線・要素の進展追跡\r\n## 表現パターン累積（直近5話）\r\n### 構成パターン履歴\r\n## 主人公の能動性追跡（直近5話）\r\n## テンポプロファイル履歴（直近5話）\r\n"
	if m := writing.MissingTrackerSections(ja, ""); len(m) != 1 || m[0] != "### 感覚レンズ履歴" {
		t.Errorf("missing %v", m)
	}
}

// TestScriptedArcLevelTry: a Try the designer modifies into a change of
// the arc design goes to the handover notes as [DESIGN-REVIEW], not as a
// [TRY-NEXT] for the next episode.
func TestScriptedArcLevelTry(t *testing.T) {
	dir := story(t, false)
	w := &world{verdicts: []string{"OK"}}
	ask := loop.AskFunc(func(_ context.Context, q loop.Question) (loop.Answer, error) {
		if q.Key == "s7.6/try" {
			return loop.Answer{Key: q.Key, Choice: "modify", Text: "arc change: make episode 3 a turn, not an afterglow"}, nil
		}
		return loop.AutoAsker{}.Ask(context.Background(), q)
	})
	e := w.episode(t, dir, 2, 1, ask)
	e.Readers = func(p writing.Persona) writing.Reader { return lowReader{p} }
	if _, err := e.Write(context.Background()); err != nil {
		t.Fatal(err)
	}
	h := read(t, dir, writing.HandoverFile)
	if !strings.Contains(h, "- [DESIGN-REVIEW] make episode 3 a turn, not an afterglow (retro of episode 2)") || strings.Contains(h, "[TRY-NEXT] arc change") {
		t.Errorf("handover notes:\n%s", h)
	}
}

// lowReader rates yuki 2 and the others 5, so the retro has a Try.
type lowReader struct{ p writing.Persona }

func (r lowReader) Read(context.Context, writing.ReadTask) (writing.Feedback, agent.Usage, error) {
	stars := 5
	if r.p.ID == "yuki" {
		stars = 2
	}
	return writing.Feedback{Stars: stars, OneLine: "x"}, agent.Usage{}, nil
}

func (lowReader) Compare(context.Context, writing.CompareTask) (writing.Preference, agent.Usage, error) {
	return writing.Preference{Prefer: "tie"}, agent.Usage{}, nil
}

// TestArcObservationAtActEnd: an episode that closes its act asks for an
// arc observation before the next act (the original's arc observer at an
// act boundary): in the Outcome and as a [DESIGN-REVIEW] handover thread;
// an episode inside its act asks nothing.
func TestArcObservationAtActEnd(t *testing.T) {
	for _, c := range []struct {
		n    int
		want bool
	}{{2, true}, {1, false}} {
		dir := story(t, false)
		arc := read(t, dir, writing.ArcFile)
		if err := os.WriteFile(filepath.Join(dir, writing.ArcFile), []byte("Act 1 is episodes 1-2.\nAct 2 is episodes 3-4.\n\n"+arc), 0o644); err != nil {
			t.Fatal(err)
		}
		w := &world{verdicts: []string{"OK"}}
		res, err := w.episode(t, dir, c.n, 1, loop.AutoAsker{}).Write(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		h := read(t, dir, writing.HandoverFile)
		got := strings.Contains(h, "[DESIGN-REVIEW] act 1 closes with episode 2: observe the arc")
		if got != c.want || (res.ArcObservation != "") != c.want {
			t.Errorf("episode %d: arc observation %q, handover:\n%s", c.n, res.ArcObservation, h)
		}
	}
}
