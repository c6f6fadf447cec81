package offline

import (
	"strings"
	"testing"
	"time"
)

// TestJekyllMarkup: Liquid tags and the code of a {% highlight %} block
// are markup, and kramdown's definition lists ("term" then ": definition")
// are no body sentences, as on a Jekyll site's news posts.
func TestJekyllMarkup(t *testing.T) {
	ja := "# 更新のお知らせ\n\n" +
		"次のように書くと、名前の一覧が得られます。\n\n" +
		"{% highlight ruby %}\n" +
		"names.each do |name|\n" +
		"  puts \"こんにちは (#{name}\"\n\n" +
		"end\n" +
		"{% endhighlight %}\n\n" +
		"影響を受けるのは次のとおりです。\n\n" +
		"安定版\n" +
		": 3.2.1以前の全てのバージョン\n\n" +
		"開発版\n\n" +
		": 3.3.0-preview1より前の全てのバージョン\n\n" +
		"状態: {% if page.eol %}サポート終了{% else %}保守中{% endif %}です。\n"
	noFindings(t, agentTarget(ja), "ja-no-mixed-period", "no-unmatched-pair", "overlong-sentence")
	// a highlight block never closed is text: its bracket is reported
	runRuleCases(t, []ruleCase{
		{rule: "no-unmatched-pair", text: "{% highlight ruby %}\n設定を読み込みます（ファイルがなければ既定値を使います。\n", want: 1},
	})
}

// TestMixedPeriodNotesAndLabels: a note in parentheses on a link, a
// label standing alone, a lead-in ending in an
// ellipsis, a named period and the period of a Latin abbreviation are
// no missing or mixed period; a paragraph that does lose its period, and
// a note after a finished sentence (its 。 goes after the parenthesis),
// still are.
func TestMixedPeriodNotesAndLabels(t *testing.T) {
	for _, text := range []string{
		"設定の手順は次の記事にまとめています: [設定の手引き](https://example.com/b) (英語)\n",
		"追記\n",
		"サンプル入力\n",
		"ミラーサイト\n",
		"2024年5月11日(土)〜12日(日)\n",
		"Pythonと同様に、Goは...\n\n* 静的に型付けされます。\n* ガベージコレクションがあります。\n",
		"[続きを読む...](/ja/news/more.html)\n",
		"次に来るのはドット（.）です。\n",
		"この問題は William (B.J.) Snow 氏が報告しました。\n",
		"協賛: 株式会社サンプル&co.)\n",
		"利用者の感想です。\n“まったく問題ありません。”\n",
	} {
		noFindings(t, agentTarget(text), "ja-no-mixed-period")
	}
	runRuleCases(t, []ruleCase{
		{rule: "ja-no-mixed-period", text: "この設定は再起動のあとで有効になります\n", want: 1, advice: true},
		{rule: "ja-no-mixed-period", text: "一覧は次のとおりです。詳しくは後で説明します(続く)\n", want: 1, advice: true},
		{rule: "ja-no-mixed-period", text: "新しい版を公開しました。（詳しくは「[お知らせ](https://example.com/a)」を参照）\n", want: 1, advice: true},
		{rule: "ja-no-mixed-period", text: "本書は仕組みを解説します。（訳注: 現在執筆中です）\n", want: 1, advice: true},
		{rule: "ja-no-mixed-period", text: "新しい版がリリースされました.\n", want: 1, after: "新しい版がリリースされました。\n"},
	})
}

// TestDoubledPhraseDigits: a timestamp or a version path repeats digits
// and signs, not a phrase.
func TestDoubledPhraseDigits(t *testing.T) {
	noFindings(t, agentTarget("* 2024-06-06 21:00:00 (JST) 初版を公開しました。\n* 修正は /2.1/2.1.3 に置きました。\n"), "ja-doubled-phrase")
	runRuleCases(t, []ruleCase{
		{rule: "ja-doubled-phrase", text: "オプションを指定すれば指定すれば詳しい情報を表示します。\n", want: 1},
	})
}

// TestJapaneseNamesAndReduplications: a capital naming the noun after it
// (C関数, Dキー) or used as a name throughout (C) and a letter before a
// counter (x個, n回目) are no input slips, the set
// reduplications などなど and 一つ一つ are meant, and a Latin line of a
// Japanese document (a diff, checksums) is overlong by its words, not its
// characters.
func TestJapaneseNamesAndReduplications(t *testing.T) {
	noFindings(t, agentTarget("拡張は外部のC関数を呼び出します。\n\nコントロールキーを押しながらDキーを押します。\n"), "ja-unnatural-alphabet")
	noFindings(t, agentTarget("RubyとCは共生できます。\n\n拡張はCで書かれます。\n\n処理系もCで書かれています。\n"), "ja-unnatural-alphabet")
	noFindings(t, agentTarget("まず、あるべき状態を宣言します(例えばx個のコンテナ、y個のPodなど)。\n\nn回目の試行で止まります。\n"), "ja-unnatural-alphabet")
	noFindings(t, agentTarget("…などなど、手伝える作業はまだたくさんあります。\n\n一つ一つの変更が安定につながります。\n"), "ja-no-successive-word")
	latin := "パッチは次のとおりです。\n\n" + strings.Repeat("a3517a224716f79b14196adda3e88057 ruby-1.8.5-p2.tar.gz ", 6) + "\n"
	noFindings(t, agentTarget(latin), "overlong-sentence")
	runRuleCases(t, []ruleCase{
		{rule: "ja-unnatural-alphabet", text: "値Aを使う。\n", want: 1},
		{rule: "ja-unnatural-alphabet", text: "対応sる個数です。\n", want: 1}, // a slip before a kana, not before a counter
		{rule: "ja-no-successive-word", text: "有効なな情報がありません。\n", want: 1},
		{rule: "overlong-sentence", text: "パッチは次のとおりです。\n\n" + strings.Repeat("This line of English prose keeps going on ", 9) + "until the end.\n", want: 1},
	})
}

