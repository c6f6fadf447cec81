package offline

import (
	"cmp"
	"strings"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/finding"
)

// sentenceLength reports a sentence of a paragraph or list item over
// Limits.SentenceLength characters (textlint sentence-length), counted as
// textlint counts them, in UTF-16 code units ("𠮷" and an emoji count
// two), every character but masked code and URLs included. It reviews
// every sentence of a Japanese document, Latin-only ones too, and any
// sentence with kanji in a document written in Han characters; the
// sentences of English documents get en-sentence-length, unless
// Limits.SentenceLength is set or the document has no words (digits
// only), when sentence-length reviews every document as textlint does.
// A sentence over half again the limit is overlong-sentence's instead,
// when that rule is on (one finding a sentence); a sentence with no
// Japanese character is overlong by its words (Limits.SentenceWords), as
// in an English document, and only a body sentence is.
// Config.Options.SentenceCountCodePoints counts code points instead, and
// SentenceCountURLLinks counts the text of a link that is its own URL.
func (r *run) sentenceLength(s sentence) {
	text := s.text
	for _, re := range r.rev.skip {
		text = re.ReplaceAllString(text, "")
	}
	count := utf16Len
	if r.rev.cfg.Options.SentenceCountCodePoints {
		count = func(t string) int { return utf8.RuneCountInString(t) - strings.Count(t, string(rune(mask))) }
	}
	n := count(text)
	if r.rev.cfg.Options.SentenceCountURLLinks {
		for _, l := range r.doc.links {
			end := s.end
			if s.last {
				end = r.doc.blocks[s.blk].end // a sentence is trimmed of the masked link that ends it
			}
			if l.image || l.from < s.start || l.to > end || l.start-2 <= l.from {
				continue
			}
			if t := string(r.doc.raw[l.from+1 : l.start-2]); t == l.target {
				n += count(t) // the text of a URL string link, masked as a URL
			}
		}
	}
	if !s.ja && !r.e.anyLang {
		// a Latin sentence of a Japanese document (English, or a line of
		// code, a diff, checksums written as text) is overlong by its
		// words, not its characters
		if w := wordCount(s.text); s.prose && 2*w > 3*r.lim.SentenceWords && r.e.on("overlong-sentence") {
			r.e.adviseSized(w, "overlong-sentence", finding.Medium, 75, s.start, s.end,
				r.say("sentence has %d words, over half again the limit of %d for this reader; split it", "一文が%d語あります（上限%d語の1.5倍を超えています）。文を分けてください"), w, r.lim.SentenceWords)
		} else if n > r.lim.SentenceLength {
			r.e.adviseSized(n, "sentence-length", finding.Medium, 70, s.start, s.end,
				r.say("sentence has %d characters (limit %d); split it", "一文が%d文字あります（上限%d文字）。文を分けてください"), n, r.lim.SentenceLength)
		}
		return
	}
	r.tooLong(s, n, r.lim.SentenceLength, "sentence-length", 70,
		r.say("sentence has %d characters (limit %d); split it", "一文が%d文字あります（上限%d文字）。文を分けてください"),
		r.say("sentence has %d characters, over half again the limit of %d; split it", "一文が%d文字あります（上限%d文字の1.5倍を超えています）。文を分けてください"))
}

// tooLong reports sentence s of size n over limit as rule's finding
// (confidence conf, message msg with n and limit), or, when n is over
// half again the limit and overlong-sentence is on, as that rule's
// (message long): one finding a sentence. A sentence so long is too long
// by any style guide's measure, where one just over the limit is a matter
// of the guide chosen.
func (r *run) tooLong(s sentence, n, limit int, rule string, conf int, msg, long string) {
	switch {
	case 2*n > 3*limit && r.e.on("overlong-sentence"):
		r.e.adviseSized(n, "overlong-sentence", finding.Medium, 75, s.start, s.end, long, n, limit)
	case n > limit:
		r.e.adviseSized(n, rule, finding.Medium, conf, s.start, s.end, msg, n, limit)
	}
}

// utf16Len counts the UTF-16 code units of s, mask bytes left out.
func utf16Len(s string) int {
	n := 0
	for _, c := range s {
		switch {
		case c == mask:
		case c >= 0x10000:
			n += 2
		default:
			n++
		}
	}
	return n
}

