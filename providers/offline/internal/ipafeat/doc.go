// Package ipafeat holds the four features of every word of the kagome
// IPA dictionary that kaigi's offline rules read beyond the part of speech
// (活用型, 活用形, 基本形 and 読み), pre-built by gen.go into a compact table.
//
// The IPA dictionary's own feature table ("contents": five strings for
// each of its 392,127 words) is most of what loading the dictionary costs:
// about 60 MiB of live heap, 115 MiB allocated and 0.3 CPU-seconds. With
// this table the tokenizer loads the dictionary without it
// (ipa.DictShrink) and reads the four features here, decoded in one
// allocation, strings sliced from it without copying.
//
// The table, gzip-compressed: "IPAF2\n"; the number of words (uint32,
// little endian); the 活用型 values and the 活用形 values, each as a count
// byte and length-prefixed strings; the size of the string pool (uint32);
// 8 bytes a word (活用型 index, 活用形 index, then the 24-bit pool offsets
// of its 基本形 and 読み); the pool of length-prefixed strings.
package ipafeat
