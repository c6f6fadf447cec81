// Package sarifcheck is the examples' test of their SARIF output: the
// OASIS SARIF 2.1.0 schema (export.ValidateSARIF), and Microsoft's
// validator (sarif-multitool validate) where it is installed, as .ci/run
// does with npm.
package sarifcheck
