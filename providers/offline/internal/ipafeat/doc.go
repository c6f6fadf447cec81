// Package ipafeat holds the features of every word of the kagome IPA
// dictionary that kaigi's offline rules read (the part of speech in its
// four levels, 活用型, 活用形, 基本形 and 読み), pre-built by gen.go into a
// table compiled into the binary and read in place.
//
// The IPA dictionary's own feature table ("contents": five strings for
// each of its 392,127 words) is most of what loading the dictionary costs:
// about 60 MiB of live heap, 115 MiB allocated and 0.3 CPU-seconds; its
// part-of-speech table is 392,127 slices (9 MiB of headers). With this
// table the tokenizer needs neither, and reading it costs nothing at
// start: Load slices the embedded image, and the strings it returns point
// into it.
//
// The table, uncompressed: "IPAF3\n"; the number of words (uint32, little
// endian); the part-of-speech tuples (a count byte, then four
// length-prefixed strings each); the 活用型 values and the 活用形 values,
// each as a count byte and length-prefixed strings; the size of the
// string pool (uint32); 9 bytes a word (tuple index, 活用型 index, 活用形
// index, then the 24-bit pool offsets of its 基本形 and 読み); the pool of
// length-prefixed strings.
package ipafeat
