package offline

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// findingsOf returns the issues rule gives on text with every rule on
// and condensing off.
func findingsOf(t *testing.T, rule, text string) []string {
	t.Helper()
	var out []string
	for _, f := range reviewAll(t, unlimitedAll(), agentTarget(text)) {
		if ruleOf(f.Issue) == rule {
			out = append(out, f.LineRange.String()+" "+f.Quote())
		}
	}
	return out
}

// countCase is a text and how many findings one rule gives on it.
type countCase struct {
	text string
	want int
}

// wantCounts checks rule's number of findings on each case's text.
func wantCounts(t *testing.T, rule string, cases []countCase) {
	t.Helper()
	for _, c := range cases {
		if got := findingsOf(t, rule, c.text); len(got) != c.want {
			t.Errorf("%q: %s gave %q, want %d findings", c.text, rule, got, c.want)
		}
	}
}

func TestDoubledWordCompound(t *testing.T) {
	wantCounts(t, "en-doubled-word", []countCase{
		{"Keep the steps to to the letter when you restore a backup.\n", 1},
		{"Add the task to to-do lists before the release starts.\n", 0},
		{"Sort the slice in in-place order before you search it.\n", 0},
		{"Log in in the browser before you open the dashboard.\n", 0},
	})
}

func TestDoubledConjunctionAfterCode(t *testing.T) {
	wantCounts(t, "no-doubled-conjunction", []countCase{
		// a sentence the splitter starts after inline code opens with a particle
		{"`handleAddTodo` では、配列のスプレッド構文が使えます。`handleChangeTodo` では、`map` で新しい配列を作成します。\n", 0},
		// a conjunction after a word, a space or code inside a sentence is a particle
		{"配列の一部またはすべての要素を変更します。データやインデックス（またはその両方）に基づいて決めます。\n", 0},
		{"`name` が必要です。`formats` に `'umd'` が含まれている場合に Vite が使います。\n", 0},
		{"しかし、この方法は遅いです。しかし、ほかの方法はありません。\n", 1},
		{"この方法は遅いです。また、手順が多いです。ほかの方法はありません。また、高価です。\n", 1},
	})
}

func TestRepeatedSentenceAcrossParagraphs(t *testing.T) {
	long := "A backup is only as good as the last restore you have tested yourself."
	filler := "The restore runs on a spare machine.\n\nIt reads the archived segments first.\n\n"
	for _, c := range []struct {
		name string
		text string
		want int
	}{
		{"twice in two paragraphs", long + "\n\n" + filler + long + "\n", 1},
		{"three times is boilerplate", long + "\n\n" + filler + long + "\n\n" + filler + long + "\n", 0},
		{"short sentences repeat by themselves", "Run the tests again.\n\n" + filler + "Run the tests again.\n", 0},
		{"list items are parallel by design", "- " + long + "\n\n" + filler + "- " + long + "\n", 0},
		{"twice in a row is removed", long + " " + long + "\n", 1},
		{"japanese", "説明の文は短く、具体的な言葉で書くようにします。\n\n入力欄にはラベルを付けます。\n\n説明の文は短く、具体的な言葉で書くようにします。\n", 1},
	} {
		got := slices.Concat(findingsOf(t, "repeated-sentence", c.text), findingsOf(t, "repeated-prose-sentence", c.text), findingsOf(t, "doubled-sentence", c.text))
		if len(got) != c.want {
			t.Errorf("%s: the repeated-sentence rules gave %q, want %d findings", c.name, got, c.want)
		}
		if last := strings.Count(c.text, "\n"); c.want == 1 && !strings.HasPrefix(got[0], fmt.Sprint(last)+" ") {
			t.Errorf("%s: the repeated-sentence rules gave %q, want it on the later copy, line %d", c.name, got, last)
		}
	}
}

func TestConfusable(t *testing.T) {
	for _, c := range []struct {
		text, rule string
		want       int
	}{
		{"If its the first time you restore, read the whole page.\n", "en-confusable", 1},
		{"The server keeps its own copy of every segment it reads.\n", "en-confusable", 0},
		{"Its a good idea to test the restore every month.\n", "en-confusable", 1},
		{"A crash will loose the changes made since the last backup.\n", "en-confusable", 1},
		{"Keep the cable loose so the plug does not break.\n", "en-confusable", 0},
		{"The `its` field and a loose-coupled design stay as they are.\n", "en-confusable", 0},
		{"フォームにはラベル意外の説明も置けます。\n", "no-zenkaku-alphabet", 0},
		{"フォームにはラベル意外の説明も置けます。\n", "ja-no-abusage", 1},
		{"結果は意外なものでした。意外にも速く終わりました。\n", "ja-no-abusage", 0},
		{"ＨＴＭＬの要素を使います。\n", "no-zenkaku-alphabet", 1},
	} {
		if got := findingsOf(t, c.rule, c.text); len(got) != c.want {
			t.Errorf("%q: %s gave %q, want %d findings", c.text, c.rule, got, c.want)
		}
	}
}

func TestConfusableFix(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Its a good idea to test the restore every month.\n", "It's a good idea to test the restore every month.\n"},
		{"A crash will loose the changes made since the last backup.\n", "A crash will lose the changes made since the last backup.\n"},
		{"フォームにはラベル意外の説明も置けます。\n", "フォームにはラベル以外の説明も置けます。\n"},
		{"ＨＴＭＬの要素を使います。\n", "HTMLの要素を使います。\n"},
	} {
		fs := reviewAll(t, editorial(), agentTarget(c.text))
		if len(fs) != 1 || fs[0].Fix == "" {
			t.Errorf("%q: the defaults give %v, want one finding with a fix", c.text, fs)
			continue
		}
		if got := strings.Replace(c.text, fs[0].Quote(), fs[0].Fix, 1); got != c.want {
			t.Errorf("%q: fixed to %q, want %q", c.text, got, c.want)
		}
	}
}
