package offline

import (
	"io/fs"
	"strings"
)

// Config configures the offline reviewers. The zero value is ready to use:
// every rule on, textlint's preset-ja-technical-writing limits, no link
// checking.
type Config struct {
	// Disabled lists rule IDs to turn off. Rules lists every ID.
	// Example: []string{"max-kanji-continuous-len", "en-passive"}.
	// optional
	Disabled []string

	// Limits overrides numeric limits; a zero field keeps the default
	// (adjusted for the target's reader profile). // optional
	Limits Limits

	// LinkFS, when set, is the work folder against which the fact-checker
	// checks that relative links and images exist; link targets resolve
	// relative to the directory of agent.Target.Path. When nil the
	// "broken-link" rule is skipped and nothing is read from disk.
	// Example: os.DirFS(workDir). // optional
	LinkFS fs.FS
}

// Limits holds the numeric limits of the length and density rules. A zero
// field means "the default for the reader profile" of the target:
//
//	reader profile   sentence chars  sentence words  読点  kanji run
//	novice           80              25              3     5
//	standard         100             35              3     6
//	expert           120             40              4     8
//
// agent.Target.ReaderProfile is free text, matched case-insensitively.
// It is novice when it contains any of 非エンジニア, 初心者, 入門, 初学者,
// 一般, 学生, 新人, 未経験, beginner, novice, non-technical, non-engineer,
// general, student, "new to", newcomer or junior; otherwise expert when it
// contains any of エンジニア, 専門家, 開発者, 研究者, 上級, engineer, expert,
// developer, researcher, specialist, senior or advanced; otherwise
// standard (textlint's defaults). Novice words win: "Web engineers new to
// Go" is novice. Novice profiles also turn on the undefined-jargon rule.
type Limits struct {
	// SentenceLength is the most characters a Japanese sentence may have
	// (textlint sentence-length; default 100).
	SentenceLength int
	// SentenceWords is the most words an English sentence may have
	// (default 35).
	SentenceWords int
	// MaxTen is the most 読点 (、) one Japanese sentence may have
	// (textlint max-ten; default 3).
	MaxTen int
	// MaxKanji is the longest run of kanji allowed (textlint
	// max-kanji-continuous-len; default 6).
	MaxKanji int
	// MaxEmDashes is the most em dashes one paragraph may have (default 2).
	MaxEmDashes int
}

// defaultLimits are textlint preset-ja-technical-writing's limits and the
// English ones of write-good's spirit.
var defaultLimits = Limits{SentenceLength: 100, SentenceWords: 35, MaxTen: 3, MaxKanji: 6, MaxEmDashes: 2}

// Reader profile keywords; Limits documents the mapping.
var (
	noviceWords = []string{"非エンジニア", "初心者", "入門", "初学者", "一般", "学生", "新人", "未経験",
		"beginner", "novice", "non-technical", "nontechnical", "non-engineer", "general", "student", "new to", "newcomer", "junior"}
	expertWords = []string{"エンジニア", "専門家", "開発者", "研究者", "上級",
		"engineer", "expert", "developer", "researcher", "specialist", "senior", "advanced"}
)

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
	for _, w := range noviceWords {
		if strings.Contains(s, w) {
			return noviceReader
		}
	}
	for _, w := range expertWords {
		if strings.Contains(s, w) {
			return expertReader
		}
	}
	return standardReader
}

// limitsFor returns the limits for a reader profile (see Limits), with c's
// explicit settings taking precedence.
func (c Config) limitsFor(p profile) Limits {
	l := defaultLimits
	switch p {
	case noviceReader:
		l.SentenceLength, l.SentenceWords, l.MaxKanji = 80, 25, 5
	case expertReader:
		l.SentenceLength, l.SentenceWords, l.MaxTen, l.MaxKanji = 120, 40, 4, 8
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
	return l
}
