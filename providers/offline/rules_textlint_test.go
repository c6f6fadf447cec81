package offline

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
)

// runOptionCases runs rule cases with a Config of their own.
func runOptionCases(t *testing.T, cfg Config, cases []ruleCase) {
	t.Helper()
	if cfg.Enabled == nil {
		cfg.Enabled = []string{SetAll} // the options, not the default set, are under test
	}
	cfg.Disabled = append(cfg.Disabled, "overlong-sentence") // not textlint's: it takes sentence-length's longest sentences
	rs := Editorial(cfg)
	for i, r := range rs { // share the tokenizer the other tests loaded
		r.(*Reviewer).shared.ja = editorial()[i].(*Reviewer).shared.ja
	}
	for _, c := range cases {
		t.Run(c.rule+"/"+c.text, func(t *testing.T) {
			fs := ofRule(reviewAll(t, rs, agent.Target{Text: []byte(c.text)}), c.rule)
			if len(fs) != c.want {
				t.Fatalf("%s on %q with %+v: got %d findings, want %d: %+v", c.rule, c.text, cfg.Options, len(fs), c.want, fs)
			}
			for _, f := range fs {
				checkFinding(t, []byte(c.text), f)
			}
		})
	}
}

func TestNoMixDearuDesumasu(t *testing.T) {
	runRuleCases(t, []ruleCase{
		// です/ます followed by ね/よ still end the sentence in ですます
		{rule: "no-mix-dearu-desumasu", text: "この設定は便利ですね。\nこの設定は必須である。\n", want: 1, fix: "必須です。"},
		{rule: "no-mix-dearu-desumasu", text: "ログを読みますよ。\n結果は一覧である。\n", want: 1},
		{rule: "no-mix-dearu-desumasu", text: "便利ですね。\n\nそうですよね。\n", want: 0},
		// the majority wins; a tie prefers ですます
		{rule: "no-mix-dearu-desumasu", text: "設定は必須である。\n値は整数である。\n既定値は空です。\n", want: 1},
		// headings, list items and body are counted apart
		{rule: "no-mix-dearu-desumasu", text: "# 設定は便利です\n\n## 値は整数である\n", want: 1},
		{rule: "no-mix-dearu-desumasu", text: "- 設定は便利です\n- 値は整数である\n", want: 1},
		{rule: "no-mix-dearu-desumasu", text: "本文は便利です。\n\n- 値は整数である。\n", want: 0},
		{rule: "no-mix-dearu-desumasu", text: "# 設定は便利です\n\n値は整数である。\n", want: 0},
		// not strict: a connective ですが or である場合 does not count
		{rule: "no-mix-dearu-desumasu", text: "昨日は晴れですが、今日は雨である。\n", want: 0},
		{rule: "no-mix-dearu-desumasu", text: "値が整数である場合に使います。\n", want: 0},
		// でした and ません are not the base form textlint counts
		{rule: "no-mix-dearu-desumasu", text: "昨日は晴れでした。\n今日は雨である。\n", want: 0},
		{rule: "no-mix-dearu-desumasu", text: "設定は便利です。\n結果は不明であろう。\n", want: 1, fix: "不明でしょう。"},
		// a である after a word that is not a noun is advice
		{rule: "no-mix-dearu-desumasu", text: "設定は便利です。\nこの方法は静かである。\n", want: 1, advice: true},
	})
	runOptionCases(t, Config{Options: RuleOptions{PreferInBody: StyleDearu}}, []ruleCase{
		{rule: "no-mix-dearu-desumasu", text: "設定は便利です。\n値は整数です。\n結果は一覧である。\n", want: 2},
	})
	runOptionCases(t, Config{Options: RuleOptions{PreferInList: StyleDearu, PreferInHeader: StyleDesumasu}}, []ruleCase{
		{rule: "no-mix-dearu-desumasu", text: "- 値は整数である\n- 値は空である\n- 既定値は空です\n", want: 1},
		{rule: "no-mix-dearu-desumasu", text: "# 値は整数である\n\n## 値は空である\n\n## 既定値は空です\n", want: 2},
	})
	runOptionCases(t, Config{Options: RuleOptions{StrictStyle: true}}, []ruleCase{
		{rule: "no-mix-dearu-desumasu", text: "値が整数である場合に使います。\n設定は必須である。\n", want: 1},
	})
	rev := NarrativeCritic(Config{Options: RuleOptions{PreferInList: "です"}, Enabled: []string{SetStrict}})
	if _, err := rev.Review(context.Background(), agentTarget("本文です。\n")); !errors.Is(err, ErrInvalidOption) {
		t.Errorf("PreferInList \"です\": err = %v, want ErrInvalidOption", err)
	}
}

