package multitool

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fake is a Tool standing in for sarif-multitool: a shell script that
// appends its arguments to args.log and prints out.
func fake(t *testing.T, out string) (Tool, string) {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to run the fake validator")
	}
	dir := t.TempDir()
	outFile, logFile := filepath.Join(dir, "out.txt"), filepath.Join(dir, "args.log")
	if err := os.WriteFile(outFile, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "sarif-multitool")
	body := "#!/bin/sh\necho \"$@\" >> '" + logFile + "'\ncat '" + outFile + "'\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return Tool{Path: script}, logFile
}

// TestValidate: each rule kind is run, every error, warning and note line
// is returned (SARIF and GitHub rule ids alike), and a run that does not
// complete is an error.
func TestValidate(t *testing.T) {
	file := filepath.Join(t.TempDir(), "x.sarif")
	tool, logFile := fake(t, "Analyzing...\n"+
		file+"(3,5): error GH2012: runs[0].tool.driver.rules[0]: no fullDescription.\n"+
		file+"(8,1): warning SARIF2004: index -1.\n"+
		file+"(9,1): note SARIF2005: a note.\n"+
		"Done. 1 files scanned.\nAnalysis completed successfully.\n")
	diags, err := tool.Validate(t.Context(), file)
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) != 3*len(RuleKinds) || !strings.Contains(diags[0], "error GH2012") || !strings.Contains(diags[1], "warning SARIF2004") || !strings.Contains(diags[2], "note SARIF2005") {
		t.Errorf("diagnostics %q, want the three lines for each of %v", diags, RuleKinds)
	}
	args, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range RuleKinds {
		if !strings.Contains(string(args), "validate "+file+" ") || !strings.Contains(string(args), "--rule-kind "+kind+"\n") {
			t.Errorf("the validator was not run with --rule-kind %s:\n%s", kind, args)
		}
	}
	tool, _ = fake(t, "Analyzing...\nUnhandled exception.\n")
	if _, err := tool.Validate(t.Context(), file); err == nil || !strings.Contains(err.Error(), "did not complete") {
		t.Errorf("an incomplete run: %v", err)
	}
}
