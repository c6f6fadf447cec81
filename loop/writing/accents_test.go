package writing_test

import (
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop/writing"
)

const historyTracker = `# Tracker

### Structure pattern history

| episode | recommended | used | note |
|---|---|---|---|
| 1 | linear | linear | - |
| 2 | frame | in medias res | - |
| 3 | linear | countdown | - |

### Sensory lens history

| episode | recommended | used | note |
|---|---|---|---|
| 1 | sight | sight | - |
| 2 | sound | sound | - |
| 3 | touch | touch | - |

## Tempo profile history (last 5)

| episode | profile | hook type |
|---|---|---|
| 2 | accelerating | explicit mystery |
| 3 | wave | sense of a coming choice |
`

const compatGuide = `# Guide

## Structure pattern × role tag

| pattern | roles |
|---|---|
| frame | afterglow |
| parallel threads | turn, build-up |
| single scene | climax |
`

// TestChooseAccents: the structure pattern is the least used of the last
// 5 episodes fitted to the role (or as it is without the guide's table),
// the lens the least used (the oldest use among equals), the tempo
// profile and the hook type differ from the last two episodes, and pull A
// takes an explicit mystery or a coming choice.
func TestChooseAccents(t *testing.T) {
	s := &writing.Story{Tracker: historyTracker, Guide: compatGuide}
	a := writing.ChooseAccents(s, 4, "turn", "B")
	if a == nil {
		t.Fatal("no accents for episode 4 with history")
	}
	if a.Structure != "parallel threads" || a.Fallback || !strings.Contains(a.StructureFit, "fits the role tag") {
		t.Errorf("structure %q (%s), fallback %t: want parallel threads, the unused pattern that fits a turn", a.Structure, a.StructureFit, a.Fallback)
	}
	if a.Lens != "smell" {
		t.Errorf("lens %q, want smell (never used)", a.Lens)
	}
	if a.Tempo == "accelerating" || a.Tempo == "wave" || a.Tempo == "" {
		t.Errorf("tempo %q repeats the last two episodes", a.Tempo)
	}
	if a.Hook != "seed of unease" {
		t.Errorf("hook %q, want the first of the four not used in the last two", a.Hook)
	}

	// Without the compatibility table: the least used as it is.
	s.Guide = ""
	a = writing.ChooseAccents(s, 4, "climax", "A")
	if !a.Fallback || a.Structure != "frame" {
		t.Errorf("fallback %t, structure %q: want frame, the first unused pattern, as it is", a.Fallback, a.Structure)
	}
	// Pull A: both allowed hooks were used; the one used longer ago.
	if a.Hook != "explicit mystery" {
		t.Errorf("pull A hook %q, want explicit mystery (the coming choice was the last)", a.Hook)
	}

	// All lenses used once: the one used longest ago.
	s.Tracker = strings.Replace(historyTracker, "| 3 | touch | touch | - |", "| 3 | touch | touch | - |\n| 4 | smell | smell | - |\n| 5 | taste | taste | - |", 1)
	if a := writing.ChooseAccents(s, 6, "turn", "B"); a.Lens != "sight" {
		t.Errorf("lens %q, want sight (each used once; sight longest ago)", a.Lens)
	}

	if a := writing.ChooseAccents(s, 1, "setup", "B"); a != nil {
		t.Errorf("episode 1 has accents: %+v", a)
	}
	if a := writing.ChooseAccents(&writing.Story{Tracker: "| episode | role |\n|---|---|\n| 1 | setup |\n"}, 2, "turn", "A"); a != nil {
		t.Errorf("a tracker without history gives accents: %+v", a)
	}
}

// TestBriefAccents: the brief ends with the accents section; episode 1's
// has none; a Japanese tracker gets the seed's names.
func TestBriefAccents(t *testing.T) {
	arc := "| episode | role | intensity | pull | notes |\n|---|---|---|---|---|\n| 1 | setup | 0.3 | B | a |\n| 4 | turn | 0.7 | A | b |\n| 5 | afterglow | 0.3 | C | c |\n"
	b := writing.Brief(&writing.Story{Arc: arc, Tracker: historyTracker, Guide: compatGuide}, 4)
	i := strings.Index(b, "## Writing accents (suggestions)")
	if i < 0 || !strings.Contains(b[i:], "Recommended: parallel threads") || !strings.Contains(b[i:], "### Tempo profile") || !strings.Contains(b[i:], "### Hook type") {
		t.Errorf("the brief's accents:\n%s", b)
	}
	if b := writing.Brief(&writing.Story{Arc: arc, Tracker: historyTracker}, 1); strings.Contains(b, "Writing accents") {
		t.Errorf("episode 1 has accents:\n%s", b)
	}
	ja := "### 構成パターン履歴\r\n\r\n| 話数 | 推奨パターン | 実使用パターン | 変更メモ |\r\n|---|---|---|---|\r\n| 第1話 | 時系列 | 時系列 | - |\r\n\r\n## テンポプロファイル履歴（直近5話）\r\n\r\n| 話数 | プロファイル | 引きの型 |\r\n|---|---|---|\r\n| 第1話 | 圧縮型 | 明示的謎 |"
	a := writing.ChooseAccents(&writing.Story{Tracker: ja, Arc: "| 話数 | 役割 |\r\n|---|---|\r\n| 第2話 | 転換 |"}, 2, "転換", "A")
	if a == nil || a.Structure == "時系列" || a.Tempo == "圧縮型" || a.Hook != "選択の予感" || !a.Fallback {
		t.Errorf("Japanese accents: %+v", a)
	}
}