func TestNoDoubleNegativeJa(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "no-double-negative-ja", text: "この値は使えなくはない。\n", want: 1},
		{rule: "no-double-negative-ja", text: "その手も考えられなくもない。\n", want: 1},
		{rule: "no-double-negative-ja", text: "気がしないでもない。\n", want: 1},
		{rule: "no-double-negative-ja", text: "動かないことはない。\n", want: 1},
		{rule: "no-double-negative-ja", text: "動かない事もない。\n", want: 1},
		{rule: "no-double-negative-ja", text: "動かないこともなかった。\n", want: 1},
		{rule: "no-double-negative-ja", text: "読めないものではない。\n", want: 1},
		{rule: "no-double-negative-ja", text: "使えないわけではない。\n", want: 1},
		{rule: "no-double-negative-ja", text: "使えない訳でもない。\n", want: 1},
		{rule: "no-double-negative-ja", text: "使えないわけではなかった。\n", want: 1},
		{rule: "no-double-negative-ja", text: "起きないとは言い切れない。\n", want: 1},
		{rule: "no-double-negative-ja", text: "起きないとは限らない。\n", want: 1},
		{rule: "no-double-negative-ja", text: "壊れないとも限らない。\n", want: 1},
		{rule: "no-double-negative-ja", text: "使えないわけではありません。\n", want: 1},
		{rule: "no-double-negative-ja", text: "起きないとは限りません。\n", want: 1},
		{rule: "no-double-negative-ja", text: "使えないことがあります。\n", want: 0},
		{rule: "no-double-negative-ja", text: "使わないことにした。\n", want: 0},
		{rule: "no-double-negative-ja", text: "成功するとは限らない。\n", want: 0},
		{rule: "no-double-negative-ja", text: "問題はない。\n", want: 0},
	})
}

func TestJaNoRedundantExpression(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "ja-no-redundant-expression", text: "設定を変更することができます。\n", want: 1, after: "設定を変更できます。\n"},
		{rule: "ja-no-redundant-expression", text: "設定を変更することができた。\n", want: 1, after: "設定を変更できた。\n"},
		{rule: "ja-no-redundant-expression", text: "設定を変更することができない。\n", want: 1, after: "設定を変更できない。\n"},
		{rule: "ja-no-redundant-expression", text: "設定を変更することもできます。\n", want: 1, advice: true},
		{rule: "ja-no-redundant-expression", text: "設定を変更することは、できません。\n", want: 1, advice: true},
		{rule: "ja-no-redundant-expression", text: "値を省略することが可能です。\n", want: 1, after: "値を省略できます。\n"},
		{rule: "ja-no-redundant-expression", text: "値を省略することは不可能だ。\n", want: 1, advice: true},
		{rule: "ja-no-redundant-expression", text: "これは必要であると言えます。\n", want: 1, after: "これは必要です。\n"},
		{rule: "ja-no-redundant-expression", text: "これは必要であると考えています。\n", want: 1, advice: true},
		{rule: "ja-no-redundant-expression", text: "設定を行います。\n", want: 1, after: "設定します。\n"},
		{rule: "ja-no-redundant-expression", text: "確認を行わなければならない。\n", want: 1, after: "確認しなければならない。\n"},
		{rule: "ja-no-redundant-expression", text: "検証を行った。\n", want: 1, after: "検証した。\n"},
		{rule: "ja-no-redundant-expression", text: "検証を行い、結果を記録する。\n", want: 1, after: "検証し、結果を記録する。\n"},
		{rule: "ja-no-redundant-expression", text: "計算を実行する。\n", want: 1, advice: true},
		{rule: "ja-no-redundant-expression", text: "処理を行う。\n", want: 0},
		{rule: "ja-no-redundant-expression", text: "テストを行う。\n", want: 0},
		{rule: "ja-no-redundant-expression", text: "処理を実行する。\n", want: 0},
		{rule: "ja-no-redundant-expression", text: "説明会を行います。\n", want: 0},
		{rule: "ja-no-redundant-expression", text: "できるだけ早く行います。\n", want: 0},
		{rule: "ja-no-redundant-expression", text: "変更できます。\n", want: 0},
	})
}