// maxTen follows textlint max-ten: a sentence (of a paragraph or list
// item) with more than Limits.MaxTen 読点 is reported at the first one
// over, and counting starts again after it. A 読点 between two nouns
// (名詞、名詞, brackets and spaces skipped: "A、B", "(1)、(2)", the list
// "HTML 、CSS 、") does not count unless Config.Options.MaxTenStrict.
// Options.Touten and Options.Kuten change the marks counted and the mark
// that ends a sentence: with Kuten "．" a 。 does not, and the count goes
// on into the next sentence. A ？ or ！ inside brackets ends the count,
// as textlint splits there. Only a sentence with more marks than the
// limit is tokenized.
func (r *run) maxTen(s sentence) error {
	o := r.rev.cfg.Options
	touten, kuten := cmp.Or(o.Touten, "、"), cmp.Or(o.Kuten, "。")
	carried := 0
	if c := r.tenCarry; c.open && c.blk == s.blk {
		carried = c.count
	}
	// with a Kuten of its own, a sentence ending in another mark ("。" for
	// Kuten "．") goes on in the next one, as textlint splits at Kuten only
	r.tenCarry.open, r.tenCarry.blk, r.tenCarry.count = o.Kuten != "" && !s.last && endsOutside(s, []string{kuten, "?", "!", "？", "！"}), s.blk, 0
	if carried+strings.Count(s.text, touten) <= r.lim.MaxTen {
		r.tenCarry.count = carried + strings.Count(s.text, touten)
		return nil
	}
	tok, err := r.rev.shared.ja.tokenizer()
	if err != nil {
		return err
	}
	r.toks = tokens(tok, s.text, r.toks)
	ts := r.toks
	count := carried
	for i, t := range ts {
		switch t.surface {
		case touten:
			if !o.MaxTenStrict && sandwiched(ts, i) {
				continue
			}
			count++
		case kuten, "？", "！", "?", "!": // a question inside brackets ends a sentence too: 「…思う？ もっと…」
			count = 0
		}
		if count > r.lim.MaxTen {
			at := s.start + t.off
			r.e.adviseSized(count, "max-ten", finding.Low, 65, at, at+len(t.surface), "一文に読点「%s」が%d個以上あります（上限%d個）。文を分けてください", touten, count, r.lim.MaxTen)
			count = 0
		}
	}
	r.tenCarry.count = count
	return nil
}

// sandwiched reports whether the nearest tokens before and after ts[i],
// brackets, white space and masked markup (a link's "](url)") skipped, are
// both nouns.
func sandwiched(ts []token, i int) bool {
	near := func(d int) (token, bool) {
		for j := i + d; j >= 0 && j < len(ts); j += d {
			if t := ts[j]; !(t.pos == "記号" && (strings.HasPrefix(t.pos1, "括弧") || t.pos1 == "空白") || t.surface == "(" || t.surface == ")" || strings.Trim(t.surface, " \t\x1f") == "") {
				return t, true
			}
		}
		return token{}, false
	}
	p, ok1 := near(-1)
	n, ok2 := near(1)
	return ok1 && ok2 && p.pos == "名詞" && n.pos == "名詞"
}

// kanjiRuns reports runs of kanji longer than the limit (textlint
// max-kanji-continuous-len, default 5) in any sentence that holds kanji,
// kanji-only text included. A run that is one word of the IPA dictionary
// (中華人民共和国, 二等辺三角形: textlint's allowDictionaryLongWords) or
// made only of Config.Options.KanjiAllow words is accepted.
func (r *run) kanjiRuns(s sentence) {
	start, n := -1, 0
	flush := func(end int) {
		if n > r.lim.MaxKanji && !allowedRun(s.text[start:end], r.rev.cfg.Options.KanjiAllow) && !r.dictionaryWord(s.text[start:end]) {
			r.e.adviseSized(n, "max-kanji-continuous-len", finding.Low, 60, s.start+start, s.start+end, "漢字が%d文字続いています（上限%d文字）。ひらがなを挟むか言い換えてください", n, r.lim.MaxKanji)
		}
		start, n = -1, 0
	}
	for i, c := range s.text {
		if isKanji(c) {
			if start < 0 {
				start = i
			}
			n++
			continue
		}
		flush(i)
	}
	flush(len(s.text))
}

// allowedRun reports whether run is one of the allowed words, or made of
// them end to end.
func allowedRun(run string, allow []string) bool {
	if len(allow) == 0 {
		return false
	}
	ok := make([]bool, len(run)+1) // ok[i]: run[:i] is made of allowed words
	ok[0] = true
	for i := range run {
		if !ok[i] {
			continue
		}
		for _, w := range allow {
			if w != "" && strings.HasPrefix(run[i:], w) {
				ok[i+len(w)] = true
			}
		}
	}
	return ok[len(run)]
}

// dictionaryWord reports whether run is one known word of the IPA
// dictionary. The tokenizer is loaded only here, for a run already too
// long, and only in a Japanese document (one with kana): Chinese text,
// which a Japanese dictionary cannot judge, never loads it. If it cannot
// be loaded the run is not a known word.
func (r *run) dictionaryWord(run string) bool {
	if !r.doc.kana {
		return false
	}
	tok, err := r.rev.shared.ja.tokenizer()
	if err != nil {
		return false
	}
	ts := tokens(tok, run, nil)
	return len(ts) == 1 && ts[0].surface == run && ts[0].base != ""
}
