//go:build ignore

// gen writes features.bin.gz, the table package ipafeat reads (see
// ipafeat.go for its layout), from the
// kagome IPA dictionary in the module's go.mod. Run it after upgrading
// github.com/ikawaha/kagome-dict/ipa:
//
//	go run gen.go
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"log"
	"os"

	"github.com/ikawaha/kagome-dict/ipa"
)

func main() {
	d := ipa.Dict()
	if len(d.Contents) != len(d.Morphs) {
		log.Fatalf("%d contents for %d morphs", len(d.Contents), len(d.Morphs))
	}
	var ctypes, cforms []string
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
		recs = append(recs, index(&ctypes, c[0]), index(&cforms, c[1]))
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
	f, err := os.Create("features.bin.gz")
	if err != nil {
		log.Fatal(err)
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	if _, err := zw.Write(out.Bytes()); err != nil {
		log.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d morphs, %d inflection types, %d forms, %d bytes of base forms and readings, %d bytes raw\n",
		len(d.Contents), len(ctypes), len(cforms), blob.Len(), out.Len())
}

const (
	magic   = "IPAF2\n"
	recSize = 8
)