func TestNoDoubledConjunctionJa(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "no-doubled-conjunction", text: "しかし、雨です。しかし、行きます。\n", want: 1},
		{rule: "no-doubled-conjunction", text: "しかし、雨です。風も強いです。しかし、行きます。\n", want: 1},
		{rule: "no-doubled-conjunction", text: "しかし、雨です。だから、行きます。\n", want: 0},
		{rule: "no-doubled-conjunction", text: "しかし、雨です。\n\nしかし、行きます。\n", want: 0}, // another paragraph
		{rule: "no-doubled-conjunction", text: "- しかし、雨です。しかし、行きます。\n", want: 1},
	})
}

func TestNoExclamationQuestionMark(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "no-exclamation-question-mark", text: "便利です！\n", want: 1, fix: "便利です。"},
		{rule: "no-exclamation-question-mark", text: "なぜでしょうか？\n", want: 1},
		{rule: "no-exclamation-question-mark", text: "# 速い！\n", want: 1, advice: true},
		{rule: "no-exclamation-question-mark", text: "説明します。\n\nIt works!\n", want: 1}, // Latin text of a Japanese document
		{rule: "no-exclamation-question-mark", text: "説明します。\n\n> 本当に？\n", want: 0},    // a block quote
		{rule: "no-exclamation-question-mark", text: "Yahoo!で検索します。\n", want: 0},
		{rule: "no-exclamation-question-mark", text: "Yahoo!\n", want: 0},
		// not Japanese-only: English documents too, and "!?" after a word is
		// no name; a question in an English document is English punctuation,
		// but the "?" of "!?" is part of the exclamation
		{rule: "no-exclamation-question-mark", text: "It works!\n", want: 1, advice: true},
		{rule: "no-exclamation-question-mark", text: "Really!?\n", want: 2},
		{rule: "no-exclamation-question-mark", text: "Does it work? Yes.\n", want: 0},
		{rule: "no-exclamation-question-mark", text: "説明します。\n\nDoes it work? Yes.\n", want: 1},
		{rule: "no-exclamation-question-mark", text: "Run `ls -a!` now.\n", want: 0}, // code
		{rule: "no-exclamation-question-mark", text: "便利です。\n", want: 0},
	})
	runOptionCases(t, Config{Options: RuleOptions{AllowFullWidthQuestion: true}}, []ruleCase{
		{rule: "no-exclamation-question-mark", text: "なぜでしょうか？\n", want: 0},
		{rule: "no-exclamation-question-mark", text: "便利です！\n", want: 1},
	})
	runOptionCases(t, Config{Options: RuleOptions{AllowHalfWidthExclamation: true, AllowHalfWidthQuestion: true, AllowFullWidthExclamation: true}}, []ruleCase{
		{rule: "no-exclamation-question-mark", text: "便利です！なぜ? 速い!\n", want: 0},
	})
}

func TestJaNoWeakPhrase(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "ja-no-weak-phrase", text: "速いかもしれません。\n", want: 1, advice: true},
		{rule: "ja-no-weak-phrase", text: "速いかもしれない\n", want: 1}, // no final 。
		{rule: "ja-no-weak-phrase", text: "- 速いかもしれない\n", want: 1},
		{rule: "ja-no-weak-phrase", text: "原因は設定かも。\n", want: 1},
		{rule: "ja-no-weak-phrase", text: "これで十分だと思う\n", want: 1},
		{rule: "ja-no-weak-phrase", text: "これで十分だと思います。\n", want: 1},
		{rule: "ja-no-weak-phrase", text: "結果は改善の可能性を示唆している。\n", want: 1},
		{rule: "ja-no-weak-phrase", text: "鴨肉かもめを見ます。\n", want: 0},
		{rule: "ja-no-weak-phrase", text: "速いです。\n", want: 0},
		{rule: "ja-no-weak-phrase", text: "思ったより速いです。\n", want: 0},
	})
}

