package offline

import (
	"context"
	"fmt"
	"regexp"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// Reviewer is one deterministic Editorial Swarm role. It calls no model,
// reads nothing but its Target (and Config.LinkFS when set), and is safe
// for concurrent use.
type Reviewer struct {
	name     string
	category string
	cfg      Config
	disabled map[string]bool // the rules Config leaves off (Config.Enabled, Config.Disabled)
	jaOnly   map[string]bool // the rules whose RuleInfo.Lang is "ja"
	cfgErr   error           // an unknown rule in Config.Enabled or Disabled, returned by Review
	shared   *shared
	phrases  []phrase         // the phrase entries whose rule this reviewer runs
	skip     []*regexp.Regexp // Config.Options.SentenceSkipPatterns, compiled
	check    func(ctx context.Context, r *run) error
}

// shared is what the reviewers created together share: the parsed rule
// data and one lazily loaded Japanese tokenizer.
type shared struct {
	lex    *lexicon
	lexErr error
	ja     *morph
}

// run is the state of one Review call.
type run struct {
	doc      *document
	e        *emitter
	lim      Limits
	prof     profile
	reader   readerInfo
	target   agent.Target
	rev      *Reviewer
	toks     []token          // a token buffer the rules of one review reuse
	code     map[string]bool  // codeWords, once computed
	anchors  []span           // anchorLinks, once computed
	late     lateAcronymState // what acronym-defined-late has read so far
	letters  *[128]bool       // codeLetters, once computed
	names    *[128]bool       // nameLetters, once computed
	tenCarry struct {
		blk, count int
		open       bool
	} // max-ten's count, carried over a sentence end Options.Kuten does not count
	quoteCarry quoteCarry // no-unmatched-pair's quotation left open at a block quote paragraph's end
}

// Editorial returns the four Editorial Swarm reviewers in order:
// anti-ai-slop, fact-checker, narrative-critic and reader-advocate. They
// share one lazily loaded Japanese tokenizer, loaded the first time a
// review needs parts of speech (a narrative review of Japanese text, or
// 〜を行う in anti-ai-slop).
func Editorial(cfg Config) []agent.Reviewer { return editorialWith(cfg, newShared()) }

// editorialWith returns the four reviewers sharing sh.
func editorialWith(cfg Config, sh *shared) []agent.Reviewer {
	return []agent.Reviewer{
		newReviewer(AntiAISlopName, CategoryAISlop, cfg, sh, checkSlop),
		newReviewer(FactCheckerName, CategoryFact, cfg, sh, checkFacts),
		newReviewer(NarrativeCriticName, CategoryNarrative, cfg, sh, checkNarrative),
		newReviewer(ReaderAdvocateName, CategoryReaderFit, cfg, sh, checkReaderFit),
	}
}

// AntiAISlop returns the anti-ai-slop reviewer (category "ai-slop"): stock
// phrases of machine-written prose in English and Japanese, weak and
// redundant expressions, weasel words, clichés and em-dash overuse.
func AntiAISlop(cfg Config) *Reviewer {
	return newReviewer(AntiAISlopName, CategoryAISlop, cfg, newShared(), checkSlop)
}

// FactChecker returns the fact-checker reviewer (category "fact"): figures,
// dates and superlatives with no source nearby, quantities stated two
// ways, and broken relative links when Config.LinkFS is set.
func FactChecker(cfg Config) *Reviewer {
	return newReviewer(FactCheckerName, CategoryFact, cfg, newShared(), checkFacts)
}

// NarrativeCritic returns the narrative-critic reviewer (category
// "narrative"): repeated openings, words, phrases and sentences, doubled
// conjunctions and particles, mixed です・ます and である, ら抜き, double
// negatives, passive voice, common English misspellings and uneven
// paragraphs.
func NarrativeCritic(cfg Config) *Reviewer {
	return newReviewer(NarrativeCriticName, CategoryNarrative, cfg, newShared(), checkNarrative)
}

// ReaderAdvocate returns the reader-advocate reviewer (category
// "reader-fit"): long sentences, too many 読点, long kanji runs,
// undefined acronyms and jargon, and characters that trip readers
// (half-width kana, NFD, zero-width spaces, unmatched brackets), with
// limits set by the target's reader profile.
func ReaderAdvocate(cfg Config) *Reviewer {
	return newReviewer(ReaderAdvocateName, CategoryReaderFit, cfg, newShared(), checkReaderFit)
}

func newShared() *shared {
	lx, err := loadLexicon(data)
	return &shared{lex: lx, lexErr: err, ja: &morph{}}
}

func newReviewer(name, category string, cfg Config, sh *shared, check func(context.Context, *run) error) *Reviewer {
	r := &Reviewer{name: name, category: category, cfg: cfg, shared: sh, check: check, jaOnly: map[string]bool{}}
	for _, info := range ruleList() {
		if info.Lang == "ja" {
			r.jaOnly[info.ID] = true
		}
	}
	var err error
	if r.disabled, err = cfg.disabledRules(); err != nil {
		r.cfgErr = fmt.Errorf("offline: %s: %w", name, err)
	}
	if err := cfg.Options.validate(); err != nil && r.cfgErr == nil {
		r.cfgErr = fmt.Errorf("offline: %s: %w", name, err)
	}
	for _, p := range cfg.Options.SentenceSkipPatterns {
		if re, err := skipPattern(p); err == nil {
			r.skip = append(r.skip, re)
		}
	}
	if sh.lex != nil {
		for _, p := range sh.lex.phrases {
			if info, _ := ruleByID(p.rule); info.Reviewer == name {
				r.phrases = append(r.phrases, p)
			}
		}
	}
	return r
}

// Name returns the reviewer's name, e.g. "anti-ai-slop".
func (r *Reviewer) Name() string { return r.name }

// Review returns the reviewer's findings on t. It fails only when ctx is
// done, when the Config names an unknown rule, or when the Japanese
// tokenizer cannot be loaded.
func (r *Reviewer) Review(ctx context.Context, t agent.Target) (agent.Review, error) {
	return r.review(ctx, t, nil)
}

// review is Review with the findings limited, before condensing, to those
// that touch one of lines; nil lines keeps them all.
func (r *Reviewer) review(ctx context.Context, t agent.Target, lines []finding.LineRange) (agent.Review, error) {
	if err := ctx.Err(); err != nil {
		return agent.Review{}, fmt.Errorf("offline: %s: %w", r.name, err)
	}
	if r.shared.lexErr != nil {
		return agent.Review{}, fmt.Errorf("offline: %s: %w", r.name, r.shared.lexErr)
	}
	if r.cfgErr != nil {
		return agent.Review{}, r.cfgErr
	}
	prof := readerProfile(t.ReaderProfile)
	doc := parse(t.Text)
	if err := ctx.Err(); err != nil { // parsing a large document takes a while
		return agent.Review{}, fmt.Errorf("offline: %s: %w", r.name, err)
	}
	ru := &run{
		doc:    doc,
		lim:    r.cfg.limitsFor(prof),
		prof:   prof,
		reader: newReaderInfo(t.ReaderProfile),
		target: t,
		rev:    r,
	}
	ru.e = &emitter{doc: ru.doc, disabled: r.disabled, jaOnly: r.jaOnly, anyLang: r.cfg.Limits.SentenceLength > 0 || !doc.words()}
	if err := r.check(ctx, ru); err != nil {
		return agent.Review{}, fmt.Errorf("offline: %s: %s: %w", r.name, displayPath(t.Path), err)
	}
	ru.e.dropInContext()
	ru.e.dropRepeats()
	fs, extents := ru.e.findings(r.category, t.Path, t.Lines)
	fs, extents = dropRejected(fs, extents, t.Rejected)
	if lines != nil {
		fs, extents = keepLines(fs, extents, lines)
	}
	fs, held := condense(fs, extents, r.cfg.maxPerRule(), doc, doc.kana)
	rep := finding.Report{
		Reviewer:      r.name,
		SchemaVersion: finding.SchemaVersion,
		Summary:       summary(r.name, fs, held),
		Findings:      fs,
	}
	return agent.Review{Report: rep}, nil
}

// UnknownRuleError reports a name in Config.Enabled or Config.Disabled
// that is no rule ID of the offline reviewers (nor, in Enabled, a set); Review returns it wrapped, for errors.As.
type UnknownRuleError struct {
	ID string // the unknown ID, as given
}

// Error names the unknown rule and where to find the valid IDs.
func (e *UnknownRuleError) Error() string {
	return fmt.Sprintf("unknown rule %q (offline.Rules lists the IDs)", e.ID)
}

func displayPath(p string) string {
	if p == "" {
		return "(unnamed document)"
	}
	return p
}

// dropRejected removes findings a human already rejected: those whose
// finding.QuoteKey (category and normalised quote) matches a rejected
// one's, wherever they now are (line numbers drift between rounds).
// extents, each finding's extent (see emitter.findings), is filtered
// alike.
func dropRejected(fs []finding.Finding, extents []int, rejected []agent.Rejection) ([]finding.Finding, []int) {
	if len(rejected) == 0 {
		return fs, extents
	}
	keys := make(map[string]bool, len(rejected))
	for _, rj := range rejected {
		if k := finding.QuoteKey(rj.Finding); k != "" {
			keys[k] = true
		}
	}
	out, ext := fs[:0], extents[:0]
	for i, f := range fs {
		if !keys[finding.QuoteKey(f)] {
			f.ID = fmt.Sprintf("F%03d", len(out)+1)
			out = append(out, f)
			ext = append(ext, extents[i])
		}
	}
	return out, ext
}

// summary sums up a report: the findings, those with a fix, the high
// ones, and the findings condense held back.
func summary(name string, fs []finding.Finding, held int) string {
	if len(fs) == 0 {
		return name + ": no findings."
	}
	fixes, high := 0, 0
	for _, f := range fs {
		if !f.Advisory() {
			fixes++
		}
		if f.Severity == finding.High {
			high++
		}
	}
	if held > 0 {
		return fmt.Sprintf("%s: %d findings (%d with a fix, %d high); %d more repeat a rule already reported (Config.MaxPerRule).",
			name, len(fs), fixes, high, held)
	}
	return fmt.Sprintf("%s: %d findings (%d with a fix, %d high).", name, len(fs), fixes, high)
}

// validQuote reports whether a quote can be anchored: valid UTF-8 and not
// blank.
func validQuote(q string) bool { return q != "" && utf8.ValidString(q) }

// tick returns ctx's error every 256 calls, so long loops stay cancellable
// without paying for ctx.Err on every sentence.
func tick(ctx context.Context, n int) error {
	if n&255 == 0 {
		return ctx.Err()
	}
	return nil
}
