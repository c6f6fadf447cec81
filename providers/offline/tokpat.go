package offline

import "strings"

// tokTest is one element of a token pattern: it tells whether a token
// fits. Patterns are written in the terms of textlint's morpheme
// dictionaries (surface, part of speech, base form, reading), so that
// conjugations and spellings (事/こと, 訳/わけ) match as they do there.
type tokTest struct {
	ok  func(token) bool
	opt bool // the element may be absent (textlint's _skippable)
}

// matchTokens reports whether the pattern matches ts from index i and
// returns the index after the match and the index of every element's
// token (-1 for an absent optional one).
func matchTokens(ts []token, i int, pat []tokTest) (end int, at []int, ok bool) {
	at = make([]int, len(pat))
	j := i
	for k, p := range pat {
		if j < len(ts) && p.ok(ts[j]) {
			at[k] = j
			j++
			continue
		}
		if !p.opt {
			return 0, nil, false
		}
		at[k] = -1
	}
	return j, at, true
}

// is builds a required pattern element from a predicate.
func is(f func(token) bool) tokTest { return tokTest{ok: f} }

// maybe builds an optional pattern element.
func maybe(f func(token) bool) tokTest { return tokTest{ok: f, opt: true} }

// surfaceIn, baseIn and readingIn test a token's surface, base form or
// reading against a list; pos additionally requires a part of speech
// ("" for any).
func surfaceIn(pos string, ss ...string) func(token) bool {
	return func(t token) bool { return (pos == "" || t.pos == pos) && oneOf(t.surface, ss) }
}

func baseIn(pos string, ss ...string) func(token) bool {
	return func(t token) bool { return (pos == "" || t.pos == pos) && oneOf(t.base, ss) }
}

func readingIn(pos string, ss ...string) func(token) bool {
	return func(t token) bool { return (pos == "" || t.pos == pos) && oneOf(t.reading, ss) }
}

// posIs tests the part of speech and, when given, its first subdivision.
func posIs(pos, pos1 string) func(token) bool {
	return func(t token) bool { return t.pos == pos && (pos1 == "" || t.pos1 == pos1) }
}

// isComma tests a 読点 or comma token, which textlint's dictionaries skip.
func isComma(t token) bool { return oneOf(t.surface, []string{"、", "､", "，", ","}) }

func oneOf(s string, ss []string) bool {
	for _, x := range ss {
		if s == x {
			return true
		}
	}
	return false
}

// tokenSpan returns the byte span, relative to the sentence, of ts[a:b].
func tokenSpan(ts []token, a, b int) (int, int) {
	return ts[a].off, ts[b-1].off + len(ts[b-1].surface)
}

// surfaces joins the surfaces of ts[a:b].
func surfaces(ts []token, a, b int) string {
	var sb strings.Builder
	for _, t := range ts[a:b] {
		sb.WriteString(t.surface)
	}
	return sb.String()
}
