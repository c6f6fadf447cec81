// Package finding is the data every kaigi loop shares: the Council JSON v1
// Report a reviewer returns, its Findings, their Severity and LineRange, the
// JSON Schema generated from these types, validation with JSON-pointer
// errors, extraction of a Report from a model's free text, the status
// lifecycle of a finding across rounds, and a stable fingerprint that
// recognises a finding proposed again in other words.
//
// The package imports no model code; it only describes and checks data.
//
// The smallest use decodes and validates a model's reply:
//
//	rep, err := finding.Extract(modelText)
//	if err != nil {
//		// errors.As(err, &verr) gives every violation with its JSON pointer
//	}
//	for _, f := range rep.Findings {
//		fmt.Println(f.Severity, f.LineRange, f.Issue)
//	}
package finding
