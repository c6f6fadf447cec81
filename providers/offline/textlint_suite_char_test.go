package offline

import "fmt"

// Suite cases of the rules on characters and marks:
// no-invalid-control-character, no-zero-width-spaces, no-nfd,
// no-hankaku-kana, no-exclamation-question-mark, ja-no-mixed-period and
// ja-unnatural-alphabet.

func suiteCharRules() []suiteRule {
	return []suiteRule{
		{
			rule:   "no-invalid-control-character",
			source: "textlint-rule-no-invalid-control-character 3.0.0, test/textlint-rule-no-invalid-control-character-test.js (and every character of its src/CONTROL_CHARACTERS.js but tab, LF and CR)",
			cases:  suiteControlCases(),
		},
		{
			rule:   "no-zero-width-spaces",
			source: "textlint-rule-no-zero-width-spaces 1.0.1, test/index-test.ts",
			cases: []suiteCase{
				{text: "No zero width space is in this line."},
				{text: "A zero width space comes next->\u200b.", errors: 1},
			},
		},
		{
			rule: "no-nfd",
			// The suite of textlint-rule-no-nfd could not be read here;
			// these cases follow its README's examples (1.x): a
			// decomposed dakuten or handakuten is reported and composed.
			source: "textlint-rule-no-nfd 1.x, README examples (the suite itself was not available)",
			cases: []suiteCase{
				{text: "ポケットに入れます。"},
				{text: "ガイドを読みます。"},
				{text: "ホ\u309Aケットに入れます。", errors: 1, output: "ポケットに入れます。"},
				{text: "エンシ\u3099ンを回します。", errors: 1, output: "エンジンを回します。"},
			},
		},
		{
			rule:   "no-hankaku-kana",
			source: "textlint-rule-no-hankaku-kana 2.0.1, test/textlint-rule-no-hankaku-kana-test.ts",
			cases: []suiteCase{
				{text: "データ"},
				{text: "ことば"},
				{text: "Half Width Letters"},
				{text: "松屋"},
				{text: "ﾃﾞｰﾀ", errors: 1, output: "データ"},
				{text: "ﾃﾞｰﾀはゼンカクとﾊﾝｶｸがある", errors: 2, output: "データはゼンカクとハンカクがある"},
				{text: "ﾃﾞｰﾀ\nﾊﾝｶｸ", errors: 2, output: "データ\nハンカク"},
				{text: "合成できる濁点と半濁点は合成する：ﾋﾟｱﾉﾊﾞｽ", errors: 1, output: "合成できる濁点と半濁点は合成する：ピアノバス"},
				{text: "合成できない濁点と半濁点は結合文字にする：ｲﾞﾃﾟ", errors: 1, output: "合成できない濁点と半濁点は結合文字にする：イ\u3099テ\u309A"},
			},
		},
		{
			rule:   "no-exclamation-question-mark",
			source: "textlint-rule-no-exclamation-question-mark 1.1.0, test/textlint-rule-no-exclamation-question-mark-test.js",
			cases: []suiteCase{
				{text: "word!?！？", cfg: opt(RuleOptions{AllowFullWidthExclamation: true, AllowHalfWidthExclamation: true, AllowFullWidthQuestion: true, AllowHalfWidthQuestion: true})},
				{text: "Yahoo!"},
				{text: "Wow!", errors: 1},
				{text: "Wow!?\nWow！？", errors: 4},
				{text: "Wow!?", errors: 2},
				{text: "Wow!?", errors: 1, cfg: opt(RuleOptions{AllowHalfWidthExclamation: true})},
			},
		},
		{
			rule:   "ja-no-mixed-period",
			source: "textlint-rule-ja-no-mixed-period 3.0.1, test/textlint-rule-ja-no-mixed-period-test.ts",
			cases: []suiteCase{
				{text: "これで大丈夫です。"},
				{text: "一つ目。\n二つ目。\n三つ目。"},
				{text: "最初の行。  \n改行を入れる例。"},
				{text: "最初の行  空白はあるが末尾に句点がある。"},
				{text: "「これは台詞」"},
				{text: "末尾に感嘆符がある!"},
				{text: "english only"},
				{text: "- 箇条書きは読まない"},
				{text: "![画像の説明も読まない](img/a.png)"},
				{text: "[リンクの文字も読まない](https://example.com)"},
				{text: "[参照リンクも読まない][]\n\n[参照リンクも読まない]: https://example.com"},
				{text: "__強調も同じく読まない__"},
				{text: "> 引用も読まない"},
				{text: "絵文字で終わる。🎉", cfg: opt(RuleOptions{AllowEmojiAtEnd: true})},
				{text: "これでOK", cfg: opt(RuleOptions{AllowPeriodMarks: []string{"OK"}})},
				{text: "次のコード:\n\n    code block\n", cfg: opt(RuleOptions{AllowPeriodMarks: []string{":"}})},
				{text: "例文です。[^1]\n\n[^1]: 脚注は読まない"},
				{text: "//footnote[note][脚注は読まない]", skip: "Re:VIEW plugin: .re files are not reviewed"},
				{text: "= はじめに\n\n@<b>{kaigi}は、レビューの道具です", skip: "Re:VIEW plugin"},

				{text: "これには句点がない", errors: 1, output: "これには句点がない。", cfg: opt(RuleOptions{ForceAppendPeriod: true})},
				{text: "これには句点がない\n\nこれには句点がない", errors: 2, output: "これには句点がない。\n\nこれには句点がない。", cfg: opt(RuleOptions{ForceAppendPeriod: true})},
				{text: "これには句点がない、これにも句点がない", errors: 1, output: "これには句点がない、これにも句点がない。", cfg: opt(RuleOptions{ForceAppendPeriod: true})},
				{text: "これは駄目", errors: 1, output: "これは駄目.", cfg: opt(RuleOptions{PeriodMark: ".", ForceAppendPeriod: true})},
				{text: "絵文字で終わる。🎉", errors: 1},
			},
		},
		{
			rule:   "ja-unnatural-alphabet",
			source: "textlint-rule-ja-unnatural-alphabet 2.0.1, test/textlint-rule-ja-unnatural-alphabet-test.js",
			cases: []suiteCase{
				{text: "リポジトリ"},
				{text: "aiueo"},
				{text: "This is a cat."},
				{text: "サーバーA、サーバーB、サーバーC、サーバーD"},
				{text: "それはC言語"},
				{text: "それはD言語"},
				{text: "それはX座標"},
				{text: "それはY軸"},
				{text: "それはEメール"},
				{text: "ロボットNは良い", cfg: opt(RuleOptions{AlphabetAllow: []string{"N"}})},
				{text: "ロボットNは良い", cfg: opt(RuleOptions{AlphabetAllow: []string{"ロボットN"}})},
				{text: "ロボットNは良い", cfg: opt(RuleOptions{AlphabetAllow: []string{"/ロボット[a-zA-Z]/"}})},

				{text: "サーbバー", errors: 1},
				{text: "確認でｋない", errors: 1},
				{text: "無駄なk機能", errors: 1},
			},
		},
	}
}

