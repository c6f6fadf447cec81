package writing_test

import (
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop/writing"
)

func TestPersonaList(t *testing.T) {
	for _, text := range []string{
		"\uFEFF| id | name | focus |\r\n|---|---|---|\r\n| yuki | ユウキ | テンポ |\r\n| Mei | メイ | 文体 |\r\n",
		"# Personas\n\n| id | name | focus |\n| --- | :--- | --- |\n| yuki | ユウキ | テンポ |\n| mei | メイ | 文体 |\n| yuki | again | dup |\n| bad id! | x | y |",
	} {
		got := (&writing.Story{Personas: text}).PersonaList()
		if len(got) != 2 || got[0].ID != "yuki" || got[1].ID != "mei" || got[0].Name != "ユウキ" || got[1].Focus != "文体" {
			t.Errorf("PersonaList(%q) = %+v", text, got)
		}
	}
}

func TestBrief(t *testing.T) {
	s := &writing.Story{
		Arc:        "| episode | role | intensity | pull | notes |\n|---|---|---|---|---|\n| 第1話 | setup | 0.3 | B | arrive |\n| 第2話 | turn | 0.7 | a | the lamp goes dark |\n",
		Characters: "- [HOLD until 3] the letters' writer\n- [HOLD until 2] Sato's hand\n",
		Handover:   "- [MUST-THIS] the storm\n- [TRY-NEXT] open on a sound\n- [MUST-VOL] the boat people\n- [PERSONA-ALERT] Yuki wants action\n",
		Tracker:    "| episode | role | opening |\n|---|---|---|\n| 1 | setup | The bus left. |\n",
	}
	b := writing.Brief(s, 2)
	for _, want := range []string{"Role tag: turn", "Pull level: A", "Finale: yes", "the lamp goes dark", "the letters' writer (held until episode 3)",
		"[MUST-THIS] the storm", "[PERSONA-ALERT] Yuki wants action", "[TRY-NEXT] open on a sound", "Do not open as episode 1 did: The bus left.", "Hook strength: strong"} {
		if !strings.Contains(b, want) {
			t.Errorf("the brief lacks %q:\n%s", want, b)
		}
	}
	for _, not := range []string{"Sato's hand", "boat people"} {
		if strings.Contains(b, not) {
			t.Errorf("the brief holds %q:\n%s", not, b)
		}
	}
}

func TestTitle(t *testing.T) {
	for draft, want := range map[string]string{
		"\uFEFF\r\n\r\n# 暗い灯台\r\n本文": "暗い灯台",
		"The Lamp\nbody":             "The Lamp",
		"":                           "untitled",
		"  \n\t\n":                   "untitled",
	} {
		if got := writing.Title(draft); got != want {
			t.Errorf("Title(%q) = %q, want %q", draft, got, want)
		}
	}
}
