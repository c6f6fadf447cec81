package offline

import "strings"

// Suite cases of the rules that count: sentence-length, max-comma,
// max-ten and max-kanji-continuous-len.

func lim(l Limits) Config                   { return Config{Limits: l} }
func opt(o RuleOptions) Config              { return Config{Options: o} }
func limOpt(l Limits, o RuleOptions) Config { return Config{Limits: l, Options: o} }

func suiteLengthRules() []suiteRule {
	max5 := lim(Limits{SentenceLength: 5})
	return []suiteRule{
		{
			rule:   "sentence-length",
			source: "textlint-rule-sentence-length 5.2.1, test/sentence-length-test.ts and sentence-length-html-test.ts",
			cases: []suiteCase{
				{text: "This is a short line"},
				{text: "試す`code`です。"},
				{text: `"Term" is text.`, cfg: lim(Limits{SentenceLength: 15})},
				{text: "[kaigi/review-loop: a library that runs many reviewers over one document and merges what they say into one list](https://example.com/kaigi)"},
				{text: "- [kaigi/review-loop: a library that runs many reviewers over one document and merges what they say into one list](https://example.com/kaigi)"},
				{text: "> skipped", cfg: lim(Limits{SentenceLength: 1})},
				{text: "xy`z`uv", cfg: max5},
				{text: `[abc](https://example.com "a long title")de`, cfg: max5},
				{text: "9876(54321)", cfg: limOpt(Limits{SentenceLength: 5}, RuleOptions{SentenceSkipPatterns: []string{`/\(.*\)$/`}})},
				{text: "<i>abc</i><b>de</b>", cfg: max5},
				{text: "[https://example.org/a](https://example.org/a)", cfg: max5},
				{text: `- [abc](https://example.com "abc")de`, cfg: max5},
				{text: "\n- vwxyz\n- vwxyz\n- vwxyz\n- vwxyz\n- vwxyz\n", cfg: max5},
				{text: "設定ファイルが\"Local\"である場合、その直下に書かれた`key`は利用者の設定を上書きします。\n利用者の設定とは、環境ごとに異なる場所に置かれたファイルです。\nLinuxなら`~/.config`、macOSなら`~/Library`の下になります。", cfg: lim(Limits{SentenceLength: 60})},
				{text: "また*Permission denied*のようなエラーが出た場合は、[File Mode][]により`run.sh`の実行が拒まれています。\n\n[File Mode]: https://example.com/", cfg: lim(Limits{SentenceLength: 60})},
				{text: "ではみなさんは、そういうふうに星の集まりだと言われたり、乳の流れたあとだと言われたりしていたこの白いものが何かご存じですか。\n\nではみなさんは、そういうふうに星の集まりだと言われたり、乳の流れたあとだと言われたりしていたこの<a href=\"https://example.com/a/very/long/path/to/a/page.html\" target=\"_blank\" rel=\"noopener noreferrer\">白いもの</a>が何かご存じですか。\n"},
				{text: "GoをWasmにして動かす仕組みについて。\nTinyGoを使いGoのコードをバイナリにしたモジュールを作り、`runtime.wasm`と静的にリンクして大部分を共有している。\nブラウザで利用されるが、スレッドの制限や10ms未満での応答の制限がある。"},
				{text: `She said "This is a cat. I like it".`, cfg: limOpt(Limits{SentenceLength: 10}, RuleOptions{SentenceSkipPatterns: []string{`/".*"/`}})},
				{text: "𠮷野と吉野", cfg: limOpt(Limits{SentenceLength: 5}, RuleOptions{SentenceCountCodePoints: true})},
				{text: "<p>this is a test.</p>", skip: "HTML plugin: .html files are not reviewed"},
				{text: "<p>TEST is <a href='https://example.com'>https://example.com</a></p>", skip: "HTML plugin"},
				{text: "<p><!-- a comment that is long enough to go over the limit --></p>", skip: "HTML plugin"},
				{text: "<p>\n<!--\ncomment-->\n</p>", skip: "HTML plugin"},
				{text: "<p>short<!-- long long long long long long comment --></p>", skip: "HTML plugin"},

				{text: "123456", errors: 1, cfg: max5},
				{text: "123\n45", errors: 1, cfg: max5},
				{text: "text\n\n654321", errors: 1, cfg: max5},
				{text: "55555\n4444\n7777777", errors: 1, cfg: max5},
				{text: "かきくけこ。\n\nかきくけこ。\nかきくけこさしすせそ。", errors: 1, cfg: lim(Limits{SentenceLength: 10})},
				{text: "text\n\nline3\nline4\n", errors: 1, cfg: max5},
				{text: "This is text.\n\n_Hook_ という仕組み自体は[Express](../express/README.md)と似ています。\nしかし、 _Hook_ が直接的に結果(Body)を書き換えることはできません。\nこれは、Expressが最終的な応答(response)を書き換えできるのに対して、\nこのライブラリの _Hook_ は扱える範囲がリクエストの受信からハンドラの呼び出しまでと線引きされている違いと言えます。", errors: 1, cfg: lim(Limits{SentenceLength: 100})},
				{text: "987654321(12345)", errors: 1, cfg: limOpt(Limits{SentenceLength: 5}, RuleOptions{SentenceSkipPatterns: []string{`/\(.*\)$/`}})},
				{text: "TEST [https://example.org](https://example.org)", errors: 1, cfg: limOpt(Limits{SentenceLength: 5}, RuleOptions{SentenceCountURLLinks: true})},
				{text: "𠮷野と吉野", errors: 1, cfg: max5},
				{text: "<p>this is a test for the sentence length rule with a plugin</p>", errors: 1, skip: "HTML plugin"},
			},
		},
		{
			rule:   "max-comma",
			source: "textlint-rule-max-comma 4.0.0, test/textlint-rule-max-comma-test.js",
			cases: []suiteCase{
				{text: "``"},
				{text: "This is a line."},
				{text: "a, b, c, d"},
				{text: "a, b, c, d, e"},
				{text: "The call `max(1,2,3,4,5,6,7,8,9)` is fine."},
				{text: "a, b, c, d, e, f", cfg: lim(Limits{MaxComma: 5})},
				{text: "# kaigi\n\nA library for review loops, written in Go.\n\n## Install\n\n    go get example.com/kaigi\n\n## Usage\n\nCreate a council, add reviewers, and run it.\nEach reviewer reads the text, finds problems, and proposes fixes.\n"},

				{text: "x0, x1, x2, x3, x4, x5", errors: 1},
				{text: "The first line, is fine.\nThe second, this, one, is, not, fine.", errors: 1},
			},
		},
		{
			rule:   "max-ten",
			source: "textlint-rule-max-ten 5.0.0, test/max-ten-test.js",
			cases: []suiteCase{
				{text: "東京、大阪、名古屋、福岡、札幌を巡ります"},
				{text: "カレーの主な材料は(1)玉ねぎ、(2)人参、(3)じゃがいも、(4)牛肉、(5)ルウである。"},
				{text: "これは、JobA、JobB、JobC、JobDが担当するものです。"},
				{text: "識別子の文字は、英字である`A`から`Z`（大文字）と`a`から`z`（小文字）、`_`（下線）、`$`（ドル記号）、数字の`0`から`9`を組み合わせた名前にします。"},
				{text: strings.Repeat("この例の中では、", 3) + "です"},
				{text: strings.Repeat("この例の中では、", 5) + "です", cfg: lim(Limits{MaxTen: 5})},
				{text: "それは、例です。"},
				{text: "それは、それは、それは、それは、数えない記号なのでよい", cfg: opt(RuleOptions{Touten: "，", Kuten: "．"})},
				{text: "それは，それは．それは，それは，それは．", cfg: opt(RuleOptions{Touten: "，", Kuten: "．"})},
				{text: "君は、走れなくなってもいいって、思う？ もっと大事なことがあったら、勝てなくてもいいって、思う？"},
				{text: "「君は、走れなくなってもいいって、思う？ もっと大事なことがあったら、勝てなくてもいいって、思う？」"},

				{text: "それは、それは、それは、それは、それは困る。", errors: 1},
				{text: "それは，それは，それは，それは，それは。", errors: 1, cfg: opt(RuleOptions{Touten: "，", Kuten: "．"})},
				{text: "それは，それは，それは。それは，それは，それは，どうですか?", errors: 1, cfg: opt(RuleOptions{Touten: "，", Kuten: "．"})},
				{text: strings.Repeat("この例の中では、", 6) + "です", errors: 1, cfg: lim(Limits{MaxTen: 5})},
				{text: "これは、長い文の例ですが、位置がきちんと計算、されているはずです。", errors: 1, cfg: lim(Limits{MaxTen: 2})},
				{text: "途中に、文字以外の`code`要素が、あっても、数えると、聞いています。", errors: 1, cfg: lim(Limits{MaxTen: 3})},
				{text: "文がいくつかある場合。それでも、位置が、きちんと計算、されているはず、そのための例文です。", errors: 1, cfg: lim(Limits{MaxTen: 3})},
				{text: "文がいくつかある場合。それでも、位置が、きちんと計算、されているはず、そのための例文です。", errors: 1, cfg: lim(Limits{MaxTen: 3})}, // the suite checks its range apart
				{text: "文がいくつかあって、改行されている場合でも\n問題ありません。それでも、行と位置が、きちんと計算、されているはず、そのための例文です。", errors: 1, cfg: lim(Limits{MaxTen: 3})},
				{text: "この段落は問題ありません。\n設定の名前は、名前の決まりがあって、その決まりは複雑で、たくさんの決まりがあるので、箇条書きにしましょう。\n三つめの段落も問題ありません。\n", errors: 1},
			},
		},
		{
			rule:   "max-kanji-continuous-len",
			source: "textlint-rule-max-kanji-continuous-len 1.1.1, test/textlint-rule-max-kanji-continuous-len-test.js",
			cases: []suiteCase{
				{text: "文字"},
				{text: "文字列連結"},
				{text: "甲乙丙丁戊己", cfg: lim(Limits{MaxKanji: 6})},
				{text: "まず単精度浮動小数点数とは", cfg: limOpt(Limits{MaxKanji: 6}, RuleOptions{KanjiAllow: []string{"単精度浮動小数点数"}})},

				{text: "文字列連結処理速度が高い", errors: 1},
				{text: "＃甲乙丙丁戊己", errors: 1},
				{text: "甲乙丙丁戊己です。甲乙丙丁戊己です。", errors: 2},
				{text: "甲乙丙丁戊己\n甲乙丙丁戊己", errors: 2},
			},
		},
	}
}
