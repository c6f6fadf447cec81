package offline

import "testing"

// TestUnpairedTari: a 〜たり with no second 〜たり before another clause is
// advised on; a pair, one たり that する follows (an example), and 「たり
// うる」 are left alone.
func TestUnpairedTari(t *testing.T) {
	const rule = unpairedTariRule
	runRuleCases(t, []ruleCase{
		{rule: rule, text: "配列に要素を追加したり、配列から要素を削除できます。\n", want: 1, advice: true},
		{rule: rule, text: "ヘッダーを上書きしたりヘッダーを追加するには設定します。\n", want: 1, advice: true},
		{rule: rule, text: "配列に要素を追加したり、配列から要素を削除したりできます。\n", want: 0},
		{rule: rule, text: "ここで変数を検査したりすることもできます。\n", want: 0},
		{rule: rule, text: "結果が変わったりはしません。\n", want: 0},
		{rule: rule, text: "これは有害たりうるシステムコールです。\n", want: 0},
	})
}
