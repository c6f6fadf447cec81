package offline

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"

	"github.com/kaigi-dev/kaigi/finding"
)

// c0Control reports a C0 control character or DEL other than tab and
// the line breaks.
func c0Control(c rune) bool { return c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7F }

// controlChar reports the C0 control c at offset at, with its removal.
func (r *run) controlChar(at int, c rune) {
	r.e.fix("no-invalid-control-character", finding.Low, 90, at, at+1, "", "%s", r.say(fmt.Sprintf("control character U+%04X does not belong in text", c), fmt.Sprintf("制御文字 U+%04X は文章に不要です", c)))
}

// imageControls reports the C0 controls in the alt text, target and title
// of images, which the masked text hides, as textlint's checkImage (on by
// default) does; code stays unread.
func (r *run) imageControls() {
	if r.rev.cfg.Options.ControlSkipImages || r.rev.cfg.Options.ControlCheckCode {
		return // not read, or read with the rest of the markup (maskedControls)
	}
	for _, l := range r.doc.links {
		if !l.image || l.to <= l.from {
			continue
		}
		for at := l.from; at < l.to; at++ {
			if c := rune(r.doc.raw[at]); c0Control(c) && !strings.ContainsRune(r.rev.cfg.Options.ControlAllow, c) {
				r.controlChar(at, c)
			}
		}
	}
}

// maskedControls reports, with Config.Options.ControlCheckCode, the C0
// controls in the bytes the rules do not read: code, markup and front
// matter (textlint's checkCode).
func (r *run) maskedControls() {
	if !r.rev.cfg.Options.ControlCheckCode {
		return
	}
	for at, m := range r.doc.masked {
		if c := rune(r.doc.raw[at]); m == mask && c0Control(c) && c != mask && !strings.ContainsRune(r.rev.cfg.Options.ControlAllow, c) {
			r.controlChar(at, c)
		}
	}
}

// characters reports half-width katakana, decomposed characters and
// zero-width characters in a block. Half-width kana, NFD and U+200B and
// U+FEFF (past the start of the file, which parse masks) get a fix; the
// joiners U+200C, U+200D and U+2060 get advice, and a U+200D between two
// pictographs (an emoji sequence) is left alone.
func (r *run) characters(b block) {
	text := string(r.doc.masked[b.start:b.end])
	rtl := 0 // whether the block holds right-to-left text: 0 not looked yet, 1 no, 2 yes
	for i := 0; i < len(text); {
		c, n := utf8.DecodeRuneInString(text[i:])
		at := b.start + i
		switch {
		case c >= 0xFF61 && c <= 0xFF9F: // ｡-ﾟ, as textlint no-hankaku-kana
			j := runEnd(text, i, func(c rune) bool { return c >= 0xFF61 && c <= 0xFF9F })
			old := text[i:j]
			r.e.fix("no-hankaku-kana", finding.Low, 90, at, b.start+j, widenKana(old), "半角カナ「%s」は全角にしてください", old)
			n = j - i
		case isZenkakuLetter(c) && r.e.on(zenkakuAlphabetRule):
			// ＨＴＭＬ → HTML: Latin letters are half-width in technical
			// Japanese (JTF style guide 2.1.9)
			j := runEnd(text, i, isZenkakuLetter)
			old := text[i:j]
			r.e.fix(zenkakuAlphabetRule, finding.Low, 90, at, b.start+j, narrowLetters(old), "全角のアルファベット「%s」は半角にしてください", old)
			n = j - i
		case c == 0x309B || c == 0x309C:
			// a spacing dakuten or handakuten after kana: テ゛ → デ (textlint no-nfd)
			_, pn := utf8.DecodeLastRuneInString(text[:i])
			comb := map[rune]string{0x309B: "\u3099", 0x309C: "\u309A"}[c]
			if pn > 0 {
				prev := text[i-pn : i]
				if nfc := norm.NFC.String(prev + comb); utf8.RuneCountInString(nfc) == 1 {
					r.e.fix("no-nfd", finding.Low, 90, at-pn, at+n, nfc, "濁点・半濁点が別の文字（U+%04X）になっています（%s%c → %s）", c, prev, c, nfc)
				}
			}
		case c == 0x3099 || c == 0x309A || (c >= 0x0300 && c <= 0x036F):
			// a combining mark: replace it and the character it joins with NFC
			_, pn := utf8.DecodeLastRuneInString(text[:i])
			old := text[i-pn : i+n]
			if pn > 0 && norm.NFC.String(old) != old {
				msg := "濁点・アクセントが結合文字（NFD）になっています"
				if !r.doc.kana {
					msg = fmt.Sprintf("%q is written with a combining mark (NFD); write it as one character", old)
				}
				r.e.fix("no-nfd", finding.Low, 95, at-pn, at+n, norm.NFC.String(old), "%s", msg)
			}
		case c0Control(c) && r.doc.raw[at] == byte(c) && !strings.ContainsRune(r.rev.cfg.Options.ControlAllow, c):
			// a control character: masked bytes are 0x1F too, so only a 0x1F of the text itself counts
			r.controlChar(at, c)
		case c >= 0x80 && c <= 0x9F && !strings.ContainsRune(r.rev.cfg.Options.ControlAllow, c):
			// a C1 control: text decoded in the wrong encoding, or pasted from a terminal
			r.e.fix("no-invalid-control-character", finding.Low, 90, at, at+n, "", "%s", r.say(fmt.Sprintf("control character U+%04X does not belong in text", c), fmt.Sprintf("制御文字 U+%04X は文章に不要です", c)))
		case bidiControl(c) && !strings.ContainsRune(r.rev.cfg.Options.ControlAllow, c):
			// an invisible direction override: it reorders what a reader sees
			msg := r.say(fmt.Sprintf("bidirectional control character U+%04X reorders the text invisibly", c), fmt.Sprintf("双方向制御文字 U+%04X は文字の並びを見えないまま入れ替えます", c))
			if rtl == 0 {
				rtl = 1
				if rtlNear(text) {
					rtl = 2
				}
			}
			if rtl == 2 { // right-to-left text may need it: a human decides
				r.e.advise("no-invalid-control-character", finding.Low, 60, at, at+n, "%s", msg)
				break
			}
			r.e.fix("no-invalid-control-character", finding.Low, 90, at, at+n, "", "%s", msg)
		case c == 0x200B || c == 0xFEFF:
			r.e.fix("no-zero-width-spaces", finding.Low, 95, at, at+n, "", r.say("zero-width character U+%04X is invisible and breaks search and copy", "ゼロ幅文字 U+%04X は見えず、検索やコピーを妨げます"), c)
		case c == 0x200D && joinsPictographs(text, i, n):
			// a zero-width joiner inside an emoji sequence: 👩‍💻
		case c == 0x200C || c == 0x200D || c == 0x2060:
			// joiners and non-joiners shape some scripts: a human decides
			r.e.advise("no-zero-width-spaces", finding.Low, 60, at, at+n, r.say("zero-width character U+%04X is invisible; remove it unless the script needs it", "ゼロ幅文字 U+%04X は見えません。文字の表示に必要でなければ削除してください"), c)
		}
		i += n
	}
}

