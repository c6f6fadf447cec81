package offline

// The reviewer names and finding categories of the Editorial Swarm.
const (
	AntiAISlopName      = "anti-ai-slop"
	FactCheckerName     = "fact-checker"
	NarrativeCriticName = "narrative-critic"
	ReaderAdvocateName  = "reader-advocate"

	CategoryAISlop    = "ai-slop"
	CategoryFact      = "fact"
	CategoryNarrative = "narrative"
	CategoryReaderFit = "reader-fit"
)

// RuleInfo describes one rule.
type RuleInfo struct {
	// ID names the rule in findings ("max-ten: ...") and in
	// Config.Disabled. Where it equals a textlint rule's name, the rule
	// behaves like that rule with the same defaults.
	ID string
	// Reviewer is the name of the reviewer that runs the rule.
	Reviewer string
	// Lang is "ja", "en" or "" (any language).
	Lang string
	// Doc says what the rule finds.
	Doc string
}

// ruleList returns every rule, grouped by reviewer.
func ruleList() []RuleInfo {
	return []RuleInfo{
		{"ja-stock-phrase", AntiAISlopName, "ja", "stock phrases of machine-written Japanese (data/phrases-ja.tsv)"},
		{"ja-stock-filler", AntiAISlopName, "ja", "a stock blog opening or closing that says nothing (いかがでしたか。, それでは早速見ていきましょう。, ご存知の通り、; data/phrases-ja.tsv): deleted"},
		{"en-stock-phrase", AntiAISlopName, "en", "stock phrases of machine-written English (data/phrases-en.tsv)"},
		{"en-redundant", AntiAISlopName, "en", "wordy phrases with a shorter equivalent"},
		{"en-weasel", AntiAISlopName, "en", "weasel words and empty intensifiers"},
		{"en-cliche", AntiAISlopName, "en", "clichés"},
		{"en-there-is", AntiAISlopName, "en", `sentences opening with "There is/are"`},
		{"ja-no-weak-phrase", AntiAISlopName, "ja", "weak phrases such as 〜かもしれない, 〜と思う"},
		{"ja-no-redundant-expression", AntiAISlopName, "ja", "redundant expressions such as することができる"},
		{dekiruRule, AntiAISlopName, "ja", "「することができる」 and 「することが可能です」 after が, fixed to 「できる」 and 「できます」 (ja-no-redundant-expression's fixes of them, on by default; that rule reports them itself when it is on)"},
		{"no-exclamation-question-mark", AntiAISlopName, "", "!, ！, ? and ？ in prose (Config.Options allows each)"},
		{"ja-no-abusage", AntiAISlopName, "ja", "common misuses such as 値を返却する, 例外を補足, を適応する (data/phrases-ja.tsv and abusage.go)"},
		{"em-dash", AntiAISlopName, "", "more em dashes in a paragraph than Limits.MaxEmDashes"},

		{"unsourced-figure", FactCheckerName, "", "figures, percentages, dates and superlatives with no source or link in the paragraph"},
		{"unsourced-claim", FactCheckerName, "", `appeals to unnamed sources ("studies show", 〜と言われています)`},
		{"inconsistent-quantity", FactCheckerName, "", "the same quantity stated with two different values"},
		{"broken-link", FactCheckerName, "", "relative links and images whose file does not exist (needs Config.LinkFS)"},

		{"same-opening", NarrativeCriticName, "", "three or more sentences in a row with the same opening"},
		{"repeated-word", NarrativeCriticName, "", "the same content word four or more times in two adjacent sentences"},
		{kanaVariantRule, NarrativeCriticName, "ja", "a word written both in kana and in kanji in one document (できる and 出来る, すべて and 全て, ください and 下さい)"},
		{unpairedTariRule, NarrativeCriticName, "ja", "a 〜たり with no second 〜たり where another clause follows it (開いたり…用いている → 用いたりしている)"},
		{"no-doubled-conjunction", NarrativeCriticName, "", "the same conjunction opening two sentences of a paragraph with none between them"},
		{"no-mix-dearu-desumasu", NarrativeCriticName, "ja", "である and ですます mixed within the body, the headings or the list items (Config.Options.PreferIn*)"},
		{"paragraph-length", NarrativeCriticName, "", "a paragraph far longer than the others"},
		{"no-doubled-joshi", NarrativeCriticName, "ja", "the same particle twice in a row in one sentence"},
		{"no-doubled-conjunctive-particle-ga", NarrativeCriticName, "ja", "the conjunctive particle が twice in one sentence"},
		{"no-double-negative-ja", NarrativeCriticName, "ja", "double negatives such as 〜ないわけではない"},
		{"no-dropping-the-ra", NarrativeCriticName, "ja", "ら抜き言葉 such as 見れる, 来れる"},
		{"ja-no-successive-word", NarrativeCriticName, "ja", "the same word twice in a row"},
		{"en-doubled-word", NarrativeCriticName, "en", `the same word twice in a row ("the the")`},
		{"en-passive", NarrativeCriticName, "en", `passive voice with a known agent ("was written by")`},
		{"en-misspelling", NarrativeCriticName, "en", "common misspellings of English words (the list of github.com/golangci/misspell), whole words only"},
		{"en-agreement", NarrativeCriticName, "en", `a verb that does not agree with a subject its neighbours settle ("there is several", "many users has", "each file are", "the costs of X was", "one of the files are", "they has"), and an article before a bare percentage ("a 10% of")`},
		{modalVerbRule, NarrativeCriticName, "en", `a verb in its -s form right after a modal or a negated do ("will uses" → "will use", "does not works" → "does not work")`},
		{countNounRule, NarrativeCriticName, "en", `"less" and "amount of" before a plural noun, which counts ("less files" → "fewer files", "the amount of requests" → "the number of requests")`},
		{phrasalVerbRule, NarrativeCriticName, "en", `a phrasal verb written as its one-word noun where only a verb stands: after a modal, "not", "please" or an infinitive's "to" ("can setup" → "can set up", "how to backup" → "how to back up")`},
		{"en-confusable", NarrativeCriticName, "en", "a word written for one it sounds like where the words around it settle which was meant (its the → it's the, will loose → will lose, more then → more than, side affects → side effects)"},
		{"en-missing-word", NarrativeCriticName, "en", `a construction that lacks a word its grammar needs: "allows to configure" (an object), "be able use" ("to")`},
		{"en-article", NarrativeCriticName, "en", `"a" before a vowel sound or "an" before a consonant sound, where the spelling settles the sound ("a update", "an user", "a API")`},
		{"ja-doubled-phrase", NarrativeCriticName, "ja", "a phrase of two to four words written twice in a row (であるである)"},
		{"repeated-sentence", NarrativeCriticName, "", "a sentence that repeats an earlier one word for word"},
		{"repeated-prose-sentence", NarrativeCriticName, "", "a declarative sentence of body prose, at least 8 words long, written again word for word with no heading between the copies"},
		{"doubled-sentence", NarrativeCriticName, "", "a sentence written twice in a row"},

		{"sentence-length", ReaderAdvocateName, "ja", "sentences of Japanese documents over Limits.SentenceLength UTF-16 code units"},
		{"en-sentence-length", ReaderAdvocateName, "en", "English sentences over Limits.SentenceWords words"},
		{"overlong-sentence", ReaderAdvocateName, "", "sentences over half again the length limit (Limits.SentenceLength characters in Japanese, Limits.SentenceWords words in English): too long by any guide's measure"},
		{"max-ten", ReaderAdvocateName, "ja", "more 読点 in a sentence than Limits.MaxTen"},
		{"max-kanji-continuous-len", ReaderAdvocateName, "ja", "runs of kanji longer than Limits.MaxKanji"},
		{"ja-no-mixed-period", ReaderAdvocateName, "ja", "Japanese sentences ending in '.' or '．' instead of 。, and paragraphs ending in no period"},
		{"no-hankaku-kana", ReaderAdvocateName, "ja", "half-width katakana"},
		{"en-name-variant", ReaderAdvocateName, "en", `a product name written once or twice otherwise than everywhere else in the document ("Github" beside GitHub, "Postgress" beside PostgreSQL)`},
		{"en-product-name", ReaderAdvocateName, "en", `a product name written in other letter case than its owners write it ("Javascript", "MacOS", "ElasticSearch"; data/names-en.txt), where en-name-variant does not report it`},
		{"en-term-variant", ReaderAdvocateName, "en", `a compound term written both hyphenated and open before the same word in one document ("write-ahead log" and "write ahead log")`},
		{"ja-long-vowel-variant", ReaderAdvocateName, "ja", "a katakana word spelt both with and without a long-vowel mark in one document (サーバ and サーバー)"},
		{katakanaSlipRule, ReaderAdvocateName, "ja", "a katakana word written once or twice one letter off a word the document writes often (メンテンス beside メンテナンス)"},
		{"no-zenkaku-alphabet", ReaderAdvocateName, "ja", "full-width Latin letters (ＨＴＭＬ), which technical Japanese writes half-width"},
		{"no-nfd", ReaderAdvocateName, "", "decomposed (NFD) characters such as a separate dakuten"},
		{"no-zero-width-spaces", ReaderAdvocateName, "", "zero-width spaces and joiners"},
		{"arabic-kanji-numbers", ReaderAdvocateName, "ja", "kanji numerals for counted quantities (三つ → 3つ) and digits in idioms (世界1 → 世界一), JTF 2.2.2"},
		{"ja-unnatural-alphabet", ReaderAdvocateName, "ja", "one Latin letter between Japanese characters, an input-method slip (リイr−ス)"},
		{"max-comma", ReaderAdvocateName, "", "more ASCII commas in a sentence than Limits.MaxComma"},
		{"no-invalid-control-character", ReaderAdvocateName, "", "control characters other than tab and line breaks"},
		{"no-unmatched-pair", ReaderAdvocateName, "", "brackets and quotes opened and never closed, or closed and never opened"},
		{"undefined-acronym", ReaderAdvocateName, "", "acronyms used before they are spelled out (data/acronyms.txt lists known ones)"},
		{lateAcronymRule, ReaderAdvocateName, "", `an acronym used before the place where the document spells it out ("WAL" three paragraphs before "write-ahead log (WAL)")`},
		{"undefined-jargon", ReaderAdvocateName, "", "jargon used before it is explained, for novice readers (data/jargon.tsv)"},
	}
}

// Rules returns every rule of the offline reviewers, grouped by reviewer.
func Rules() []RuleInfo { return ruleList() }
