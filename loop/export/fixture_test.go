package export

import (
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/finding"
)

// catText is a Japanese document with a BOM, CRLF line endings, an emoji
// (a UTF-16 surrogate pair) and no final newline.
const catText = "\uFEFF# 吾輩は猫である\r\n" + // line 1
	"\r\n" + // line 2
	"吾輩は猫である。名前はまだ無い。\r\n" + // line 3
	"どこで生れたか🐈とんと見当がつかぬ。\r\n" + // line 4
	"何でも薄暗いじめじめした所で\r\n" + // line 5
	"ニャーニャー泣いていた事だけは記憶している。" // line 6, no final newline

// tool is the tool every fixture names.
var tool = Tool{Name: "kaigi", Version: "0.1.0", InformationURI: "https://github.com/kaigi-dev/kaigi"}

// catReport exercises every status and every way of pointing at text in
// the Japanese CRLF document.
func catReport() Report {
	text := []byte(catText)
	f := func(id, cat string, sev finding.Severity, lines finding.LineRange, issue, quote, fix string) finding.Finding {
		var q []string
		if quote != "" {
			q = []string{quote}
		}
		return finding.Finding{ID: id, Category: cat, LineRange: lines, Issue: issue, Fix: fix, Confidence: 80, Severity: sev, Quotes: q}
	}
	l := func(a, b int) finding.LineRange { return finding.LineRange{Start: a, End: b} }
	title := "# 吾輩は猫である"
	return Report{
		Tool:  tool,
		Root:  "/src/novel",
		Rules: []Rule{{ID: "style", Name: "Style", Description: "Wording that reads awkwardly.", Help: "Prefer the **plain** word."}},
		Results: []Result{
			{File: "docs/猫.md", Text: text, Reviewer: "editor", Round: 1, Key: "r1/editor/F001",
				Finding: f("F001", "style", finding.Medium, l(3, 3), "「まだ」は冗長", "名前はまだ無い。", "名前は無い。")},
			{File: "docs/猫.md", Text: text, Reviewer: "editor", Round: 1,
				Finding: f("F002", "fact", finding.High, l(4, 4), "猫は🐈ではなく吾輩", "🐈とんと", "")},
			{File: "docs/猫.md", Text: text, Reviewer: "critic", Status: finding.Rejected, Reason: "作者の意図どおり",
				Finding: f("F003", "style", finding.Low, l(5, 5), "「じめじめ」は擬態語", "じめじめした", "湿った")},
			{File: "docs/猫.md", Text: text, Reviewer: "critic", Status: finding.Applied,
				Finding: f("F004", "style", finding.Low, l(6, 6), "重複", "ニャーニャー", "ニャー")},
			{File: "docs/猫.md", Text: text, Reviewer: "critic",
				Finding: f("F005", "reader-fit", finding.Low, l(4, 5), "二行にまたがる文", "つかぬ。\n何でも", "つかぬ。何でも")},
			{File: "docs/猫.md", Text: text, Reviewer: "critic",
				Finding: f("F006", "reader-fit", finding.Medium, l(9, 12), "見つからない引用", "存在しない文", "")},
			{File: "docs/猫.md", Text: text, Reviewer: "critic", Status: finding.Contested,
				Edit:    &apply.Edit{Start: 0, End: 3 + len(title), Old: "\uFEFF" + title, New: "\uFEFF# 猫"},
				Finding: f("F007", "style", finding.Low, l(1, 1), "題が長い", title, "# 猫")},
			{File: "docs/序.md", Reviewer: "critic", Status: finding.Final,
				Finding: f("F008", "narrative", finding.Medium, l(2, 4), "序章が長い", "", "")},
		},
	}
}

// escapeReport has file names and messages with the characters GitHub's
// workflow commands escape.
func escapeReport() Report {
	text := []byte("100% sure, really:\nsecond line")
	return Report{
		Tool: tool,
		Results: []Result{
			{File: "notes/a:b,c%d.md", Text: text, Reviewer: "pedant",
				Finding: finding.Finding{ID: "F1", Category: "tone", LineRange: finding.LineRange{Start: 1, End: 1},
					Issue: "100% is\r\ntoo sure: say 90%, or less", Fix: "90% sure,", Severity: finding.High, Quotes: []string{"100% sure,"}}},
			{File: "notes/a:b,c%d.md", Reviewer: "pedant",
				Finding: finding.Finding{ID: "F2", Category: "tone,colon:", LineRange: finding.LineRange{Start: 1, End: 2},
					Issue: "::error::injected?", Severity: finding.Low}},
		},
	}
}
