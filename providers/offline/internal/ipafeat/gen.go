//go:build ignore

// gen writes features.bin, the table package ipafeat reads (see doc.go
// for its layout), from the kagome IPA dictionary in the module's go.mod.
// Run it after upgrading github.com/ikawaha/kagome-dict/ipa:
//
//	go generate
package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/ikawaha/kagome-dict/ipa"
)

const (
	magic   = "IPAF3\n"
	recSize = 9
	posLen  = 4
)

func main() {
	d := ipa.Dict()
	if len(d.Contents) != len(d.Morphs) || len(d.POSTable.POSs) != len(d.Morphs) {
		log.Fatalf("%d contents and %d parts of speech for %d morphs", len(d.Contents), len(d.POSTable.POSs), len(d.Morphs))
	}
	var ctypes, cforms, tuples []string
	index := func(list *[]string, s string) byte {
		for i, x := range *list {
			if x == s {
				return byte(i)
			}
		}
		if len(*list) == 255 {
			log.Fatalf("more than 255 distinct values: %q", s)
		}
		*list = append(*list, s)
		return byte(len(*list) - 1)
	}
	var blob bytes.Buffer
	offsets := map[string]int{}
	recs := make([]byte, 0, recSize*len(d.Contents))
	for id, c := range d.Contents {
		if len(c) < 4 {
			log.Fatalf("morph %d: %d features", id, len(c))
		}
		pos := d.POSTable.POSs[id]
		if len(pos) != posLen {
			log.Fatalf("morph %d: %d parts of speech, want %d", id, len(pos), posLen)
		}
		var names []string
		for _, p := range pos {
			names = append(names, d.POSTable.NameList[p])
		}
		recs = append(recs, index(&tuples, strings.Join(names, "\x00")), index(&ctypes, c[0]), index(&cforms, c[1]))
		for _, str := range c[2:4] { // 基本形, 読み
			off, ok := offsets[str]
			if !ok {
				if len(str) > 255 {
					log.Fatalf("morph %d: feature of %d bytes", id, len(str))
				}
				off = blob.Len()
				offsets[str] = off
				blob.WriteByte(byte(len(str)))
				blob.WriteString(str)
			}
			if off >= 1<<24 {
				log.Fatal("strings exceed 16 MB")
			}
			recs = append(recs, byte(off), byte(off>>8), byte(off>>16))
		}
	}
	var out bytes.Buffer
	out.WriteString(magic)
	binary.Write(&out, binary.LittleEndian, uint32(len(d.Contents)))
	out.WriteByte(byte(len(tuples)))
	for _, t := range tuples {
		for _, s := range strings.Split(t, "\x00") {
			out.WriteByte(byte(len(s)))
			out.WriteString(s)
		}
	}
	for _, list := range [][]string{ctypes, cforms} {
		out.WriteByte(byte(len(list)))
		for _, s := range list {
			out.WriteByte(byte(len(s)))
			out.WriteString(s)
		}
	}
	binary.Write(&out, binary.LittleEndian, uint32(blob.Len()))
	out.Write(recs)
	out.Write(blob.Bytes())
	if err := os.WriteFile("features.bin", out.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d morphs, %d part-of-speech tuples, %d inflection types, %d forms, %d bytes of base forms and readings, %d bytes\n",
		len(d.Contents), len(tuples), len(ctypes), len(cforms), blob.Len(), out.Len())
}
