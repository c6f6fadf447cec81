package offline

import (
	"errors"
	"fmt"
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
	return nil
}
