package offline

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// ErrInvalidOption is wrapped by the error Review returns when a field of
// Config.Options holds a value the rule does not know.
var ErrInvalidOption = errors.New("invalid rule option")

// The styles no-mix-dearu-desumasu can prefer.
const (
	StyleDesumasu = "ですます"
	StyleDearu    = "である"
)

// RuleOptions holds the documented options of the rules named after
// textlint's rules. The zero value is each rule's own defaults (not the
// preset's overrides), so a zero RuleOptions behaves like textlint with
// the rule set to true. The numeric limits (max) are in Limits.
type RuleOptions struct {
	// PreferInHeader, PreferInBody and PreferInList are the styles
	// no-mix-dearu-desumasu prefers in headings, body text and list
	// items: StyleDesumasu, StyleDearu, or "" (the default) for the style
	// the group uses more, a tie going to ですます. The three groups are
	// counted separately: a ですます body with である list items is not
	// mixed. preset-ja-technical-writing sets "", "ですます", "である".
	PreferInHeader, PreferInBody, PreferInList string
	// StrictStyle counts です, ます and である inside a sentence too
	// ("ですが、", "である場合"), as textlint's strict option does; by
	// default only sentence endings count.
	StrictStyle bool

	// AllowHalfWidthExclamation, AllowFullWidthExclamation,
	// AllowHalfWidthQuestion and AllowFullWidthQuestion let
	// no-exclamation-question-mark accept "!", "！", "?" and "？".
	AllowHalfWidthExclamation, AllowFullWidthExclamation bool
	AllowHalfWidthQuestion, AllowFullWidthQuestion       bool

	// MaxTenStrict makes max-ten count a 読点 between two nouns too
	// (textlint's strict). Touten and Kuten are the marks max-ten counts
	// and the mark that ends a sentence for it (defaults "、" and "。").
	MaxTenStrict  bool
	Touten, Kuten string

	// PeriodMark is the period ja-no-mixed-period wants at the end of a
	// paragraph (default "。"); a '.', '．' or '。' that is not it is
	// replaced. AllowPeriodMarks lists other marks accepted there (each
	// matched at the end, so a word such as "OK" may be one), and
	// ForceAppendPeriod makes a missing period a fix rather than advice
	// (textlint's periodMark, allowPeriodMarks and forceAppendPeriod).
	PeriodMark        string
	AllowPeriodMarks  []string
	ForceAppendPeriod bool
	// AllowEmojiAtEnd lets a paragraph end in an emoji after its period
	// ("完了。🎉"), which ja-no-mixed-period reports by default
	// (textlint's allowEmojiAtEnd).
	AllowEmojiAtEnd bool

	// SentenceSkipPatterns are removed from a sentence before
	// sentence-length counts it (textlint's skipPatterns): a pattern
	// written "/…/" is a regular expression (Go syntax), any other a
	// literal string.
	SentenceSkipPatterns []string
	// SentenceCountCodePoints makes sentence-length count code points
	// ("𠮷" is one) instead of UTF-16 code units (textlint's countBy:
	// "codepoints").
	SentenceCountCodePoints bool
	// SentenceCountURLLinks makes sentence-length count the text of a
	// link that is its own URL ("[https://x.y](https://x.y)"), which it
	// skips by default (textlint's skipUrlStringLink: false).
	SentenceCountURLLinks bool

	// DoubledJoshiStrict makes no-doubled-joshi report the pairs it
	// exempts by default (の, を, て, 並立助詞, 〜かどうか) and count a 読点
	// as no distance between two particles; DoubledJoshiAllow lists
	// particles it never reports (textlint's strict and allow). DoubledJoshiMinInterval is its min_interval
	// (default 1): a particle repeated within that many particles and
	// marks is reported.
	DoubledJoshiStrict      bool
	DoubledJoshiAllow       []string
	DoubledJoshiMinInterval int
	// DoubledJoshiSeparators, when not nil, replaces the marks that end
	// a sentence for no-doubled-joshi (textlint's separatorCharacters;
	// by default 。, ．, ?, !, ？ and ！), and DoubledJoshiCommas, when
	// not nil, the marks that count as one more step between two
	// particles (commaCharacters; by default 、 and ，); an empty,
	// non-nil list means none.
	DoubledJoshiSeparators, DoubledJoshiCommas []string

	// GaSeparators, when not nil, replaces the marks that end a sentence
	// for no-doubled-conjunctive-particle-ga (textlint's separatorChars).
	GaSeparators []string

	// SuccessiveOnomatopoeia makes ja-no-successive-word report doubled
	// katakana words too ("ドキドキ"), which it takes for onomatopoeia by
	// default (textlint's allowOnomatopee: false).
	SuccessiveOnomatopoeia bool
	// SuccessiveAllow lists words ja-no-successive-word never reports
	// doubled (textlint's allow: "人人" lets ＿人人人＿ stand).
	SuccessiveAllow []string

	// AlphabetAllow replaces the letters and words ja-unnatural-alphabet
	// accepts between Japanese characters (default: a, i, u, e, o and n;
	// an entry written "/…/" is a regular expression, Go syntax),
	// and AlphabetNoCommonCase turns off its built-in exceptions (X言語,
	// x座標, x軸, Eメール) (textlint's allow and allowCommonCase).
	AlphabetAllow        []string
	AlphabetNoCommonCase bool

	// ControlAllow lists the control characters
	// no-invalid-control-character accepts (textlint's allow).
	// ControlCheckCode makes it read code too, and the rest of the markup
	// the other rules skip (textlint's checkCode), and ControlSkipImages
	// leaves the alt text and title of images unread (checkImage: false).
	ControlAllow      string
	ControlCheckCode  bool
	ControlSkipImages bool

	// RedundantDisable names the dictionaries of
	// ja-no-redundant-expression that are off ("dict1" することが可能 ...
	// "dict6" を実行, textlint's dictOptions disabled); RedundantAllow,
	// when not nil, replaces the nouns dict5 and dict6 allow before を行う
	// and を実行 (default: 処理 and nouns in katakana or Latin letters, as
	// textlint's テストを行う; an empty list allows none); and
	// RedundantReadQuotes reads block quotes too (textlint's
	// allowNodeTypes without BlockQuote).
	RedundantDisable    []string
	RedundantAllow      []string
	RedundantReadQuotes bool

	// KanjiAllow lists words max-kanji-continuous-len accepts whatever
	// their length (textlint's allow option): a run made only of such
	// words is not reported.
	KanjiAllow []string
}

