package offline

import (
	"strings"
	"testing"
)

func TestJapaneseRules(t *testing.T) {
	long := strings.Repeat("あ", 95) + "です。"
	runRuleCases(t, []ruleCase{
		{rule: "sentence-length", text: long + "\n", want: 0},
		{rule: "sentence-length", text: strings.Repeat("い", 100) + "です。\n", want: 1},
		{rule: "sentence-length", text: "- " + strings.Repeat("い", 120) + "です\n", want: 1},               // list items too, as textlint
		{rule: "sentence-length", text: "# " + strings.Repeat("い", 120) + "です\n", want: 0},               // not headings
		{rule: "sentence-length", text: strings.Repeat("い", 90) + "です。\n", want: 0, profile: "非エンジニア向け"}, // textlint's limit for every reader
		{rule: "sentence-length", text: strings.Repeat("い", 110) + "です。\n", want: 1, profile: "Web engineers"},

		{rule: "max-ten", text: "これは、あれと、それと、どれです。\n", want: 0},
		{rule: "max-ten", text: "まず、次に、さらに、最後に、終わります。\n", want: 1},
		{rule: "max-ten", text: "東京、大阪、名古屋、福岡、札幌に行きます。\n", want: 0}, // 名詞、名詞
		{rule: "max-ten", text: "まず、次に、さらに、最後に、終わります。\n", want: 1, profile: "Go experts"},

		{rule: "max-kanji-continuous-len", text: "情報処理技を学びます。\n", want: 0},
		{rule: "max-kanji-continuous-len", text: "情報処理技術を学びます。\n", want: 1}, // the rule's default is 5
		{rule: "max-kanji-continuous-len", text: "分散並行処理基盤を使います。\n", want: 1},
		{rule: "max-kanji-continuous-len", text: "分散並行処理基盤を使います。\n", want: 1, profile: "Web engineers"},

		{rule: "no-mix-dearu-desumasu", text: "これはペンです。これは本です。あれは机である。\n", want: 1, fix: "机です。"},
		{rule: "no-mix-dearu-desumasu", text: "これはペンである。あれは机である。\n", want: 0},
		{rule: "no-mix-dearu-desumasu", text: "これはペンです。\n\n- リストはである調である\n", want: 0},

		{rule: "ja-no-mixed-period", text: "これは文です\n", want: 1, advice: true},
		{rule: "ja-no-mixed-period", text: "これは文です．\n", want: 1, fix: "文です。"},
		{rule: "ja-no-mixed-period", text: "これは文です。\n", want: 0},
		{rule: "ja-no-mixed-period", text: "次のとおりです：\n\n- 項目\n", want: 0},
		// a lead-in the code block continues, and list items led by an emoji or an arrow
		{rule: "ja-no-mixed-period", text: "次のサンプルコードは\n\n```js\nf()\n```\n\nを出力します。\n", want: 0},
		{rule: "ja-no-mixed-period", text: "上記の型があれば\n\n```ts\ntype T = 1\n```\n", want: 0},
		{rule: "ja-no-mixed-period", text: "まとめです。\n\n✅引数の型チェックがされる\n👍有効化推奨\n", want: 0},
		{rule: "ja-no-mixed-period", text: "まとめです。\n\n→ Mapはキーに任意の型が使える\n", want: 0},
		{rule: "ja-no-mixed-period", text: "まとめです。\n\nMapはキーに任意の型が使える\n", want: 1},
		{rule: "ja-no-mixed-period", text: "# 見出しに句点は不要\n", want: 0},

		{rule: "no-doubled-joshi", text: "この関数はエラーは返しません。\n", want: 1},
		{rule: "no-doubled-joshi", text: "この関数は、エラーは返しません。\n", want: 0},
		{rule: "no-doubled-joshi", text: "既存のコードの利用です。\n", want: 0},
		{rule: "no-doubled-joshi", text: "値を確認し、結果を返します。\n", want: 0},

		{rule: "no-doubled-conjunction", text: "しかし、雨です。しかし、行きます。\n", want: 1},
		{rule: "no-doubled-conjunction", text: "しかし、雨です。だから、行きます。\n", want: 0},

		{rule: "no-doubled-conjunctive-particle-ga", text: "行きますが、雨ですが、行きます。\n", want: 1},
		{rule: "no-doubled-conjunctive-particle-ga", text: "行きますが、雨です。\n", want: 0},

		{rule: "no-double-negative-ja", text: "使えないわけではありません。\n", want: 1},
		{rule: "no-double-negative-ja", text: "使えないことはない。\n", want: 1},
		{rule: "no-double-negative-ja", text: "使えません。\n", want: 0},

		{rule: "no-dropping-the-ra", text: "結果はログから見れます。\n", want: 1, fix: "見られます"},
		{rule: "no-dropping-the-ra", text: "寿司を食べれる店です。\n", want: 1, fix: "食べられる"},
		{rule: "no-dropping-the-ra", text: "朝早く来れる人です。\n", want: 1, fix: "来られる"},
		{rule: "no-dropping-the-ra", text: "結果はログから見られます。\n", want: 0},

		{rule: "ja-no-successive-word", text: "データをを送信します。\n", want: 1, fix: "データを送信"},
		{rule: "ja-no-successive-word", text: "ドキドキしながら待ちます。\n", want: 0},
		{rule: "ja-no-successive-word", text: "データを送信します。\n", want: 0},

		{rule: "ja-no-weak-phrase", text: "速いかもしれません。\n", want: 1},
		{rule: "ja-no-weak-phrase", text: "速いです。\n", want: 0},

		{rule: "ja-no-redundant-expression", text: "設定を変更することができます。\n", want: 1, fix: "変更できます。"},
		{rule: "ja-no-redundant-expression", text: "設定を行います。\n", want: 1, fix: "設定します。"},
		{rule: "ja-no-redundant-expression", text: "できるだけ早く行います。\n", want: 0},

		{rule: "no-exclamation-question-mark", text: "便利です！\n", want: 1, fix: "便利です。"},
		{rule: "no-exclamation-question-mark", text: "なぜでしょうか？\n", want: 1},
		{rule: "no-exclamation-question-mark", text: "便利です。\n", want: 0},

		{rule: "no-hankaku-kana", text: "ﾃﾞｰﾀを送ります。\n", want: 1, fix: "データを"},
		{rule: "no-hankaku-kana", text: "データを送ります。\n", want: 0},

		{rule: "no-nfd", text: "テ\u3099ータを送ります。\n", want: 1, fix: "データ"},
		{rule: "no-nfd", text: "データを送ります。\n", want: 0},

		{rule: "no-zero-width-spaces", text: "データ\u200bを送ります。\n", want: 1, fix: "データを送"},
		{rule: "no-zero-width-spaces", text: "\uFEFFデータを送ります。\n", want: 0}, // a BOM is not a stray character

		{rule: "no-unmatched-pair", text: "詳しくは（後述します。\n", want: 1},
		{rule: "no-unmatched-pair", text: "詳しくは（後述）。「引用」です。\n", want: 0},
		{rule: "no-unmatched-pair", text: "（一文目。二文目。）\n", want: 0},

		{rule: "ja-stock-filler", text: "紹介しました。いかがでしたか？\n", want: 1, fix: "紹介しました。\n"},
		{rule: "ja-stock-phrase", text: "Go は最適解と言っても過言ではありません。\n", want: 1, fix: "最適解です。"},
		{rule: "ja-stock-phrase", text: "世界を変えたと言っても過言ではありません。\n", want: 1}, // advice: no noun before
		{rule: "ja-stock-phrase", text: "Go は最適解です。\n", want: 0},

		{rule: "undefined-acronym", text: "Go は CSP に基づきます。\n", want: 1},
		{rule: "undefined-acronym", text: "Go は CSP（Communicating Sequential Processes）に基づきます。\n", want: 0},
		{rule: "undefined-acronym", text: "Go は HTTP を話します。\n", want: 0},

		{rule: "undefined-jargon", text: "アプリをデプロイします。\n", want: 1, profile: "非エンジニア"},
		{rule: "undefined-jargon", text: "アプリをデプロイします。\n", want: 0, profile: "Web エンジニア"},

		{rule: "same-opening", text: "channel は型を持ちます。channel は閉じられます。channel は値を運びます。\n", want: 1},
		{rule: "same-opening", text: "channel は型を持ちます。値は一つずつ届きます。channel は閉じられます。\n", want: 0},

		{rule: "paragraph-length", text: "短い段落です。\n\n短い段落です。\n\n短い段落です。\n\n" + strings.Repeat("長い段落の文です。", 60) + "\n", want: 1},
		{rule: "paragraph-length", text: "短い段落です。\n\n短い段落です。\n\n短い段落です。\n\n少し長めの段落です。少し長めの段落です。\n", want: 0},

		{rule: "unsourced-figure", text: "採用企業の 78% が満足しています。\n", want: 1},
		{rule: "unsourced-figure", text: "[調査](https://example.com/survey)では採用企業の 78% が満足しています。\n", want: 0},
		{rule: "unsourced-figure", text: "この構成は業界初です。\n", want: 1},
		{rule: "unsourced-figure", text: "3 つの手順で進めます。\n", want: 0},

		{rule: "inconsistent-quantity", text: "処理時間が 40% 短縮しました。\n\n別の検証では処理時間が 35% 短縮しました。\n", want: 1},
		{rule: "inconsistent-quantity", text: "処理時間が 40% 短縮しました。\n\nメモリ使用量は 35% 減りました。\n", want: 0},
		{rule: "inconsistent-quantity", text: "画面幅の表示領域を 50% に、画面高さの表示領域を 100% にします。\n", want: 0},

		{rule: "unsourced-claim", text: "一般的に速いと言われています。\n", want: 1},
		{rule: "unsourced-claim", text: "公式ドキュメントに速いと書かれています。\n", want: 0},
	})
}
