package offline

import (
	"io/fs"
	"strings"
)

// Config configures the offline reviewers. The zero value is ready to use:
// the default rules (DefaultRules), textlint's preset-ja-technical-writing
// limits, no link checking.
type Config struct {
	// Enabled lists the rule IDs and named sets (SetStrict, SetPedantic,
	// SetFacts, SetAll) to turn on beside the default rules. Rules lists
	// every ID; the package doc gives each rule's measured precision.
	// Example: []string{SetStrict, "en-passive"}.
	Enabled []string

	// Disabled lists rule IDs to turn off; it wins over Enabled.
	// Example: []string{"max-kanji-continuous-len", "en-passive"}.
	Disabled []string

	// Limits overrides numeric limits; a zero field keeps the default
	// (for the English sentence length, adjusted for the target's reader
	// profile).
	Limits Limits

	// LinkFS, when set, is the workspace against which the fact-checker
	// checks that relative links and images exist: a target resolves from
	// the folder of agent.Target.Path inside LinkDir, the way documentation
	// sites serve it (with or without .md or .html, a folder through its
	// index.md), and one that leaves LinkFS is reported. When nil the
	// "broken-link" rule is skipped and nothing is read from disk.
	// WorkspaceRoot gives the default: the repository root, else the
	// current folder. Example: os.DirFS(root).
	LinkFS fs.FS

	// LinkDir is the slash-separated folder, inside LinkFS, that
	// agent.Target.Path is relative to ("docs/guide"); "" and "." are
	// LinkFS's root. A LinkDir that leaves LinkFS turns link checking
	// off.
	LinkDir string

	// Options sets the documented options of the rules named after
	// textlint's; the zero value keeps each rule's defaults.
	Options RuleOptions

	// MaxPerRule is the most findings one rule reports on one document;
	// the others are held back: counted in a note on the last one kept
	// ("(4 more like this in the document: lines 30, 41, 64, 70)") and in
	// the report's summary, and given in its Related (each with its line
	// range, quote and issue), so that SARIF and reviewdog show every
	// place. A writer repeats a habit (long sentences, することができる,
	// exclamation marks) throughout a document, and one example with a
	// count serves an editor better than a page of the same advice. A rule
	// keeps its most severe findings, then those with a fix, then the
	// largest (the longest sentence, the most commas), then the most
	// confident, earliest first.
	// While condensing, the advice a reviewer gives on one paragraph or
	// list item also becomes one finding (the others' issues appended,
	// their quotes added to Quotes). Never condensed: high-severity
	// findings, the rules whose every finding is an error of its own
	// (broken-link, unsourced-figure, unsourced-claim,
	// inconsistent-quantity, en-doubled-word, ja-no-successive-word,
	// no-dropping-the-ra, ja-no-abusage, ja-unnatural-alphabet,
	// no-hankaku-kana, no-nfd, no-zero-width-spaces,
	// no-invalid-control-character, no-unmatched-pair, en-misspelling,
	// en-confusable, en-agreement, en-article, en-product-name,
	// no-zenkaku-alphabet, ja-doubled-phrase, repeated-sentence,
	// repeated-prose-sentence, doubled-sentence), and
	// every finding
	// of a short document (under 750 English words of prose, a Japanese
	// character counting half a word). 0 means the default, 1; Unlimited
	// turns condensing off (every finding, each apart).
	MaxPerRule int
}

// Limits holds the numeric limits of the length and density rules. A zero
// field means the default. The limits of rules named after textlint's
// (sentence-length, max-ten, max-kanji-continuous-len) keep textlint's
// defaults whoever the reader is; the reader profile of the target scales
// only the English sentence length:
//
//	reader profile   sentence words
//	novice           25
//	standard         35
//	expert           40
//
// agent.Target.ReaderProfile is free text, matched case-insensitively and
// on whole words (an English keyword may take a plural "s"). It is novice
// when it contains any of 非エンジニア, 初心者, 入門, 初学者, 一般の, 一般向け,
// 一般読者, 学生, 新人, 未経験, beginner, novice, non-technical,
// non-engineer, general audience, general reader, general public,
// student, "new to", newcomer or junior; otherwise expert when it
// contains any of エンジニア, 専門家, 開発者, 研究者, 上級, engineer, expert,
// developer, researcher, specialist, senior or advanced; otherwise
// standard. Novice words win: "Web engineers new to Go" is novice. Novice
// profiles also turn on the undefined-jargon rule. A novice who is also a
// technical reader (an expert word, and none of 非エンジニア, non-technical,
// non-engineer, general audience/reader/public, 一般の, 一般向け, 一般読者) is new
// to the article's subject, not to computing: "Web engineers new to Go"
// gets only the jargon of the subjects the profile names ("goroutine" for
// Go; data/jargon.tsv tags the terms), not "latency" or "throughput".
type Limits struct {
	// SentenceLength is the most characters, in UTF-16 code units as
	// textlint counts them, a sentence of a Japanese document may have
	// (textlint sentence-length; default 100). Set, it applies to the
	// sentences of every document, English ones too, as textlint's rule
	// does; so it does on a document with no words at all (digits only).
	SentenceLength int
	// SentenceWords is the most words an English sentence may have
	// (default 35; 25 for novice readers, 40 for experts).
	SentenceWords int
	// MaxTen is the most 読点 (、) one Japanese sentence may have
	// (textlint max-ten; default 3).
	MaxTen int
	// MaxKanji is the longest run of kanji allowed (textlint
	// max-kanji-continuous-len; default 5, the rule's own;
	// preset-ja-technical-writing sets 6).
	MaxKanji int
	// MaxEmDashes is the most em dashes one paragraph may have (default 2).
	MaxEmDashes int
	// MaxComma is the most ASCII commas one sentence may have (textlint
	// max-comma; default 4, the rule's own; preset-ja-technical-writing
	// sets 3).
	MaxComma int
}

