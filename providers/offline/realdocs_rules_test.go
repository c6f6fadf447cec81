package offline

import "testing"

// TestRealDocumentFalseAlarms holds one must and one must-not case per
// cause of the false alarms the tuned-document set showed (see
// TestTunedDocuments); each must-not case failed before its rule was
// mended.
func TestRealDocumentFalseAlarms(t *testing.T) {
	runRuleCases(t, []ruleCase{
		// undefined-acronym: link text names its own explanation; a word the
		// document also writes as code is a name from code; an acronym
		// followed by a number is a designation (FIPS 140-3, RC 2, SHA-1);
		// a model number holds digits; RFC 2119 keywords and TL;DR are words
		{rule: "undefined-acronym", text: "See the [GC guide](https://example.com/gc) for details.\n", want: 0},
		{rule: "undefined-acronym", text: "Pick a target with `GOOS=linux`. Each GOOS value names a system.\n", want: 0},
		{rule: "undefined-acronym", text: "Go 1.25 RC 2 runs in FIPS 140-3 mode and refuses SHA-1 keys.\n", want: 0},
		{rule: "undefined-acronym", text: "It fails on routers such as CenturyLink Zyxel C3000Z.\n", want: 0},
		{rule: "undefined-acronym", text: "Stable interfaces MUST NOT change, and callers SHOULD check the result.\n", want: 0},
		{rule: "undefined-acronym", text: "Write the error in a TL;DR style first.\n", want: 0},
		{rule: "undefined-acronym", text: "The FIPS mode is on, so the SLO holds.\n", want: 2},
		{rule: "undefined-acronym", text: "See the guide for GC pauses; [the guide](https://example.com/gc) has more.\n", want: 1},
		// en-there-is: "There is no ..." states an absence plainly
		{rule: "en-there-is", text: "There is no plan to remove this setting.\n", want: 0},
		{rule: "en-there-is", text: "There are no runtime metrics for this change.\n", want: 0},
		{rule: "en-there-is", text: "There are some generated files in the repository.\n", want: 1},
		// no-exclamation-question-mark: a question in an English document
		// is English punctuation; Latin text of a Japanese document is still
		// reviewed
		{rule: "no-exclamation-question-mark", text: "## Why structured logging?\n\nIt is easy to parse.\n", want: 0},
		{rule: "no-exclamation-question-mark", text: "Does it work? Yes, it does.\n", want: 0},
		{rule: "no-exclamation-question-mark", text: "It works, not for keys!\n", want: 1},
		{rule: "no-exclamation-question-mark", text: "説明します。\n\nDoes it work?\n", want: 1},
		// ja-no-redundant-expression: a bracket the dictionary tags as a
		// サ変接続 noun is no action noun ("(VM)を実行")
		{rule: "ja-no-redundant-expression", text: "複数の仮想マシン(VM)を実行させることができるようになりました。\n", want: 0},
		{rule: "ja-no-redundant-expression", text: "スマート分析を実行して変換します。\n", want: 1},
		// ja-unnatural-alphabet: several capitals in one sentence are names
		// of steps or items, not input slips
		{rule: "ja-unnatural-alphabet", text: "最初にAを実行し、次にB、その次にCを実行します。\n", want: 0},
		{rule: "ja-unnatural-alphabet", text: "値Aを使う。\n", want: 1},
		// no-doubled-joshi: が marking the subject of a formal noun
		// (ことがある, 場合がある, 可能性がある, ものがある) repeats no が
		{rule: "no-doubled-joshi", text: "パフォーマンスの問題が発生することがあります。\n", want: 0},
		{rule: "no-doubled-joshi", text: "次のメッセージが表示される場合があります。\n", want: 0},
		{rule: "no-doubled-joshi", text: "処理コストが高いものがあります。\n", want: 0},
		{rule: "no-doubled-joshi", text: "ウォーターフォールが発生する可能性があります。\n", want: 0},
		// a colon ends a clause: は before and after it is no repeat
		{rule: "no-doubled-joshi", text: "再構築が非効率なことは明白です: 更新速度はサイズに比例します。\n", want: 0},
		{rule: "no-doubled-joshi", text: "材料不足で代替素材で製品を作った。\n", want: 1},
		{rule: "no-doubled-joshi", text: "私は彼は好きだ。\n", want: 1},
		// en-weasel: a negated intensifier is an understatement, not filler
		{rule: "en-weasel", text: "This isn't very different from the loop above.\n", want: 0},
		{rule: "en-weasel", text: "The change is not really needed here.\n", want: 0},
		{rule: "en-weasel", text: "It is very repetitive.\n", want: 1},
		// en-there-is: an existential that introduces what a colon lists
		{rule: "en-there-is", text: "There are two approaches: adding a field, and duplicating the functions.\n", want: 0},
		{rule: "en-there-is", text: "There is one drawback to this approach, at least for some uses:\n\nno progress is known.\n", want: 0},
		// no-doubled-joshi: a particle after a formal noun belongs to its set
		// phrase (ように, 代わりに, 必要はない)
		{rule: "no-doubled-joshi", text: "現在の状態を目的の状態に近づけるようにします。\n", want: 0},
		{rule: "no-doubled-joshi", text: "変数に書き込む代わりに状態を設定します。\n", want: 0},
		{rule: "no-doubled-joshi", text: "イベントハンドラは純粋である必要はありません。\n", want: 0},
		{rule: "no-doubled-joshi", text: "起動時にサーバーに負荷をかけます。\n", want: 1},
		// max-ten: a 読点 between two link texts sits between nouns
		{rule: "max-ten", text: "使ったことはないかもしれませんが、React には [props](/a)、[state](/b)、そして[コンテクスト](/c)という、入力値があります。\n", want: 0},
		{rule: "max-ten", text: "使ったことはないかもしれませんが、React には、まず、そして、それから、入力値があります。\n", want: 1},
		// en-passive: an agent wrapped over two lines is named on one
		{rule: "en-passive", text: "The change needs to be validated by the\n  maintainer before the merge.\n", want: 1, message: `make "the maintainer" the subject`},
		// a Hugo shortcode is template markup, not prose: it is not counted
		{rule: "sentence-length", text: "Kubernetesには、{{< glossary_tooltip term_id=\"kube-controller-manager\" >}}内部で動作する一組のビルトインのコントローラーが用意されています。\n", want: 0},
		{rule: "sentence-length", text: "Kubernetesには、{{< glossary_tooltip term_id=\"kube-controller-manager\" >}}内部で動作する一組のビルトインのコントローラーが用意されていて、これらビルトインのコントローラーは、コアとなる重要な振る舞いを提供し、クラスターの状態を目的の状態に近づけるように絶えず動作しています。\n", want: 1},
		// en-weasel: an intensifier before a word of degree states the
		// degree the sentence is about ("very low overhead")
		{rule: "en-weasel", text: "The overhead is very low, and such cases are extremely rare.\n", want: 0},
		{rule: "en-weasel", text: "The two are very similar.\n", want: 0},
		{rule: "en-weasel", text: "It is very fast.\n", want: 1},
		// en-stock-phrase: "seamlessly" is a stock phrase in "integrates
		// seamlessly", not where it names a requirement
		{rule: "en-stock-phrase", text: "The new API must work seamlessly with the old one.\n", want: 0},
		{rule: "en-stock-phrase", text: "The plugin integrates seamlessly with your editor.\n", want: 1, fix: "integrates with"},
		// ja-stock-phrase: 非常に is empty praise before 便利, 重要, ..., and
		// states a degree before 寒い, 多様, 高速
		{rule: "ja-stock-phrase", text: "部屋が非常に寒い場合は暖房を入れます。\n", want: 0},
		{rule: "ja-stock-phrase", text: "この仕組みは非常に高速です。\n", want: 0},
		{rule: "ja-stock-phrase", text: "この仕組みは非常に便利です。\n", want: 1, fix: "は便利で"},
		{rule: "ja-stock-phrase", text: "この記事は非常に良い記事です。\n", want: 1, fix: "は良い記"},
		// undefined-acronym: names used as words (JSX, ES modules, RHEL)
		{rule: "undefined-acronym", text: "JSX を返す関数を書きます。ES モジュールは RHEL でも動きます。\n", want: 0},
	})
}