// TestMixedPeriodSpaceAfter: a '.' that ends a sentence before more
// Japanese text loses the space after it with the fix.
func TestMixedPeriodSpaceAfter(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: "ja-no-mixed-period", text: "左から先に評価されます. 同様に右も評価されます。\n", want: 1, after: "左から先に評価されます。同様に右も評価されます。\n"},
	})
}

// TestKatakanaSlip: a katakana word written once one inner letter off a
// word the document writes often is a slip; a letter more or less at an
// end makes another word.
func TestKatakanaSlip(t *testing.T) {
	often := "サーバーをアップグレードします。手順どおりにアップグレードしてください。アップグレードの前に保存します。"
	runRuleCases(t, []ruleCase{
		{rule: "ja-katakana-slip", text: often + "\n\nアプグレードは数分で終わります。\n", want: 1, advice: true, message: "アップグレード"},
	})
	noFindings(t, agentTarget("シリアライズします。シリアライズの形式です。シリアライズを選びます。\n\nデシリアライズもできます。\n"), "ja-katakana-slip")
	noFindings(t, agentTarget("プレビューを開きます。プレビューを閉じます。プレビューを更新します。\n\n独自のプレビューアを追加します。\n"), "ja-katakana-slip")
}

// TestJapaneseReferenceMarkup: one underscore's emphasis, a marker in
// brackets, the description of a return value, the numbers of a series,
// であるかどうか, a coordinating および inside sentences and a verb's stem
// doubled are no findings.
func TestJapaneseReferenceMarkup(t *testing.T) {
	for _, c := range []struct{ text, rule string }{
		{"## 戻り値\n\n_ドキュメントはありません_\n", "ja-no-mixed-period"},
		{"# リンク\n\n[MODES: フレームワーク]\n\n概要を説明します。\n", "ja-no-mixed-period"},
		{"## 戻り値\n\n動的ルートパラメータを含むオブジェクト\n", "ja-no-mixed-period"},
		{"オプションの優先順位は、1. フラグ、2. 設定、3. デフォルトです。\n", "ja-no-mixed-period"},
		{"これは設定の一覧です。\n\n- `index` — このルートがインデックスであるかどうか。\n- `file` — ファイルの絶対パスです。\n- `id` — ルートの識別子です。\n", "no-mix-dearu-desumasu"},
		{"引数には `path`、および新しいルートを渡します。戻り値は `matches`、および `GET` の結果です。\n", "no-doubled-conjunction"},
		{"画面が途切れ途切れになります。\n", "ja-no-successive-word"},
		{"これは設定の一覧です。\n\n- 以下に示す値の一つである `StatusCode`\n- 任意の説明を指定します。\n- 既定値は空です。\n", "no-mix-dearu-desumasu"},
	} {
		noFindings(t, agentTarget(c.text), c.rule)
	}
	runRuleCases(t, []ruleCase{
		{rule: "ja-no-mixed-period", text: "対応する版は Ruby 3.\n", want: 1},
		{rule: "no-doubled-conjunction", text: "または、設定で変えます。または、引数で変えます。\n", want: 1},
	})
}

// TestUnmatchedPairJapaneseEnumerators: the letters of a series in
// Japanese text ("a) データが失われないこと、b) 複製されないこと") close no
// parenthesis.
func TestUnmatchedPairJapaneseEnumerators(t *testing.T) {
	noFindings(t, agentTarget("確認応答だけでは、a) データが失われないこと、b) データが複製されないことを保証できません。確認応答はa)を保証しますが、b)は保証できません。\n"), "no-unmatched-pair")
	runRuleCases(t, []ruleCase{
		{rule: "no-unmatched-pair", text: "設定を読み込みます(ファイルがなければ既定値を使います。\n", want: 1},
	})
}

// TestLiquidLinear: a long line of unclosed Liquid tags and block tags
// without their end tags is read in linear time.
func TestLiquidLinear(t *testing.T) {
	line := []byte(strings.Repeat("{% highlight x ", 200000))
	done := make(chan struct{})
	go func() {
		maskLiquid(line)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("maskLiquid took over 5 s on 3 MB of unclosed tags")
	}
}

// TestKatakanaSlipLinear: a run of katakana far longer than a word costs
// no more than its length.
func TestKatakanaSlipLinear(t *testing.T) {
	text := strings.Repeat("ア", 30000) + "です。\n"
	start := time.Now()
	reviewAll(t, editorial(), agentTarget(text))
	if d := time.Since(start); d > 20*time.Second {
		t.Fatalf("a 30,000-letter katakana run took %v", d)
	}
}
