package offline

import (
	"strings"
	"testing"
)

// TestAutoFixesDoNotDamageText holds the cases where an automatic fix
// (severity low, confidence >= 70) used to make the text worse: each must
// now give the exact text shown, or advice, or nothing.
func TestAutoFixesDoNotDamageText(t *testing.T) {
	runRuleCases(t, []ruleCase{
		// ja-no-mixed-period: only a paragraph's end, never inside code, links or URLs; a missing 。 is advice
		{rule: "ja-no-mixed-period", text: "設定ファイルの場所は `~/.config/app/config.yaml`\n", want: 0},
		{rule: "ja-no-mixed-period", text: "詳しくは[公式ドキュメント](https://example.com/docs)\n", want: 0},
		{rule: "ja-no-mixed-period", text: "サンプルは https://example.com/sample\n", want: 0},
		{rule: "ja-no-mixed-period", text: "彼は言った。「これはセリフ」\n", want: 0},
		{rule: "ja-no-mixed-period", text: "一行目です\n二行目です。\n", want: 0}, // not the paragraph's end
		{rule: "ja-no-mixed-period", text: "これは文です\n", want: 1, advice: true},
		{rule: "ja-no-mixed-period", text: "これは文です．次の文です。\n", want: 1, after: "これは文です。次の文です。\n"},
		{rule: "ja-no-mixed-period", text: "Kubernetesは...\n", want: 1, advice: true}, // not 「Kubernetesは..。」

		// ja-no-redundant-expression: 〜を行う only after a サ変接続 noun in kanji
		{rule: "ja-no-redundant-expression", text: "説明会を行います。\n", want: 0},
		{rule: "ja-no-redundant-expression", text: "テストを行います。\n", want: 0},
		{rule: "ja-no-redundant-expression", text: "設定を行います。\n", want: 1, after: "設定します。\n"},
		{rule: "ja-no-redundant-expression", text: "検証を行った。\n", want: 1, after: "検証した。\n"},
		{rule: "ja-no-redundant-expression", text: "設定を行わずに使えます。\n", want: 1, after: "設定せずに使えます。\n"}, // not 「設定しずに」
		{rule: "ja-no-redundant-expression", text: "設定を行わないでください。\n", want: 1, after: "設定しないでください。\n"},
		{rule: "ja-no-redundant-expression", text: "この方式が最適であると考えています。\n", want: 1, advice: true},
		// を行う becomes する only where the noun is not modified (issue 23 item 3): 「HTMLの表示しています」, 「認可の決定し、」 break the sentence
		{rule: "ja-no-redundant-expression", text: "ブラウザはHTMLの表示を行っています。\n", want: 1, advice: true},
		{rule: "ja-no-redundant-expression", text: "サーバーは認可の決定を行い、結果を返します。\n", want: 1, advice: true},
		{rule: "ja-no-redundant-expression", text: "この設定を行います。\n", want: 1, advice: true},
		{rule: "ja-no-redundant-expression", text: "細かな調整を行います。\n", want: 1, advice: true},
		{rule: "ja-no-redundant-expression", text: "新しい検証を行った。\n", want: 1, advice: true},
		{rule: "ja-no-redundant-expression", text: "作成した設定を行います。\n", want: 1, advice: true},
		{rule: "ja-no-redundant-expression", text: "システムの環境設定を行います。\n", want: 1, advice: true},
		{rule: "ja-no-redundant-expression", text: "最後に確認を行います。\n", want: 1, after: "最後に確認します。\n"},
		{rule: "ja-no-redundant-expression", text: "必ず検証を行ってください。\n", want: 1, after: "必ず検証してください。\n"},
		{rule: "ja-no-redundant-expression", text: "環境設定を行います。\n", want: 1, after: "環境設定します。\n"},
		{rule: "ja-no-redundant-expression", text: "ファイルを読んで、確認を行います。\n", want: 1, after: "ファイルを読んで、確認します。\n"},
		// することができる after を: 「テストをできる」 is not standard Japanese
		{rule: "ja-no-redundant-expression", text: "テストをすることができる。\n", want: 1, advice: true},

		// ja-no-successive-word: reduplications stay
		{rule: "ja-no-successive-word", text: "結果はまあまあです。\n", want: 0},
		{rule: "ja-no-successive-word", text: "設定設定します。\n", want: 1, advice: true},
		{rule: "ja-no-successive-word", text: "データをを送信します。\n", want: 1, after: "データを送信します。\n"},

		// no-exclamation-question-mark: fix only in body sentences; names keep their "!"
		{rule: "no-exclamation-question-mark", text: "# 便利です！\n", want: 1, advice: true},
		{rule: "no-exclamation-question-mark", text: "- 便利です！\n", want: 1, advice: true},
		{rule: "no-exclamation-question-mark", text: "Yahoo!で検索します。\n", want: 0},
		{rule: "no-exclamation-question-mark", text: "とても便利です！\n", want: 1, after: "とても便利です。\n"},

		// no-zero-width-spaces: emoji ZWJ sequences stay; joiners are advice
		{rule: "no-zero-width-spaces", text: "開発者 👩\u200d💻 が書きます。\n", want: 0},
		{rule: "no-zero-width-spaces", text: "データ\u200cを送ります。\n", want: 1, advice: true},
		{rule: "no-zero-width-spaces", text: "データ\u200dを送ります。\n", want: 1, advice: true},
		{rule: "no-zero-width-spaces", text: "データを\uFEFF送ります。\n", want: 1, after: "データを送ります。\n"},

		// English deletions keep the case of names and identifiers
		{rule: "en-stock-phrase", text: "In conclusion, iOS apps start fast.\n", want: 1, after: "iOS apps start fast.\n"},
		{rule: "en-stock-phrase", text: "In conclusion, npm is slow.\n", want: 1, after: "npm is slow.\n"},
		{rule: "en-stock-phrase", text: "In conclusion, gRPC wins.\n", want: 1, after: "gRPC wins.\n"},
		{rule: "en-stock-phrase", text: "In conclusion, eBPF helps.\n", want: 1, after: "eBPF helps.\n"},
		{rule: "en-stock-phrase", text: "In conclusion, the cache helps.\n", want: 1, after: "The cache helps.\n"},
		{rule: "en-stock-phrase", text: "In conclusion, élan matters.\n", want: 1, advice: true},

		// intensifier deletion keeps a/an right
		{rule: "en-weasel", text: "It is a very useful tool.\n", want: 1, advice: true},
		{rule: "en-weasel", text: "It is an extremely fast tool.\n", want: 1, after: "It is a fast tool.\n"},
		{rule: "en-weasel", text: "It is a very old tool.\n", want: 1, after: "It is an old tool.\n"},
		{rule: "en-weasel", text: "It is a very hard call.\n", want: 1, advice: true},
		{rule: "en-weasel", text: "It is very fast.\n", want: 1, after: "It is fast.\n"},

		// phrase fixes that were wrong in context
		{rule: "en-weasel", text: "Use a truly random seed.\n", want: 1, advice: true},
		{rule: "en-redundant", text: "Pick a value within a wide range of 0 to 1000.\n", want: 1, advice: true},
		{rule: "en-redundant", text: "It supports a wide range of formats.\n", want: 1, after: "It supports many formats.\n"},
		{rule: "en-redundant", text: "It gives you leverage over the vendor.\n", want: 1, advice: true},
		{rule: "en-redundant", text: "We leverage the cache.\n", want: 1, after: "We use the cache.\n"},
		{rule: "en-redundant", text: "Sort the rows in order to the end.\n", want: 1, advice: true},
		{rule: "en-redundant", text: "Wait in order to drain.\n", want: 1, after: "Wait to drain.\n"},
		{rule: "en-doubled-word", text: "All it is is a wrapper.\n", want: 0},
		{rule: "en-doubled-word", text: "Log in in the browser.\n", want: 0},
		{rule: "en-doubled-word", text: "Then the the server stops.\n", want: 1, after: "Then the server stops.\n"},
		{rule: "en-weasel", text: "It is very, very slow.\n", want: 0},
	})
}

func TestFenceInsideListItem(t *testing.T) {
	for _, fence := range []string{"```", "~~~"} {
		in := "1. Install the tool:\n    " + fence + "sh\n    go install example.com/tool@latest in order to\n    " + fence + "\n2. Run it.\n"
		d := parse([]byte(in))
		got := strings.Join(visible(d), "|")
		if got != "_Install the tool:|_Run it." {
			t.Errorf("blocks = %q, want the fence inside the list item masked", got)
		}
		runRuleCases(t, []ruleCase{{rule: "en-redundant", text: in, want: 0}})
	}
}
