// Package finding is the data every kaigi loop shares: the Council JSON v1
// Report a reviewer returns, its Findings, their Severity and LineRange, the
// JSON Schema generated from these types, validation with JSON-pointer
// errors, extraction of a Report from a model's free text, the status
// lifecycle of a finding across rounds, and a stable fingerprint that
// recognises a finding proposed again in other words.
//
// The package imports no model code; it only describes and checks data.
// Everything in it is safe for concurrent use.
//
// The smallest use turns a model's reply into a Report:
//
//	rep, err := finding.Extract(reply)
//	if errors.Is(err, finding.ErrSchemaViolation) {
//		// Ask the model once more, quoting err.Error(): it lists every
//		// violation with its JSON pointer, one per line.
//	}
//	for _, f := range rep.Findings {
//		fmt.Println(f.Severity, f.LineRange, f.Issue)
//	}
//
// The parts, and where to find them:
//
//   - Report, Finding, Severity, LineRange: the Council JSON v1 types;
//     Location, in Finding.Related, names the other places a finding
//     reports with its own (optional).
//     ParseSeverity maps other scales (Blocker/Major/Nit, P0-P3, ...) onto
//     low, medium and high; ParseLineRange reads "12", "12-15", "L12-L15".
//   - Schema: the JSON Schema of Report, for structured-output requests.
//   - Validate: raw JSON against the schema, returning a *ValidationError.
//   - Extract: the Report inside a model's reply (fences, prose, several
//     JSON values), validated and decoded.
//   - Status and State: a finding's lifecycle (open, contested, applied,
//     rejected, ...) with the moves State.To allows.
//   - Fingerprint and QuoteKey: keys that recognise a finding proposed
//     again, for the loops' rejection memory.
package finding
