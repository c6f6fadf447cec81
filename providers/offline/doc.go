// Package offline holds kaigi's embedded default reviewers: deterministic,
// rule-based English and Japanese reviewers that need no model and no API
// key. With no key configured, every kaigi example runs on them.
//
// Editorial returns the four Editorial Swarm roles, each an
// agent.Reviewer that returns Council JSON v1:
//
//	anti-ai-slop      (category "ai-slop")    stock phrases, weak and redundant wording, clichés, em dashes
//	fact-checker      (category "fact")       unsourced figures and claims, inconsistent quantities, broken links
//	narrative-critic  (category "narrative")  repeated openings and words, doubled particles and conjunctions, mixed styles
//	reader-advocate   (category "reader-fit") long sentences, 読点, kanji runs, undefined acronyms, stray characters
//
// Every finding quotes the document verbatim and carries a Fix wherever
// the fix is mechanical and safe in context; judgement calls, and fixes
// that could be wrong (an article before a deleted intensifier that the
// spelling does not settle, a phrase outside the context its fix fits),
// are advice with an empty Fix.
//
// Fixes follow the convention package apply documents: Fix replaces
// Quotes[0] exactly; an insertion quotes the neighbouring text and gives
// it with the insertion added (見れる → 見られる); a deletion quotes the
// deleted text with some neighbouring text and gives the quote without it
// ("データをを" → "データを"), so a Fix is never empty. The quote of a fix
// is unique on its line, counting overlapping matches as apply does,
// starts and ends on whole characters (never inside an emoji sequence or
// before a combining mark) and never holds the BOM. A deletion of all a
// line holds ("いかがでしたか？" alone) removes the line with its line
// break, and with the blank line before it when it is a paragraph of its
// own; that quote spans the line breaks, from the end of the line before
// or to the start of the line after. One reviewer's fixes never overlap:
// a run of one repeated word ("the the the") is one fix, and a fix whose
// problem lies in an earlier fix's quote becomes advice. A fix that
// cannot be anchored so becomes advice.
//
// Japanese rules that share a name with a rule of textlint's
// preset-ja-technical-writing (sentence-length, max-ten,
// no-doubled-joshi, ...) behave like it with the same defaults; those that
// need parts of speech use the kagome tokenizer with the IPA dictionary,
// loaded once, lazily, by the first reviewer that needs it, and
// shared by the reviewers Editorial creates together.
//
// Where the offline rules knowingly differ from textlint: max-ten treats a
// 、 between two runs of kanji or katakana as the noun-noun exception
// without asking the tokenizer; sentence-length counts a run of white
// space as one character and does not count inline code or URLs;
// ja-no-mixed-period (which, like textlint with forceAppendPeriod off,
// appends no 。 itself) leaves a paragraph ending in a colon, code, a link
// or a URL alone; ja-no-successive-word ignores symbols and words in
// hiragana only ("まあまあ"), and its one fix removes a doubled particle
// ("をを"); no-exclamation-question-mark allows a "!" after any Latin
// letter ("Yahoo!") and fixes only body sentences; no-zero-width-spaces
// also advises on joiners, except one inside an emoji sequence;
// no-double-negative-ja also knows the polite forms (〜ないわけではありません);
// no-mix-dearu-desumasu, like the rule's own defaults, reports である only
// in a body that mixes both styles (the preset's preferInBody "ですます"
// would flag a body written wholly in である); sentence rules skip list
// items. textlint's arabic-kanji-numbers, ja-no-abusage and
// ja-unnatural-alphabet have no counterpart.
//
// Markdown front matter, code (fenced, indented and inline, including a
// fence inside a list item or a block quote), URLs, HTML (inline tags,
// their attributes on several lines too, and blocks to their
// CommonMark end), $$ math blocks and comments are never reviewed. The
// blocks are read by package apply/document, the module's one Markdown
// scanner, and front matter is what document.FindFrontMatter finds: a
// closed YAML ("---") or TOML ("+++") block at the very start.
// Sentence rules (endings, length, style) apply only to body sentences,
// not to headings, list items, table cells, captions, block quotes, or a
// paragraph ending in a colon. Inside a warning (a "> [!WARNING]" alert, a
// quote opening with "**Warning**" or "**注意**", a ":::warning"
// container; see document.Block.Alert) hedging is right, and
// ja-no-weak-phrase is not reported there. On a line longer than 8 KB, fixes become
// advice, so that a review stays linear in the line's length.
//
// Rule lists live in the embedded data/ folder (see data/phrases-en.tsv
// for the format). Config turns rules off, changes limits, and enables
// link checking against an fs.FS; the target's reader profile makes the
// English sentence-length limit stricter for novices and looser for
// experts (the textlint-named rules keep textlint's limits unless
// Config.Limits sets them).
//
// The smallest use:
//
//	for _, r := range offline.Editorial(offline.Config{}) {
//		rev, err := r.Review(ctx, agent.Target{Path: "post.md", Text: text, ReaderProfile: "Web engineers"})
//		if err != nil {
//			return err
//		}
//		for _, f := range rev.Report.Findings {
//			fmt.Println(f.LineRange, f.Severity, f.Issue, f.Quote(), "->", f.Fix)
//		}
//	}
package offline
