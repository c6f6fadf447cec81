package finding

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// benchReport returns a valid report with n Japanese findings as JSON.
func benchReport(n int) string {
	rep := Report{Reviewer: "anti-ai-slop", SchemaVersion: SchemaVersion, Summary: "定型句が多い。", Findings: []Finding{}}
	for i := range n {
		rep.Findings = append(rep.Findings, Finding{
			ID: fmt.Sprintf("F%03d", i+1), Category: "ai-slop", LineRange: LineRange{i + 1, i + 2},
			Issue: "定型の締めくくりで、読者に情報を与えていない。", Fix: "要点は次の三つです。",
			Confidence: 80, Severity: Low, Quotes: []string{"いかがでしたか？ この記事では"},
		})
	}
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		panic(err)
	}
	return string(b)
}

func BenchmarkExtract(b *testing.B) {
	for _, n := range []int{1, 20} {
		reply := "Here is my review:\n\n```json\n" + benchReport(n) + "\n```\nLet me know."
		b.Run(fmt.Sprintf("findings=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(reply)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Extract(reply); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkValidate(b *testing.B) {
	doc := []byte(benchReport(20))
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		if err := Validate(doc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScanJSON measures the scanner alone on a long reply full of
// prose brackets.
func BenchmarkScanJSON(b *testing.B) {
	text := strings.Repeat("これは説明です (see [1] and {x}). ", 2000) + benchReport(20)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		scanJSON(text)
	}
}

func BenchmarkFingerprint(b *testing.B) {
	f := Finding{Category: "ai-slop", Quotes: []string{"「いかがでしたか？」\r\nこの記事では"}, Fix: "要点は次の三つです。"}
	b.ReportAllocs()
	for b.Loop() {
		Fingerprint(f)
	}
}

func BenchmarkParseLineRange(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseLineRange(" L12 – L15 "); err != nil {
			b.Fatal(err)
		}
	}
}