func TestSentenceLengthTextlint(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "sentence-length", text: strings.Repeat("あ", 97) + "です。\n", want: 0}, // 100 with the 。
		{rule: "sentence-length", text: strings.Repeat("あ", 98) + "です。\n", want: 1},
		// UTF-16 code units: 𠮷 counts two
		{rule: "sentence-length", text: strings.Repeat("𠮷", 48) + "です。\n", want: 0},
		{rule: "sentence-length", text: strings.Repeat("𠮷", 49) + "です。\n", want: 1},
		// kanji-only and Latin-only sentences of a Japanese document
		{rule: "sentence-length", text: strings.Repeat("漢", 101) + "\n", want: 1},
		{rule: "sentence-length", text: "説明です。\n\n" + strings.Repeat("word ", 21) + "end.\n", want: 1},
		// English documents are measured in words (en-sentence-length)
		{rule: "sentence-length", text: strings.Repeat("word ", 21) + "end.\n", want: 0},
		{rule: "sentence-length", text: "> " + strings.Repeat("あ", 120) + "です。\n", want: 0}, // block quote
	})
	runOptionCases(t, Config{Limits: Limits{SentenceLength: 10}}, []ruleCase{
		{rule: "sentence-length", text: "これは十一文字の文です。\n", want: 1},
		{rule: "sentence-length", text: "十文字の文章です。\n", want: 0},
	})
}

func TestMaxKanjiContinuousLenTextlint(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "max-kanji-continuous-len", text: "情報処理技を学ぶ。\n", want: 0},
		{rule: "max-kanji-continuous-len", text: "情報処理技術を学ぶ。\n", want: 1},
		{rule: "max-kanji-continuous-len", text: "情報処理技術\n", want: 1},        // kanji only
		{rule: "max-kanji-continuous-len", text: "# 情報処理技術者\n", want: 1},     // headings too
		{rule: "max-kanji-continuous-len", text: "中華人民共和国の首都です。\n", want: 0}, // one dictionary word
		{rule: "max-kanji-continuous-len", text: "二等辺三角形を描く。\n", want: 0},
	})
	runOptionCases(t, Config{Limits: Limits{MaxKanji: 6}, Options: RuleOptions{KanjiAllow: []string{"分散並行", "処理基盤"}}}, []ruleCase{
		{rule: "max-kanji-continuous-len", text: "情報処理技術を学ぶ。\n", want: 0},
		{rule: "max-kanji-continuous-len", text: "分散並行処理基盤を使う。\n", want: 0},
		{rule: "max-kanji-continuous-len", text: "分散並列処理基盤を使う。\n", want: 1},
	})
}

func TestNoNfdAndUnmatchedPairTextlint(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "no-nfd", text: "テ\u3099ータを送ります。\n", want: 1, fix: "データ"},
		{rule: "no-nfd", text: "テ\u309bータを送ります。\n", want: 1, fix: "データ"},
		{rule: "no-nfd", text: "ヘ\u309cージを開きます。\n", want: 1, fix: "ページ"},
		{rule: "no-nfd", text: "記号\u309bだけです。\n", want: 0}, // 号 takes no dakuten
		{rule: "no-nfd", text: "データを送ります。\n", want: 0},

		{rule: "no-unmatched-pair", text: "He said \"hello and left.\n", want: 1},
		{rule: "no-unmatched-pair", text: "He said \"hello\" and left.\n", want: 0},
		{rule: "no-unmatched-pair", text: "Il a dit « bonjour et il est parti.\n", want: 1},
		{rule: "no-unmatched-pair", text: "Il a dit « bonjour » et ‹ salut ›.\n", want: 0},
		{rule: "no-unmatched-pair", text: "記号 ‹ を閉じない。\n", want: 1},
		{rule: "no-unmatched-pair", text: "波括弧｛を閉じない。\n", want: 1},
	})
}

