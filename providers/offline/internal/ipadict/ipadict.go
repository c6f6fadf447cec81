package ipadict

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"unsafe"

	"github.com/ikawaha/kagome-dict/dict"
)

//go:generate go run gen.go

//go:embed ipa.bin
var image string

const (
	magic   = "KGIPAD1\n"
	nCounts = 6
)

// ErrUnsupported reports a machine whose memory layout the image does not
// match (big endian, an unaligned image, a different dict.Morph layout):
// load the dictionary from its module instead.
var ErrUnsupported = errors.New("ipadict: image unusable on this machine")

// ErrCorrupt reports an image that cannot be read.
var ErrCorrupt = errors.New("ipadict: corrupt dictionary image")

// Dict returns the IPA dictionary over the embedded image. Each call
// returns a new *dict.Dict sharing the image's tables, which are
// read-only memory: kagome only reads them, and so must every other
// user. It is safe for concurrent use, as is the dictionary returned.
func Dict() (*dict.Dict, error) {
	if err := supported(image); err != nil {
		return nil, err
	}
	return build(image)
}

// supported reports whether the tables of img can be used in place on
// this machine.
func supported(img string) error {
	var probe uint16 = 1
	if *(*byte)(unsafe.Pointer(&probe)) != 1 {
		return fmt.Errorf("%w: big endian", ErrUnsupported)
	}
	if len(img) > 0 && uintptr(unsafe.Pointer(unsafe.StringData(img)))%8 != 0 {
		return fmt.Errorf("%w: image not aligned to 8 bytes", ErrUnsupported)
	}
	var m dict.Morph
	if unsafe.Sizeof(m) != 6 || unsafe.Offsetof(m.RightID) != 2 || unsafe.Offsetof(m.Weight) != 4 {
		return fmt.Errorf("%w: dict.Morph is %d bytes", ErrUnsupported, unsafe.Sizeof(m))
	}
	return nil
}

// build checks the layout of img and returns a dictionary whose large
// tables point into it; img must satisfy supported.
func build(img string) (*dict.Dict, error) {
	if len(img) != imageSize || !strings.HasPrefix(img, magic) {
		return nil, fmt.Errorf("%w: %d bytes, want %d with the header %q", ErrCorrupt, len(img), imageSize, magic)
	}
	var c [nCounts]int
	for i := range c {
		v := binary.LittleEndian.Uint64([]byte(img[len(magic)+8*i : len(magic)+8*i+8]))
		if v > uint64(len(img)) {
			return nil, fmt.Errorf("%w: count %d is %d", ErrCorrupt, i, v)
		}
		c[i] = int(v)
	}
	nMorph, nDA, nDup, rows, cols, nCat := c[0], c[1], c[2], c[3], c[4], c[5]
	off := align(len(magic) + 8*nCounts)
	section := func(size int) (unsafe.Pointer, error) {
		if off+size > len(img) {
			return nil, fmt.Errorf("%w: a table of %d bytes at %d overruns the image", ErrCorrupt, size, off)
		}
		p := unsafe.Pointer(unsafe.StringData(img[off:]))
		off = align(off + size)
		return p, nil
	}
	d := smallTables()
	p, err := section(6 * nMorph)
	if err != nil {
		return nil, err
	}
	d.Morphs = unsafe.Slice((*dict.Morph)(p), nMorph)
	if p, err = section(8 * nDA); err != nil {
		return nil, err
	}
	d.Index.Da = unsafe.Slice((*struct{ Base, Check int32 })(p), nDA)
	if p, err = section(8 * nDup); err != nil {
		return nil, err
	}
	dups := unsafe.Slice((*[2]int32)(p), nDup)
	d.Index.Dup = make(map[int32]int32, nDup)
	for _, e := range dups {
		d.Index.Dup[e[0]] = e[1]
	}
	if rows*cols > len(img) {
		return nil, fmt.Errorf("%w: connection matrix %dx%d", ErrCorrupt, rows, cols)
	}
	if p, err = section(2 * rows * cols); err != nil {
		return nil, err
	}
	d.Connection = dict.ConnectionTable{Row: int64(rows), Col: int64(cols), Vec: unsafe.Slice((*int16)(p), rows*cols)}
	if p, err = section(nCat); err != nil {
		return nil, err
	}
	d.CharCategory = unsafe.Slice((*byte)(p), nCat)
	if off != align(len(img)) {
		return nil, fmt.Errorf("%w: %d bytes after the tables", ErrCorrupt, len(img)-off)
	}
	return d, nil
}

// align rounds n up to a multiple of 8.
func align(n int) int { return (n + 7) &^ 7 }
