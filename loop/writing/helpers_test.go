package writing_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// story writes a small story folder into a new temporary folder and
// returns it. ja makes the material Japanese with CRLF line ends and a
// BOM on the personas file.
func story(t testing.TB, ja bool) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"story/scenario-arc.md":      "# Arc\n\n| episode | role | intensity | pull | notes |\n|---|---|---|---|---|\n| 1 | setup | 0.3 | B | Ren arrives. |\n| 2 | turn | 0.7 | A | The lamp goes dark. |\n| 3 | afterglow | 0.4 | C | Ren alone. |\n",
		"story/character-arcs.md":    "# Arcs\n\n- [HOLD until 3] who writes the letters\n",
		"story/reader-personas.md":   "| id | name | focus |\n|---|---|---|\n| yuki | Yuki | pace and hooks |\n| mei | Mei | style and voice |\n| ken | Ken | consistency with the setting |\n",
		"story/handover-notes.md":    "- [MUST-THIS] the storm arrives\n- [TRY-NEXT] open on a sound\n",
		"story/quality-log.md":       "| episode | date | revisions | verdict | judgment | stars | mean | revision test |\n|---|---|---|---|---|---|---|---|\n| 1 | 2026-11-02 | 0 (0 accepted) | OK | PASS | yuki:3 mei:4 ken:5 | 4.00 | no revision |\n",
		"story/reader-memory-mei.md": "# Mei\n\n## Episode 1\n\n★4 — fine\n",
		"episodes/01_The_Lamp.txt":   "The Lamp\n\nRen arrived at the tower.\n",
	}
	if ja {
		files["story/reader-personas.md"] = "\uFEFF| id | name | focus |\r\n|---|---|---|\r\n| yuki | ユウキ | テンポと引き |\r\n| mei | メイ | 文体 |\r\n| ken | ケン | 設定の整合 |\r\n"
		files["story/handover-notes.md"] = "- [MUST-THIS] 嵐が島に来る\r\n- [TRY-NEXT] 音から始める"
		files["story/reader-memory-mei.md"] = "# メイの読書メモ\r\n\r\n## Episode 1\r\n\r\n★4 — よい\r\n"
	}
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// englishDraft has four mechanical problems the offline critics fix.
const englishDraft = "The Dark Lamp\n\nThe shutters banged once, twice, and then the tower breathed in.\nIt is worth noting that the storm came faster than the radio had said.\nBy nine the rain fell sideways, and the the lamp flickered.\nHe moved very slowly, with very careful hands.\nRen made his choice and ran for the dinghy.\n"

// japaneseDraft has no final newline and CRLF line ends.
const japaneseDraft = "暗い灯台\r\n\r\n雨戸が一度、二度と鳴った。\r\n蓮はデータをを確かめることができた。\r\n灯りは消えていた。\r\n蓮は小舟へ走った。"

func read(t testing.TB, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func count(s, sub string) int { return strings.Count(s, sub) }

func must(t testing.TB, dir, sub string) []string {
	t.Helper()
	es, err := os.ReadDir(filepath.Join(dir, sub))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// readMaybe reads dir/name; a missing file reads as "".
func readMaybe(dir, name string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	return string(b), err
}
