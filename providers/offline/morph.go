package offline

import (
	"fmt"
	"sync"
	"time"

	"github.com/ikawaha/kagome-dict/ipa"
	"github.com/ikawaha/kagome/v2/tokenizer"
)

// morph loads the kagome tokenizer with its IPA dictionary once, on first
// use. Loading takes about half a second and 150 MB, so reviewers that
// never meet Japanese text never pay for it.
type morph struct {
	once     sync.Once
	tok      *tokenizer.Tokenizer
	err      error
	loadTime time.Duration
}

// tokenizer returns the shared tokenizer, loading it on the first call.
func (m *morph) tokenizer() (*tokenizer.Tokenizer, error) {
	m.once.Do(func() {
		start := time.Now()
		defer func() {
			if p := recover(); p != nil { // the dictionary loader panics on corrupt data
				m.err = fmt.Errorf("loading the IPA dictionary: %v", p)
			}
			m.loadTime = time.Since(start)
		}()
		m.tok, m.err = tokenizer.New(ipa.Dict(), tokenizer.OmitBosEos())
		if m.err != nil {
			m.err = fmt.Errorf("loading the Japanese tokenizer: %w", m.err)
		}
	})
	return m.tok, m.err
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

// tokens appends the tokens of s to buf[:0] and returns it.
func tokens(t *tokenizer.Tokenizer, s string, buf []token) []token {
	buf = buf[:0]
	for _, k := range t.Tokenize(s) {
		tk := token{surface: k.Surface, off: k.Position}
		tk.pos, _ = k.FeatureAt(0)
		tk.pos1, _ = k.FeatureAt(1)
		if k.Class == tokenizer.KNOWN {
			tk.ctype, _ = k.FeatureAt(4)
			tk.cform, _ = k.FeatureAt(5)
			tk.base, _ = k.FeatureAt(6)
			tk.reading, _ = k.FeatureAt(7)
		}
		buf = append(buf, tk)
	}
	return buf
}