// validate reports the first option whose value no rule knows.
func (o RuleOptions) validate() error {
	for _, f := range []struct{ name, v string }{
		{"PreferInHeader", o.PreferInHeader}, {"PreferInBody", o.PreferInBody}, {"PreferInList", o.PreferInList},
	} {
		if f.v != "" && f.v != StyleDesumasu && f.v != StyleDearu {
			return fmt.Errorf("Config.Options.%s: %q (want %q, %q or empty): %w", f.name, f.v, StyleDesumasu, StyleDearu, ErrInvalidOption)
		}
	}
	for _, p := range o.AlphabetAllow {
		if len(p) > 2 && strings.HasPrefix(p, "/") && strings.HasSuffix(p, "/") {
			if _, err := skipPattern(p); err != nil {
				return fmt.Errorf("Config.Options.AlphabetAllow: %q: %v: %w", p, err, ErrInvalidOption)
			}
		}
	}
	for _, d := range o.RedundantDisable {
		if !slices.Contains([]string{"dict1", "dict2", "dict3", "dict4", "dict5", "dict6"}, d) {
			return fmt.Errorf("Config.Options.RedundantDisable: %q (want dict1 ... dict6): %w", d, ErrInvalidOption)
		}
	}
	for _, p := range o.SentenceSkipPatterns {
		if _, err := skipPattern(p); err != nil {
			return fmt.Errorf("Config.Options.SentenceSkipPatterns: %q: %v: %w", p, err, ErrInvalidOption)
		}
	}
	return nil
}

// skipPattern compiles one of SentenceSkipPatterns: "/re/" is a regular
// expression, anything else a literal.
func skipPattern(p string) (*regexp.Regexp, error) {
	if len(p) >= 2 && strings.HasPrefix(p, "/") && strings.HasSuffix(p, "/") {
		return regexp.Compile(p[1 : len(p)-1])
	}
	return regexp.Compile(regexp.QuoteMeta(p))
}
