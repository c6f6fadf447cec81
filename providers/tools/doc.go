// Package tools makes external command-line tools reviewers: a Command is
// run without a shell and its findings are read from one of the formats
// linters speak, so go vet, staticcheck, textlint or Vale review for any
// kaigi loop.
//
// The formats (Parse): SARIF 2.1.0 (staticcheck -f sarif, errorformat -w
// sarif, CodeQL), reviewdog's rdjson and rdjsonl (eslint-formatter-rdjson,
// reviewdog converters), textlint's --format json, Vale's --output JSON,
// and "file:line:col: message" lines (go vet, compilers, errorformat's
// default). Every format gives Diagnostics: a file relative to the root, a
// line range, a column, a severity, the rule and the message, and the text
// a diagnostic points at where the format says it.
//
// A tool that type-checks Go code is a Packages command: it is given the
// packages of the files, test files' with the rest, since a file checked
// alone does not know its package's other names:
//
//	tools.Command{Name: "staticcheck", Args: []string{"staticcheck", "-f", "sarif"}, Format: tools.SARIF, Packages: true}
//
// Reviewer adapts a Command to agent.Reviewer: the target's path is given
// to the command and each diagnostic on it becomes a Council JSON v1
// finding (advice: tools' own fixes are not applied). A tool that is not
// installed is ErrNotInstalled, so a caller can leave it out.
package tools