func TestMaxTenTextlint(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "max-ten", text: "まず、次に、さらに、最後に終わります。\n", want: 0},
		{rule: "max-ten", text: "まず、次に、さらに、最後に、終わります。\n", want: 1},
		{rule: "max-ten", text: "- まず、次に、さらに、最後に、終わります。\n", want: 1}, // list items too
		{rule: "max-ten", text: "> まず、次に、さらに、最後に、終わります。\n", want: 0}, // not block quotes
		// 、 between nouns: kanji, katakana, Latin words and (1)-style notes
		{rule: "max-ten", text: "東京、大阪、名古屋、福岡、札幌に行きます。\n", want: 0},
		{rule: "max-ten", text: "Go、Rust、Python、Java、Ruby を使います。\n", want: 0},
		{rule: "max-ten", text: "項目(1)、項目(2)、項目(3)、項目(4)、項目(5)を見ます。\n", want: 0},
		{rule: "max-ten", text: "赤い、青い、黄色い、白い、黒い花です。\n", want: 1},
	})
	runOptionCases(t, Config{Options: RuleOptions{MaxTenStrict: true}}, []ruleCase{
		{rule: "max-ten", text: "東京、大阪、名古屋、福岡、札幌に行きます。\n", want: 1},
	})
	runOptionCases(t, Config{Options: RuleOptions{Touten: "，", Kuten: "．"}}, []ruleCase{
		{rule: "max-ten", text: "まず，次に，さらに，最後に，終わります．\n", want: 1},
		{rule: "max-ten", text: "まず、次に、さらに、最後に、終わります。\n", want: 0},
	})
}

func TestTextlintOptions(t *testing.T) {
	long := strings.Repeat("あ", 90) + "（補足：" + strings.Repeat("い", 20) + "）です。\n"
	runRuleCases(t, []ruleCase{{rule: "sentence-length", text: long, want: 1}})
	runOptionCases(t, Config{Options: RuleOptions{SentenceSkipPatterns: []string{"/（補足：[^）]*）/"}}}, []ruleCase{
		{rule: "sentence-length", text: long, want: 0},
	})
	runOptionCases(t, Config{Options: RuleOptions{SentenceSkipPatterns: []string{strings.Repeat("い", 20)}}}, []ruleCase{
		{rule: "sentence-length", text: long, want: 0},
	})
	if _, err := ReaderAdvocate(Config{Options: RuleOptions{SentenceSkipPatterns: []string{"/(/"}}}).Review(context.Background(), agentTarget("文です。\n")); !errors.Is(err, ErrInvalidOption) {
		t.Errorf("bad skip pattern: err = %v, want ErrInvalidOption", err)
	}

	runRuleCases(t, []ruleCase{{rule: "no-doubled-joshi", text: "既存のコードの利用です。\n", want: 0}})
	runOptionCases(t, Config{Options: RuleOptions{DoubledJoshiStrict: true}}, []ruleCase{
		{rule: "no-doubled-joshi", text: "既存のコードの利用です。\n", want: 1},
	})
	runOptionCases(t, Config{Options: RuleOptions{DoubledJoshiAllow: []string{"は"}}}, []ruleCase{
		{rule: "no-doubled-joshi", text: "この関数はエラーは返しません。\n", want: 0},
	})

	runOptionCases(t, Config{Options: RuleOptions{AlphabetAllow: []string{"r"}}}, []ruleCase{
		{rule: "ja-unnatural-alphabet", text: "リイrースします。\n", want: 0},
		{rule: "ja-unnatural-alphabet", text: "こんにちわaです。\n", want: 1}, // the default vowels are replaced
	})
	runOptionCases(t, Config{Options: RuleOptions{AlphabetNoCommonCase: true}}, []ruleCase{
		{rule: "ja-unnatural-alphabet", text: "このC言語を使う。\n", want: 1},
	})

	runOptionCases(t, Config{Options: RuleOptions{ControlAllow: "\x07"}}, []ruleCase{
		{rule: "no-invalid-control-character", text: "データ\x07です。\n", want: 0},
		{rule: "no-invalid-control-character", text: "データ\x1bです。\n", want: 1},
	})
}

func TestNoDoubledJoshiMinInterval(t *testing.T) {
	text := "この関数は、値を、返すときは使いません。\n" // は … 、を、 … は
	runRuleCases(t, []ruleCase{{rule: "no-doubled-joshi", text: text, want: 0}})
	runOptionCases(t, Config{Options: RuleOptions{DoubledJoshiMinInterval: 5}}, []ruleCase{
		{rule: "no-doubled-joshi", text: text, want: 1},
	})
}

func TestJaNoSuccessiveWordOnomatopoeia(t *testing.T) {
	// textlint takes any doubled katakana word for onomatopoeia
	runRuleCases(t, []ruleCase{{rule: "ja-no-successive-word", text: "データデータを送ります。\n", want: 0}})
	runOptionCases(t, Config{Options: RuleOptions{SuccessiveOnomatopoeia: true}}, []ruleCase{
		{rule: "ja-no-successive-word", text: "データデータを送ります。\n", want: 1},
	})
}
