// Package export writes what a loop found in the formats that CI
// services, code review tools and editors read: SARIF 2.1.0 (GitHub code
// scanning, VS Code's SARIF viewer, Azure DevOps), reviewdog's rdjson and
// rdjsonl (pull-request review comments with suggested changes), and
// GitHub Actions workflow commands (annotations).
//
// The input is a Report of its own, independent of the loop drivers: the
// tool, optionally the root folder and rule descriptions, and one Result
// per finding with its file, optionally the file's text as reviewed, the
// finding, its reviewer and its status. A driver maps its outcome onto a
// Report in a few lines; every writer checks the Report first (Check) and
// refuses one that breaks an invariant with an error wrapping ErrInvalid.
// Output is deterministic: the same Report writes the same bytes.
//
// Where a result points is computed once, the same way for every format:
// from Result.Edit when given, else by anchoring the finding's quote in
// Result.Text as apply.Resolve anchors a fix, else from the finding's line
// hint (lines without columns). A BOM, CRLF line endings, a missing final
// newline, Japanese text and emoji are read as they are; SARIF and GitHub
// count columns in UTF-16 code units, reviewdog in UTF-8 bytes.
//
// What each format makes of a finding's status:
//
//	status                          SARIF                          rdjson(l), GitHub
//	open, contested, final          result, level from severity    diagnostic / annotation, with the fix
//	applied                         kind informational, level none INFO / notice marked "applied", no fix
//	rejected, ignored,              result with a suppression      left out
//	duplicate, superseded           (external, accepted) whose
//	                                justification is the reason
//
// Severity maps onto levels as high: error, medium: warning, low: note
// (SARIF), INFO (reviewdog) or notice (GitHub).
//
// A SARIF log meets GitHub code scanning's rules (sarif-multitool validate
// --rule-kind Gh): every rule has a full description, no id or index is
// written as -1, and each result whose text is known carries the
// primaryLocationLineHash GitHub's upload-sarif action would compute
// (LineHashes), so that alerts follow their lines across runs. Its ROOT
// base URI is Report.Root: make the Results' paths relative to the
// repository they live in, as GitHub resolves them in the checkout.
//
// The smallest use:
//
//	rep := export.Report{Tool: export.Tool{Name: "kaigi"}, Results: results}
//	if err := export.Write(os.Stdout, export.FormatSARIF, rep); err != nil {
//		return err
//	}
package export
