package offline

import (
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/ikawaha/kagome/v2/tokenizer"

	"github.com/kaigi-dev/kaigi/providers/offline/internal/ipadict"
	"github.com/kaigi-dev/kaigi/providers/offline/internal/ipafeat"
)

// morph loads the Japanese tokenizer once, on first use. The IPA
// dictionary is read in place from the image of package ipadict and its
// features from package ipafeat: loading costs about a millisecond and
// 0.6 MB of heap, and the pages of the image are read from the binary as
// the tokenizer touches them. A review still loads it only when a rule of tokenRules is
// on and a Japanese sentence (one with kana, or kanji in a document with
// kana) reaches it.
type morph struct {
	// load builds the tokenizer; nil means loadIPA. Tests set it to count
	// loads.
	load     func() (*tagger, error)
	once     sync.Once
	tok      *tagger
	err      error
	loadTime time.Duration
}

// tagger is a loaded tokenizer with the table of its words' features.
// The dictionary of package ipadict has no per-word part-of-speech table
// and no contents, so a KNOWN token's features are read from feat, never
// through kagome's Token methods.
type tagger struct {
	tok  *tokenizer.Tokenizer
	feat *ipafeat.Table // nil when the dictionary holds its own features (the module's, which tests compare)
}

// tokenizer returns the shared tokenizer, loading it on the first call.
func (m *morph) tokenizer() (*tagger, error) {
	m.once.Do(func() {
		start := time.Now()
		defer func() {
			if p := recover(); p != nil { // the dictionary loader panics on corrupt data
				m.err = fmt.Errorf("loading the IPA dictionary: %v", p)
			}
			m.loadTime = time.Since(start)
		}()
		load := m.load
		if load == nil {
			load = loadIPA
		}
		m.tok, m.err = load()
	})
	return m.tok, m.err
}

// loadIPA builds the kagome tokenizer with the IPA dictionary image of
// package ipadict and the features of package ipafeat, both generated
// from the kagome-dict/ipa module in go.mod; it fails if they were
// generated from different dictionaries.
func loadIPA() (*tagger, error) {
	feat, err := ipafeat.Load()
	if err != nil {
		return nil, fmt.Errorf("loading the Japanese tokenizer: %w", err)
	}
	d, err := ipadict.Dict()
	if err != nil {
		return nil, fmt.Errorf("loading the Japanese tokenizer: %w", err)
	}
	if feat.Len() != len(d.Morphs) {
		return nil, fmt.Errorf("loading the Japanese tokenizer: a feature table of %d words for a dictionary of %d (regenerate both)", feat.Len(), len(d.Morphs))
	}
	t, err := tokenizer.New(d, tokenizer.OmitBosEos())
	if err != nil {
		return nil, fmt.Errorf("loading the Japanese tokenizer: %w", err)
	}
	return &tagger{tok: t, feat: feat}, nil
}

// tokenRules returns the rules that read parts of speech. A rule added
// here makes Japanese text load the tokenizer when the rule is on; a
// review whose rules of this list are all off never loads it.
func tokenRules() []string {
	return []string{"no-doubled-joshi", "no-doubled-conjunctive-particle-ga", "no-dropping-the-ra", "ja-no-successive-word",
		"no-double-negative-ja", "no-mix-dearu-desumasu", "no-doubled-conjunction", "same-opening", "repeated-word",
		"ja-no-redundant-expression", "ja-no-weak-phrase", "ja-no-abusage", "max-ten", "max-kanji-continuous-len", "ja-doubled-phrase",
		unpairedTariRule, dekiruRule, kanaVariantRule}
}

// needsTokens reports whether any rule of tokenRules that reviewer runs
// is on.
func (e *emitter) needsTokens(reviewer string) bool {
	for _, id := range tokenRules() {
		if info, _ := ruleByID(id); info.Reviewer == reviewer && e.on(id) {
			return true
		}
	}
	return false
}

// token is the part of a kagome token the rules read. Its strings point
// into the dictionary and the sentence; building one allocates nothing.
type token struct {
	surface string
	pos     string // 品詞: 名詞, 助詞, 動詞, ...
	pos1    string // 品詞細分類1: 格助詞, 接続助詞, 自立, ...
	ctype   string // 活用型: 一段, ...
	cform   string // 活用形: 未然形, ...
	base    string // 基本形
	reading string // 読み (katakana), empty for unknown words
	off     int    // byte offset in the sentence
}

// tokenChunk is the most bytes tokens gives the tokenizer at once: its
// lattice costs some hundred bytes a byte of text, so a sentence longer
// than this (a line of generated text with no period) is tokenized in
// pieces cut after a 、, 。 or space, which no word spans.
const tokenChunk = 4 << 10

// tokens appends the tokens of s to buf[:0] and returns it.
func tokens(tg *tagger, s string, buf []token) []token {
	buf = buf[:0]
	for base := 0; base < len(s); {
		end := chunkEnd(s, base)
		buf = appendTokens(tg, s[base:end], base, buf)
		base = end
	}
	return buf
}

// chunkEnd returns where the piece of s that starts at base ends: all of
// s when it is short, else after the last 、, 。 or space within
// tokenChunk bytes, else at the last character boundary within them.
func chunkEnd(s string, base int) int {
	if len(s)-base <= tokenChunk {
		return len(s)
	}
	lim := base + tokenChunk
	for _, sep := range []string{"。", "、", " ", "\n"} {
		if j := strings.LastIndex(s[base:lim], sep); j > 0 {
			return base + j + len(sep)
		}
	}
	for lim > base+1 && !utf8.RuneStart(s[lim]) {
		lim--
	}
	return lim
}

// appendTokens appends the tokens of s, which starts at byte base of the
// sentence, to buf.
func appendTokens(tg *tagger, s string, base int, buf []token) []token {
	for _, k := range tg.tok.Tokenize(s) {
		tk := token{surface: k.Surface, off: base + k.Position}
		switch {
		case k.Class == tokenizer.KNOWN && tg.feat != nil:
			pos, _ := tg.feat.POS(k.ID)
			tk.pos, tk.pos1 = pos[0], pos[1]
			tk.ctype, tk.cform, tk.base, tk.reading, _ = tg.feat.Features(k.ID)
		default:
			tk.pos, _ = k.FeatureAt(0)
			tk.pos1, _ = k.FeatureAt(1)
			if k.Class == tokenizer.KNOWN {
				tk.ctype, _ = k.FeatureAt(4)
				tk.cform, _ = k.FeatureAt(5)
				tk.base, _ = k.FeatureAt(6)
				tk.reading, _ = k.FeatureAt(7)
			}
		}
		buf = append(buf, tk)
	}
	return buf
}