// suiteControlCases are the suite's own cases with texts of ours, then
// one case for each control character the rule's list holds: the
// character before a colon and its code point, fixed by removing it.
func suiteControlCases() []suiteCase {
	img := "![logo\u0008](https://example.com/logo.png \"title\u0019\")"
	cs := []suiteCase{
		{text: "Wir ♥ Kühe"},
		{text: "a line break \n"},
		{text: "a tab \t"},
		{text: "CR LF \r\n"},
		{text: "vertical\v", cfg: opt(RuleOptions{ControlAllow: "\v"})},
		{text: "\u0019", cfg: opt(RuleOptions{ControlAllow: "\u0019"})},
		{text: "`let s = \"\u0008\"`"}, // checkCode: false is the only behaviour
		{text: img, cfg: opt(RuleOptions{ControlSkipImages: true})},
		{text: img, cfg: opt(RuleOptions{ControlAllow: "\u0008\u0019"})},

		{text: "vertical\v", errors: 1, output: "vertical"},
		{text: "`let s = \"\u0008\"`", errors: 1, cfg: opt(RuleOptions{ControlCheckCode: true})},
		{text: "\n```\nlet s = \"\u0008\"\n```", errors: 1, cfg: opt(RuleOptions{ControlCheckCode: true})},
		{text: img, errors: 2},
		{text: img, errors: 1, cfg: opt(RuleOptions{ControlAllow: "\u0019"})},
	}
	var chars []rune
	for r := rune(1); r < 0x20; r++ {
		if r != '\t' && r != '\n' && r != '\r' {
			chars = append(chars, r)
		}
	}
	for r := rune(0x7F); r <= 0x9F; r++ {
		chars = append(chars, r)
	}
	chars = append(chars, 0x202C, 0x202D, 0x202E)
	for _, r := range chars {
		name := fmt.Sprintf(":control U+%04X", r)
		cs = append(cs, suiteCase{text: string(r) + name, errors: 1, output: name})
	}
	return cs
}
