package finding_test

import (
	"errors"
	"fmt"

	"github.com/kaigi-dev/kaigi/finding"
)

func ExampleExtract() {
	reply := "Here is my review:\n\n```json\n" + `{
  "reviewer": "anti-ai-slop",
  "schema_version": "1",
  "summary": "One stock phrase.",
  "findings": [{
    "id": "F001", "category": "ai-slop", "line_range": "12–13",
    "issue": "Stock closing phrase", "fix": "",
    "confidence": 85, "severity": "low", "quotes": ["いかがでしたか？"]
  }]
}` + "\n```\nLet me know if you need more."

	rep, err := finding.Extract(reply)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range rep.Findings {
		fmt.Println(rep.Reviewer, f.ID, f.LineRange, f.Severity, f.Quote(), f.Advisory())
	}

	_, err = finding.Extract(`[{"id": "F001", "issue": "old format"}]`)
	fmt.Println(errors.Is(err, finding.ErrSchemaViolation))
	fmt.Println(err)
	// Output:
	// anti-ai-slop F001 12-13 low いかがでしたか？ true
	// true
	// finding: report is not valid Council JSON v1 (1 violation):
	// (root): a bare JSON array of findings (old format); wrap it in a Report object with schema_version "1": {"reviewer": ..., "schema_version": "1", "summary": ..., "findings": [...]}
}

func ExampleValidate() {
	err := finding.Validate([]byte(`{
  "reviewer": "fact-checker",
  "schema_version": "1",
  "summary": "",
  "findings": [{
    "id": "F1", "category": "fact", "line_range": "15-12", "issue": "Unsourced figure",
    "fix": "", "confidence": 150, "severity": "blocker", "quotes": ["42%"]
  }]
}`))
	var verr *finding.ValidationError
	if errors.As(err, &verr) {
		fmt.Println(len(verr.Violations), "violations from", verr.Reviewer)
	}
	fmt.Println(err)
	// Output:
	// 3 violations from fact-checker
	// finding: report of reviewer "fact-checker" is not valid Council JSON v1 (3 violations):
	// /findings/0/confidence: must be <= 100, got 150
	// /findings/0/line_range: invalid line range "15-12": reversed (15 is after 12)
	// /findings/0/severity: must be one of "low", "medium", "high", got "blocker"
}

func ExampleParseSeverity() {
	for _, s := range []string{"Blocker", " major ", "Nit", "P1", "critical", "urgent"} {
		sev, err := finding.ParseSeverity(s)
		if err != nil {
			fmt.Println(errors.Is(err, finding.ErrUnknownSeverity), err)
			continue
		}
		fmt.Printf("%q -> %s\n", s, sev)
	}
	// Output:
	// "Blocker" -> high
	// " major " -> medium
	// "Nit" -> low
	// "P1" -> high
	// "critical" -> high
	// true finding: unknown severity "urgent" (want low, medium or high; Blocker/Major/Nit, critical/major/minor or P0-P3 are accepted too)
}

func ExampleParseLineRange() {
	for _, s := range []string{"12", "L12-L15", " 12 – 15 ", "15-12"} {
		r, err := finding.ParseLineRange(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(r.Start, r.End, r)
	}
	// Output:
	// 12 12 12
	// 12 15 12-15
	// 12 15 12-15
	// finding: invalid line range "15-12": reversed (15 is after 12)
}

func ExampleFingerprint() {
	rejected := finding.Finding{
		Category: "ai-slop", Issue: "Stock phrase",
		Quotes: []string{"いかがでしたか？\r\n"}, Fix: "まとめると",
	}
	// A later round proposes the same change in other words, with
	// full-width punctuation and LF line endings.
	again := finding.Finding{
		Category: "ai-slop", Issue: "This closing adds nothing",
		Quotes: []string{"「いかがでしたか?」\n"}, Fix: "まとめると",
	}
	reworded := again
	reworded.Fix = "要するに"

	fmt.Println(finding.Fingerprint(rejected) == finding.Fingerprint(again))
	fmt.Println(finding.Fingerprint(rejected) == finding.Fingerprint(reworded))
	fmt.Println(finding.QuoteKey(rejected) == finding.QuoteKey(reworded))
	// Output:
	// true
	// false
	// true
}

func ExampleState_To() {
	s := finding.State{Status: finding.Open}
	s, err := s.To(finding.State{Status: finding.Applied})
	fmt.Println(s.Status, err, s.Terminal())

	_, err = s.To(finding.State{Status: finding.Final})
	fmt.Println(err)

	_, err = s.To(finding.State{Status: finding.Rejected})
	fmt.Println(err)

	s, err = s.To(finding.State{Status: finding.Rejected, Reason: "reverted: the author keeps the phrase"})
	fmt.Println(s.Status, err)
	// Output:
	// applied <nil> true
	// finding: illegal status change: applied cannot become final (it may become rejected, open)
	// finding: illegal status change: rejected needs a reason (moving from applied)
	// rejected <nil>
}
