package ipafeat

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
)

//go:generate go run gen.go

//go:embed features.bin
var image string

const (
	magic   = "IPAF3\n"
	recSize = 9
	posLen  = 4
)

// Table is the feature table, read in place from the image compiled
// into the binary; its methods are safe for concurrent use.
type Table struct {
	n              int
	tuples         [][posLen]string
	ctypes, cforms []string
	recs           string // recSize bytes a word: part-of-speech tuple, 活用型, 活用形, pool offsets of 基本形 and 読み (24 bits each)
	pool           string // length-prefixed strings
}

// ErrCorrupt reports a feature table that cannot be read.
var ErrCorrupt = errors.New("ipafeat: corrupt feature table")

// Load returns the table compiled into the binary. It copies nothing: the
// strings it gives point into the image. It fails only if the image is
// corrupt.
func Load() (*Table, error) { return parse(image) }

func parse(raw string) (*Table, error) {
	bad := func(what string) (*Table, error) { return nil, fmt.Errorf("%w: %s", ErrCorrupt, what) }
	if !strings.HasPrefix(raw, magic) || len(raw) < len(magic)+4 {
		return bad("no header")
	}
	p := raw[len(magic):]
	t := &Table{n: int(binary.LittleEndian.Uint32([]byte(p[:4])))}
	p = p[4:]
	str := func() (string, bool) {
		if len(p) < 1 || len(p) < 1+int(p[0]) {
			return "", false
		}
		s := p[1 : 1+p[0]]
		p = p[1+p[0]:]
		return s, true
	}
	if len(p) < 1 {
		return bad("no part-of-speech tuples")
	}
	t.tuples = make([][posLen]string, p[0])
	p = p[1:]
	for i := range t.tuples {
		for j := range posLen {
			var ok bool
			if t.tuples[i][j], ok = str(); !ok {
				return bad("truncated part of speech")
			}
		}
	}
	for _, list := range []*[]string{&t.ctypes, &t.cforms} {
		if len(p) < 1 {
			return bad("truncated value list")
		}
		*list = make([]string, p[0])
		p = p[1:]
		for i := range *list {
			var ok bool
			if (*list)[i], ok = str(); !ok {
				return bad("truncated value")
			}
		}
	}
	if len(p) < 4 {
		return bad("no base form size")
	}
	nb := int(binary.LittleEndian.Uint32([]byte(p[:4])))
	p = p[4:]
	if len(p) != recSize*t.n+nb {
		return bad(fmt.Sprintf("%d bytes of records and strings, want %d", len(p), recSize*t.n+nb))
	}
	t.recs, t.pool = p[:recSize*t.n], p[recSize*t.n:]
	return t, nil
}

// Len returns the number of words the table describes; it must equal the
// dictionary's.
func (t *Table) Len() int { return t.n }

// POS returns the part of speech of word id (a kagome Token.ID of class
// KNOWN) as its four levels (品詞, 品詞細分類1-3, "*" where there is
// none); ok is false for an id out of range.
func (t *Table) POS(id int) (pos [posLen]string, ok bool) {
	if id < 0 || id >= t.n || int(t.recs[recSize*id]) >= len(t.tuples) {
		return pos, false
	}
	return t.tuples[t.recs[recSize*id]], true
}

// Features returns the 活用型, 活用形, 基本形 and 読み of word id (a kagome
// Token.ID of class KNOWN), as the IPA dictionary spells them ("*" when
// there is none); ok is false for an id out of range.
func (t *Table) Features(id int) (ctype, cform, base, reading string, ok bool) {
	if id < 0 || id >= t.n {
		return "", "", "", "", false
	}
	r := t.recs[recSize*id : recSize*id+recSize]
	if int(r[1]) >= len(t.ctypes) || int(r[2]) >= len(t.cforms) {
		return "", "", "", "", false
	}
	base, ok1 := t.str(r[3:6])
	reading, ok2 := t.str(r[6:9])
	if !ok1 || !ok2 {
		return "", "", "", "", false
	}
	return t.ctypes[r[1]], t.cforms[r[2]], base, reading, true
}

// str returns the pool string at the 24-bit offset in b.
func (t *Table) str(b string) (string, bool) {
	off := int(b[0]) | int(b[1])<<8 | int(b[2])<<16
	if off >= len(t.pool) || off+1+int(t.pool[off]) > len(t.pool) {
		return "", false
	}
	return t.pool[off+1 : off+1+int(t.pool[off])], true
}
