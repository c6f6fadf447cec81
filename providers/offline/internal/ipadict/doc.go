// Package ipadict is the kagome IPA dictionary (module
// github.com/ikawaha/kagome-dict/ipa) as a pre-built, uncompressed image
// compiled into the binary, whose large tables kagome reads in place.
//
// Loading the dictionary from its module decodes a zip of gob and binary
// streams into some 120 MiB of heap, about a CPU-second. Dict instead
// points the word, trie, connection and character tables of a
// dict.Dict at the embedded image (unsafe.Slice, no copying; the pages
// are read from the binary as the tokenizer touches them) and builds only
// the trie's table of duplicate entries (47,086 map entries) and the
// small tables of tables_gen.go: 0.6 MB in 190 allocations. On a machine
// whose memory layout does not match the image (big endian, an image not
// aligned to 8 bytes) it decodes the same tables into the heap instead. The dictionary has no per-word part of
// speech table (POSTable.POSs is nil) and no contents: read a word's
// features from package ipafeat, never through Token.FeatureAt or
// Token.POS of a KNOWN token, which would index the missing table.
//
// The image, ipa.bin, little endian, each table starting at a multiple
// of 8 bytes: "KGIPAD1\n"; six uint64 counts (words, trie nodes,
// duplicate entries, connection rows, connection columns, character
// categories); the words (LeftID, RightID, Weight: int16 each); the trie
// nodes (Base, Check: int32 each); the duplicate entries (first id,
// count: int32 each); the connection matrix (int16, as kagome stores
// it); the character categories (one byte a rune). gen.go writes it and
// tables_gen.go from the module in go.mod (go generate); the tests
// compare both with the module's dictionary.
package ipadict