// defaultLimits returns the defaults of textlint's rules and the English
// limits of write-good's spirit.
func defaultLimits() Limits {
	return Limits{SentenceLength: 100, SentenceWords: 35, MaxTen: 3, MaxKanji: 5, MaxEmDashes: 2, MaxComma: 4}
}

// noviceWords and expertWords return the reader profile keywords;
// Limits documents the mapping.
func noviceWords() []string {
	return []string{"非エンジニア", "初心者", "入門", "初学者", "一般の", "一般向け", "一般読者", "学生", "新人", "未経験",
		"beginner", "novice", "non-technical", "nontechnical", "non-engineer", "general audience", "general reader",
		"general public", "student", "new to", "newcomer", "junior"}
}

func expertWords() []string {
	return []string{"エンジニア", "専門家", "開発者", "研究者", "上級",
		"engineer", "expert", "developer", "researcher", "specialist", "senior", "advanced"}
}

// nonTechnicalWords returns the words of a reader profile that deny a
// technical background (and would otherwise match an expert word:
// "non-engineer" holds "engineer").
func nonTechnicalWords() []string {
	return []string{"非エンジニア", "non-technical", "nontechnical", "non-engineer", "general audience", "general reader",
		"general public", "一般の", "一般向け", "一般読者"}
}

// readerInfo is what the jargon rule needs of a reader profile.
type readerInfo struct {
	text      string // the profile in lower case
	technical bool   // the reader knows computing's general terms
}

func newReaderInfo(s string) readerInfo {
	s = strings.ToLower(s)
	ri := readerInfo{text: s}
	for _, w := range expertWords() {
		ri.technical = ri.technical || containsKeyword(s, w)
	}
	for _, w := range nonTechnicalWords() {
		if containsKeyword(s, w) {
			ri.technical = false
		}
	}
	return ri
}

// needsDefinition reports whether the reader needs jargon term j defined:
// any term for a reader new to computing; for a technical reader, only a
// term of a subject the profile names.
func (ri readerInfo) needsDefinition(j jargonTerm) bool {
	if !ri.technical {
		return true
	}
	for _, subj := range j.subjects {
		if containsKeyword(ri.text, subj) {
			return true
		}
	}
	return false
}

// profile is how strict the reader profile makes the reader-fit rules.
type profile int

const (
	standardReader profile = iota
	noviceReader
	expertReader
)

// readerProfile maps a free-text reader profile to a profile.
func readerProfile(s string) profile {
	s = strings.ToLower(s)
	for _, w := range noviceWords() {
		if containsKeyword(s, w) {
			return noviceReader
		}
	}
	for _, w := range expertWords() {
		if containsKeyword(s, w) {
			return expertReader
		}
	}
	return standardReader
}

// containsKeyword reports whether s holds the keyword w as a whole word:
// an English keyword neither preceded nor followed by a letter, except a
// plural "s" ("engineers"; "general" does not match "generalist").
// Japanese keywords are written so that a plain substring match is whole
// ("一般の" does not match "一般的な").
func containsKeyword(s, w string) bool {
	if !isASCIILetter(w[0]) {
		return strings.Contains(s, w)
	}
	for off := 0; ; {
		i := strings.Index(s[off:], w)
		if i < 0 {
			return false
		}
		i += off
		j := i + len(w)
		off = i + 1
		if i > 0 && isASCIILetter(s[i-1]) {
			continue
		}
		if j < len(s) && s[j] == 's' {
			j++
		}
		if j == len(s) || !isASCIILetter(s[j]) {
			return true
		}
	}
}

// limitsFor returns the limits for a reader profile (see Limits), with c's
// explicit settings taking precedence.
func (c Config) limitsFor(p profile) Limits {
	l := defaultLimits()
	switch p {
	case noviceReader:
		l.SentenceWords = 25
	case expertReader:
		l.SentenceWords = 40
	}
	set := func(dst *int, v int) {
		if v > 0 {
			*dst = v
		}
	}
	set(&l.SentenceLength, c.Limits.SentenceLength)
	set(&l.SentenceWords, c.Limits.SentenceWords)
	set(&l.MaxTen, c.Limits.MaxTen)
	set(&l.MaxKanji, c.Limits.MaxKanji)
	set(&l.MaxEmDashes, c.Limits.MaxEmDashes)
	set(&l.MaxComma, c.Limits.MaxComma)
	return l
}
