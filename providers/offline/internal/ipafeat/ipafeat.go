package ipafeat

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

//go:embed features.bin.gz
var packed []byte

const (
	magic   = "IPAF2\n"
	recSize = 8
)

// Table is the decoded feature table; its methods are safe for concurrent
// use.
type Table struct {
	n              int
	ctypes, cforms []string
	recs           []byte // recSize bytes a word: 活用型, 活用形, pool offsets of 基本形 and 読み (24 bits each)
	pool           string // length-prefixed strings
}

// ErrCorrupt reports a feature table that cannot be read.
var ErrCorrupt = errors.New("ipafeat: corrupt feature table")

// Load decodes the embedded table. It fails only if the table is corrupt.
func Load() (*Table, error) {
	zr, err := gzip.NewReader(bytes.NewReader(packed))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	raw, err := io.ReadAll(io.LimitReader(zr, 64<<20))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	return parse(raw)
}

func parse(raw []byte) (*Table, error) {
	bad := func(what string) (*Table, error) { return nil, fmt.Errorf("%w: %s", ErrCorrupt, what) }
	if !bytes.HasPrefix(raw, []byte(magic)) || len(raw) < len(magic)+4 {
		return bad("no header")
	}
	p := raw[len(magic):]
	t := &Table{n: int(binary.LittleEndian.Uint32(p))}
	p = p[4:]
	for _, list := range []*[]string{&t.ctypes, &t.cforms} {
		if len(p) < 1 {
			return bad("truncated value list")
		}
		k := int(p[0])
		p = p[1:]
		for range k {
			if len(p) < 1 || len(p) < 1+int(p[0]) {
				return bad("truncated value")
			}
			*list = append(*list, string(p[1:1+p[0]]))
			p = p[1+p[0]:]
		}
	}
	if len(p) < 4 {
		return bad("no base form size")
	}
	nb := int(binary.LittleEndian.Uint32(p))
	p = p[4:]
	if len(p) != recSize*t.n+nb {
		return bad(fmt.Sprintf("%d bytes of records and strings, want %d", len(p), recSize*t.n+nb))
	}
	t.recs, t.pool = p[:recSize*t.n], string(p[recSize*t.n:])
	return t, nil
}

// Len returns the number of words the table describes; it must equal the
// dictionary's.
func (t *Table) Len() int { return t.n }

// Features returns the 活用型, 活用形, 基本形 and 読み of word id (a kagome
// Token.ID of class KNOWN), as the IPA dictionary spells them ("*" when
// there is none); ok is false for an id out of range.
func (t *Table) Features(id int) (ctype, cform, base, reading string, ok bool) {
	if id < 0 || id >= t.n {
		return "", "", "", "", false
	}
	r := t.recs[recSize*id : recSize*id+recSize]
	if int(r[0]) >= len(t.ctypes) || int(r[1]) >= len(t.cforms) {
		return "", "", "", "", false
	}
	base, ok1 := t.str(r[2:5])
	reading, ok2 := t.str(r[5:8])
	if !ok1 || !ok2 {
		return "", "", "", "", false
	}
	return t.ctypes[r[0]], t.cforms[r[1]], base, reading, true
}

// str returns the pool string at the 24-bit offset in b.
func (t *Table) str(b []byte) (string, bool) {
	off := int(b[0]) | int(b[1])<<8 | int(b[2])<<16
	if off >= len(t.pool) || off+1+int(t.pool[off]) > len(t.pool) {
		return "", false
	}
	return t.pool[off+1 : off+1+int(t.pool[off])], true
}
