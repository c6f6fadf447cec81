package writing_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/writing"
)

// jaTracker is a Japanese tracker (BOM, CRLF) with episode 1's agency and
// balance rows.
const jaTracker = "\uFEFF# シリーズ管理\r\n\r\n## アクション配分（直近3話）\r\n\r\n| 話数 | 行動 | 会話 | 内面 |\r\n|---|---|---|---|\r\n| 1 | 20% | 30% | 50% |\r\n\r\n" +
	"## 主人公の能動性追跡（直近5話）\r\n\r\n| 話数 | 選択の型 | 内容 | 選ばなかった選択肢 |\r\n|---|---|---|---|\r\n| 1 | 判断 | 塔に泊まる | 最終バス |\r\n"

// TestScriptedAgencyRows: the save puts the final draft's choice and
// balance into the tracker's two tables, in the tracker's language; a
// rerun replaces the row, and the next brief reads both tables.
func TestScriptedAgencyRows(t *testing.T) {
	for _, ja := range []bool{false, true} {
		dir := story(t, ja)
		if ja {
			if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(writing.TrackerFile)), []byte(jaTracker), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		w := &world{verdicts: []string{"OK"}}
		if ja {
			w.reflection = writing.Reflection{Choice: writing.Choice{Who: "蓮", What: "灯台を離れて小舟へ走る", Kind: writing.Decision, NotTaken: "灯を直す"}}
		}
		for range 2 {
			e := w.episode(t, dir, 2, 1, nil)
			e.Again = true
			if _, err := e.Write(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		tr := read(t, dir, writing.TrackerFile)
		agency, balance := "| 2 | decision (active) | Ren: runs to the lamp | waiting for Sato |", "| 2 | 60% | 20% | 20% |"
		if ja {
			agency = "| 2 | 決断（能動） | 蓮：灯台を離れて小舟へ走る | 灯を直す |\r\n"
			if !strings.HasPrefix(tr, "\uFEFF# シリーズ管理\r\n") || count(tr, "| 1 | 判断 |") != 1 || count(tr, "| 1 | 20% |") != 1 {
				t.Errorf("ja: the tracker lost its history or its BOM:\n%s", tr)
			}
		}
		if count(tr, agency) != 1 || count(tr, balance) != 1 {
			t.Errorf("ja=%v: want one agency row %q and one balance row %q:\n%s", ja, agency, balance, tr)
		}
		b := writing.Brief(&writing.Story{Tracker: tr}, 3)
		if !strings.Contains(b, "a judgement (the last episode's choice was a decision)") || !strings.Contains(b, "episode 2: 60% / 20% / 20%") {
			t.Errorf("ja=%v: the next brief does not read the tables:\n%s", ja, b)
		}
	}
}

// TestScriptedAgencyUnsaved: a run whose save is declined leaves the
// tracker as it was.
func TestScriptedAgencyUnsaved(t *testing.T) {
	dir := story(t, true)
	p := filepath.Join(dir, filepath.FromSlash(writing.TrackerFile))
	if err := os.WriteFile(p, []byte(jaTracker), 0o644); err != nil {
		t.Fatal(err)
	}
	w := &world{verdicts: []string{"OK"}}
	ask := &answers{by: map[string]string{"s7/save": loop.No}}
	if _, err := w.episode(t, dir, 2, 1, ask).Write(context.Background()); !errors.Is(err, writing.ErrNotSaved) {
		t.Fatalf("Write: %v, want ErrNotSaved", err)
	}
	if w.calls["reflect"] == 0 {
		t.Fatal("the author did not reflect")
	}
	if got := read(t, dir, writing.TrackerFile); got != jaTracker {
		t.Errorf("an unsaved run changed the tracker:\n%s", got)
	}
}

// TestScriptedAgencyPassive: a reaction is written as passive and the
// next brief asks for a decision.
func TestScriptedAgencyPassive(t *testing.T) {
	dir := story(t, false)
	w := &world{verdicts: []string{"OK"}, reflection: writing.Reflection{Choice: writing.Choice{Who: "Ren", What: "is carried by the storm", Kind: writing.Reaction}}}
	if _, err := w.episode(t, dir, 2, 1, nil).Write(context.Background()); err != nil {
		t.Fatal(err)
	}
	tr := read(t, dir, writing.TrackerFile)
	if !strings.Contains(tr, "| 2 | reaction (passive) | Ren: is carried by the storm | (none) |") {
		t.Errorf("tracker:\n%s", tr)
	}
	if b := writing.Brief(&writing.Story{Tracker: tr}, 3); !strings.Contains(b, "in the last episode they only reacted") {
		t.Errorf("brief:\n%s", b)
	}
}

// badReflector is a model author whose reflection does not validate.
type badReflector struct {
	writing.ModelAuthor
	rf writing.Reflection
}

func (b badReflector) Reflect(context.Context, writing.ReflectTask) (writing.Reflection, agent.Usage, error) {
	return b.rf, agent.Usage{}, nil
}

// TestReflectionValidate: incomplete choices and balances that are not
// percentages summing to 100 are refused, the zero values accepted, and
// the run stops on an invalid reflection.
func TestReflectionValidate(t *testing.T) {
	ok := []writing.Reflection{{}, {Choice: writing.Choice{Who: "Ren", What: "goes", Kind: writing.Judgement}, Balance: writing.Balance{Action: 33, Dialogue: 33, Interior: 33}}}
	bad := []writing.Reflection{
		{Choice: writing.Choice{Who: "Ren", What: "goes", Kind: "choice"}},
		{Choice: writing.Choice{What: "goes", Kind: writing.Decision}},
		{Choice: writing.Choice{Who: "Ren", NotTaken: "stays"}},
		{Balance: writing.Balance{Action: 50, Dialogue: 20, Interior: 20}},
		{Balance: writing.Balance{Action: 120, Dialogue: -20}},
	}
	for _, r := range ok {
		if err := r.Validate(); err != nil {
			t.Errorf("%+v: %v", r, err)
		}
	}
	for _, r := range bad {
		if err := r.Validate(); err == nil {
			t.Errorf("%+v: valid", r)
		}
	}
	dir := story(t, false)
	e := (&world{verdicts: []string{"OK"}}).episode(t, dir, 2, 1, nil)
	e.Author = badReflector{ModelAuthor: e.Author.(writing.ModelAuthor), rf: bad[3]}
	if _, err := e.Write(context.Background()); err == nil || !strings.Contains(err.Error(), "sum to 90") {
		t.Errorf("Write: %v, want the invalid balance", err)
	}
}

// TestOfflineAuthorAgency: the offline author reads the choice, the
// option not taken and the balance of its draft.
func TestOfflineAuthorAgency(t *testing.T) {
	draft := "The Dark Lamp\n\nThe lamp was dark.\nHe could stay and coax the old mechanism back to life.\nOr he could take the dinghy and go to them.\nHe thought of Sato's hands.\n\"Hold on,\" he said.\nRen made his choice.\nHe left the lamp dark and ran for the dinghy.\n"
	rf, _, err := writing.OfflineAuthor{}.Reflect(context.Background(), writing.ReflectTask{Episode: 3, Draft: draft, Protagonist: "Ren"})
	if err != nil {
		t.Fatal(err)
	}
	want := writing.Choice{Who: "Ren", What: "He left the lamp dark and ran for the dinghy.", Kind: writing.Decision, NotTaken: "He could stay and coax the old mechanism back to life."}
	if rf.Choice != want {
		t.Errorf("choice %+v, want %+v", rf.Choice, want)
	}
	b := rf.Balance
	if b.Validate() != nil || b.Dialogue == 0 || b.Interior == 0 || b.Action <= b.Interior || b.Action+b.Dialogue+b.Interior != 100 {
		t.Errorf("balance %+v", b)
	}
	ja := "暗い灯\r\n\r\n灯は消えていた。\r\n灯を直すべきか、それとも小舟を出すか。\r\n「待ってて」と蓮は言った。\r\n蓮は決めた。\r\n小舟へ走った。"
	rf, _, _ = writing.OfflineAuthor{}.Reflect(context.Background(), writing.ReflectTask{Episode: 3, Draft: ja, Protagonist: "蓮"})
	if rf.Choice.Kind != writing.Decision || rf.Choice.What != "小舟へ走った。" || rf.Choice.NotTaken == "" || rf.Balance.Dialogue == 0 {
		t.Errorf("ja: %+v", rf)
	}
	rf, _, _ = writing.OfflineAuthor{}.Reflect(context.Background(), writing.ReflectTask{Episode: 3, Draft: "Rain\n\nThe rain fell on the tower.\n"})
	if rf.Choice.Kind != writing.Reaction || rf.Choice.Who != "the protagonist" || rf.Balance != (writing.Balance{Action: 100}) {
		t.Errorf("no choice: %+v", rf)
	}
}
