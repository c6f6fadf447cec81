package apply

import (
	"errors"

	"github.com/kaigi-dev/kaigi/finding"
)

// Edit replaces bytes [Start, End) of a base document with New. Old is the
// replaced text, exactly as it stands in the base, so every edit has an exact
// inverse: Edit{Start, Start + len(New), New, Old} against the result.
//
// A pure insertion has Start == End and Old == "". Offsets are byte offsets
// into the original document, never into a normalised copy of it.
//
// In JSON an Edit is {"start", "end", "old", "new"}; a text that is not
// valid UTF-8 (a Latin-1 document, say) is written base64-encoded as
// "old_b64" or "new_b64" instead, so that it survives the round trip byte
// for byte. See MarshalJSON.
type Edit struct {
	Start int
	End   int
	Old   string
	New   string
}

// insert reports whether e is a pure insertion.
func (e Edit) insert() bool { return e.Start == e.End }

// same reports whether e and o make the identical change (same span, same
// replacement).
func (e Edit) same(o Edit) bool { return e.Start == o.Start && e.End == o.End && e.New == o.New }

// Proposal is one finding offered for anchoring.
type Proposal struct {
	// Key identifies the proposal uniquely among the proposals of one
	// call; the caller chooses it. Example: "anti-ai-slop/F001".
	Key string

	// Finding is the reviewer's finding: Quotes[0] is the text to replace,
	// Fix its replacement and LineRange the hint where to look.
	Finding finding.Finding
}

// Method says how a quote was anchored.
type Method string

// The ways Resolve anchors a proposal, tried in this order.
const (
	// ExactRange: the quote occurs exactly once overlapping the hinted
	// lines. Exactly is up to line endings for this and the next two: a
	// line break of the quote matches "\n" or "\r\n".
	ExactRange Method = "exact-range"
	// Window: once overlapping the hinted lines widened by Options.Window.
	Window Method = "window"
	// Document: once in the whole document.
	Document Method = "document"
	// Normalized: once in the normalised view (line endings, NFC, width,
	// white space), mapped back to original offsets.
	Normalized Method = "normalized"
	// LineRange: no quote; the whole hinted line range is replaced
	// (only with Options.ReplaceLines and Options.Reviewed).
	LineRange Method = "line-range"
)

// Anchor is a proposal resolved to an edit in the document.
type Anchor struct {
	// Key is the proposal's key.
	Key string
	// Edit is the change to the document; Edit.Old is the text found.
	Edit Edit
	// Lines are the 1-based lines the edit actually touches, which may
	// differ from the finding's hint.
	Lines finding.LineRange
	// Method says which stage found the quote.
	Method Method
	// Far reports a quote found only away from the finding's line hint:
	// the finding names lines, and the quote occurs neither on them nor
	// within Options.Window lines of them, but once elsewhere in the
	// document (Method Document, or Normalized at that stage; for a hint
	// past the last line, not within Window lines of the end). The
	// lines the reviewer saw have changed, and the one occurrence left
	// may not be the text meant: the edit is where the quote is, for a
	// person to see, and is not to be applied without one. A finding
	// without a line hint is never Far.
	Far bool
}

// Skip is a proposal that could not be anchored. Err wraps at least one of
// ErrAdvisory, ErrQuoteNotFound, ErrAmbiguous, ErrOutOfRange, ErrNoQuote and
// ErrProtected
// (see each for the pairs that go together), or, from PatchQuotes and
// PatchAnchors, ErrConflict or ErrLimit; its message names the
// proposal's key.
type Skip struct {
	Key string // the proposal's key
	Err error  // why it was skipped
}

// Why Resolve skips a proposal.
var (
	// ErrAdvisory: the finding is advice only and is never applied: its
	// fix is empty or equals the text it would replace, or it quotes
	// nothing and whole-line replacement is off (then the skip wraps
	// ErrNoQuote too).
	ErrAdvisory = errors.New("advice only")
	// ErrQuoteNotFound: the quote occurs nowhere in the document, not even
	// in the normalised view.
	ErrQuoteNotFound = errors.New("quote not found")
	// ErrAmbiguous: the quote occurs more than once at the first stage
	// that finds it; Resolve never guesses which one was meant.
	ErrAmbiguous = errors.New("quote is ambiguous")
	// ErrOutOfRange: the hinted line range lies beyond the document's end
	// and the quote is not unique near the end or in the whole document
	// (the skip wraps ErrQuoteNotFound or ErrAmbiguous too), or a finding
	// without a quote names lines the document does not have.
	ErrOutOfRange = errors.New("line range beyond the end of the document")
	// ErrNoQuote: the finding quotes nothing, and whole-line replacement
	// is off (Options.ReplaceLines; the skip then wraps ErrAdvisory too),
	// or the document is not known to be the one the reviewer saw
	// (Options.Reviewed), or the finding names no usable line range.
	ErrNoQuote = errors.New("no quote to anchor")
)

// Options tunes Resolve. The zero value is ready to use.
type Options struct {
	// Window is how many lines the hinted range is widened by on each side
	// before the whole document is searched; 0 means DefaultWindow.
	Window int

	// Reviewed reports that the document is byte-identical to what the
	// reviewers saw; only then, and only with ReplaceLines, may a finding
	// with no quote replace its whole line range.
	Reviewed bool

	// ReplaceLines lets a finding with no quote replace the content of its
	// whole line range (Method LineRange), without the last line's
	// terminator. It takes effect only with Reviewed, so only on the very
	// text the reviewer numbered. By default it is off and a finding with
	// no quote is advice only (ErrAdvisory and ErrNoQuote): a model that
	// leaves the quote empty to mean an insertion must not overwrite a
	// line.
	ReplaceLines bool

	// Protected lists the parts of the document no edit may touch, such
	// as front matter; an edit that would is refused with ErrProtected.
	// Empty means none.
	Protected []Protected
}

// DefaultWindow is the Window used when Options.Window is 0.
const DefaultWindow = 20
