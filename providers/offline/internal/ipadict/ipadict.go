package ipadict

import (
	_ "embed"
	"errors"
	"fmt"
	"strings"
	"unsafe"

	"github.com/ikawaha/kagome-dict/dict"
	"github.com/ikawaha/kagome-dict/dict/trie"
)

//go:generate go run gen.go

//go:embed ipa.bin
var image string

const (
	magic   = "KGIPAD1\n"
	nCounts = 6
)

// ErrCorrupt reports an image that cannot be read.
var ErrCorrupt = errors.New("ipadict: corrupt dictionary image")

// Dict returns the IPA dictionary over the embedded image. Each call
// returns a new *dict.Dict; where the machine's memory layout matches the
// image (little endian, the image aligned to 8 bytes, dict.Morph of three
// packed int16) it shares the image's tables, which are read-only memory
// that kagome only reads, and so must every other user; elsewhere the
// tables are decoded into the heap (some 17 MB, tens of milliseconds).
// It fails only on a corrupt image. It is safe for concurrent use, as is
// the dictionary returned.
func Dict() (*dict.Dict, error) { return build(image, inPlace(image) == nil) }

// inPlace reports why the tables of img cannot be used in place on this
// machine, or nil.
func inPlace(img string) error {
	var probe uint16 = 1
	if *(*byte)(unsafe.Pointer(&probe)) != 1 {
		return errors.New("big endian")
	}
	if len(img) > 0 && uintptr(unsafe.Pointer(unsafe.StringData(img)))%8 != 0 {
		return errors.New("image not aligned to 8 bytes")
	}
	var m dict.Morph
	if unsafe.Sizeof(m) != 6 || unsafe.Offsetof(m.RightID) != 2 || unsafe.Offsetof(m.Weight) != 4 {
		return fmt.Errorf("dict.Morph is %d bytes", unsafe.Sizeof(m))
	}
	return nil
}

// build checks the layout of img and returns a dictionary whose large
// tables point into it (shared, which img must allow: see inPlace) or are
// decoded from it.
func build(img string, shared bool) (*dict.Dict, error) {
	if len(img) != imageSize || !strings.HasPrefix(img, magic) {
		return nil, fmt.Errorf("%w: %d bytes, want %d with the header %q", ErrCorrupt, len(img), imageSize, magic)
	}
	var c [nCounts]int
	for i := range c {
		v := le64(img[len(magic)+8*i:])
		if v > uint64(len(img)) {
			return nil, fmt.Errorf("%w: count %d is %d", ErrCorrupt, i, v)
		}
		c[i] = int(v)
	}
	nMorph, nDA, nDup, rows, cols, nCat := c[0], c[1], c[2], c[3], c[4], c[5]
	if rows*cols > len(img) {
		return nil, fmt.Errorf("%w: connection matrix %dx%d", ErrCorrupt, rows, cols)
	}
	var sections [5]string
	off := align(len(magic) + 8*nCounts)
	for i, size := range []int{6 * nMorph, 8 * nDA, 8 * nDup, 2 * rows * cols, nCat} {
		if off+size > len(img) {
			return nil, fmt.Errorf("%w: a table of %d bytes at %d overruns the image", ErrCorrupt, size, off)
		}
		sections[i] = img[off : off+size]
		off = align(off + size)
	}
	if off != align(len(img)) {
		return nil, fmt.Errorf("%w: %d bytes after the tables", ErrCorrupt, len(img)-off)
	}
	d := smallTables()
	morphs, da, dups, conn, cat := sections[0], sections[1], sections[2], sections[3], sections[4]
	if shared {
		d.Morphs = unsafe.Slice((*dict.Morph)(data(morphs)), nMorph)
		d.Index.Da = unsafe.Slice((*struct{ Base, Check int32 })(data(da)), nDA)
		d.Connection.Vec = unsafe.Slice((*int16)(data(conn)), rows*cols)
		d.CharCategory = unsafe.Slice((*byte)(data(cat)), nCat)
	} else {
		d.Morphs = make(dict.Morphs, nMorph)
		for i := range d.Morphs {
			r := morphs[6*i:]
			d.Morphs[i] = dict.Morph{LeftID: int16(le16(r)), RightID: int16(le16(r[2:])), Weight: int16(le16(r[4:]))}
		}
		d.Index.Da = make(trie.DoubleArray, nDA)
		for i := range d.Index.Da {
			d.Index.Da[i].Base, d.Index.Da[i].Check = int32(le32(da[8*i:])), int32(le32(da[8*i+4:]))
		}
		d.Connection.Vec = make([]int16, rows*cols)
		for i := range d.Connection.Vec {
			d.Connection.Vec[i] = int16(le16(conn[2*i:]))
		}
		d.CharCategory = dict.CharCategory(cat)
	}
	d.Connection.Row, d.Connection.Col = int64(rows), int64(cols)
	d.Index.Dup = make(map[int32]int32, nDup)
	for i := range nDup {
		d.Index.Dup[int32(le32(dups[8*i:]))] = int32(le32(dups[8*i+4:]))
	}
	return d, nil
}

// data returns the address of the first byte of s, which is not empty or
// is never read.
func data(s string) unsafe.Pointer { return unsafe.Pointer(unsafe.StringData(s)) }

func le16(s string) uint16 { return uint16(s[0]) | uint16(s[1])<<8 }
func le32(s string) uint32 { return uint32(le16(s)) | uint32(le16(s[2:]))<<16 }
func le64(s string) uint64 { return uint64(le32(s)) | uint64(le32(s[4:]))<<32 }

// align rounds n up to a multiple of 8.
func align(n int) int { return (n + 7) &^ 7 }