// bidiControl reports the bidirectional embedding, override and isolate
// controls (U+202A-202E, U+2066-2069), which reorder text invisibly.
func bidiControl(c rune) bool { return c >= 0x202A && c <= 0x202E || c >= 0x2066 && c <= 0x2069 }

// rtlNear reports whether text holds a letter of a right-to-left script
// (Hebrew, Arabic, Syriac, Thaana, N'Ko), whose writers use bidirectional
// controls on purpose.
func rtlNear(text string) bool {
	for _, c := range text {
		if c >= 0x0590 && c <= 0x08FF || c >= 0xFB1D && c <= 0xFDFF || c >= 0xFE70 && c <= 0xFEFF && c != 0xFEFF {
			return true
		}
	}
	return false
}

// joinsPictographs reports whether the character at text[i:i+n] stands
// between two pictographs, as the zero-width joiner of an emoji sequence
// does.
func joinsPictographs(text string, i, n int) bool {
	p, _ := utf8.DecodeLastRuneInString(text[:i])
	q, _ := utf8.DecodeRuneInString(text[i+n:])
	return pictograph(p) && pictograph(q)
}

// pictograph reports an emoji or a character that ends or continues one
// (a variation selector, a skin tone).
func pictograph(c rune) bool {
	return c >= 0x1F000 && c <= 0x1FAFF || c >= 0x2600 && c <= 0x27BF || c == 0xFE0F || c == 0x2640 || c == 0x2642 ||
		unicode.Is(unicode.So, c)
}

// widenKana converts half-width katakana to full width, joining voiced
// marks: ｶﾞ → ガ.
func widenKana(s string) string {
	w := width.Widen.String(s)
	w = strings.NewReplacer("゛", "\u3099", "゜", "\u309A").Replace(w)
	return norm.NFC.String(w)
}

// zenkakuAlphabetRule reports full-width Latin letters.
const zenkakuAlphabetRule = "no-zenkaku-alphabet"

// isZenkakuLetter reports a full-width Latin letter (Ａ-Ｚ, ａ-ｚ).
func isZenkakuLetter(c rune) bool { return c >= 'Ａ' && c <= 'Ｚ' || c >= 'ａ' && c <= 'ｚ' }

// narrowLetters returns s, full-width Latin letters only, in half-width.
func narrowLetters(s string) string {
	return strings.Map(func(c rune) rune { return c - 'Ａ' + 'A' }, s)
}

// runEnd returns where the run of characters in, starting at i, ends in
// text.
func runEnd(text string, i int, in func(rune) bool) int {
	for i < len(text) {
		c, n := utf8.DecodeRuneInString(text[i:])
		if !in(c) {
			break
		}
		i += n
	}
	return i
}
