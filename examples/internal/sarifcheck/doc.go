// Package sarifcheck is the examples' test of their SARIF output: Check
// validates one log against the OASIS SARIF 2.1.0 schema
// (export.ValidateSARIF) and with Microsoft's validator, default and
// GitHub rules (loop/export/multitool), where it can run, as .ci/run
// installs it with npm. Its TestCommandsSARIF builds the five commands
// and checks every command's log (each demo, and a review of 24 files of
// a repository): no diagnostic, a ROOT under which every path resolves,
// and GitHub's line hashes.
package sarifcheck
