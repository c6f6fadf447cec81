package multishot

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop/export"
)

func TestExportSARIF(t *testing.T) {
	r := sampleRepo(t)
	sc := &script{answers: map[string][]ShotFinding{"code/1/1": {sf(P1, "app/main.go", 6, 6, "Error from os.Open is ignored")},
		"code/1/2": {sf(P2, "app/main.go", 6, 6, "error from os.Open ignored")}}}
	sum := run(t, &Loop{Reviewer: sc, Classifier: fixedSlices(codeSlice), Shots: 2, Mode: Report}, r)
	rep := sum.Export(export.Tool{Name: "multi-shot-review"}, r.dir)
	if err := rep.Check(); err != nil {
		t.Fatal(err)
	}
	for _, f := range export.Formats() {
		var b bytes.Buffer
		if err := export.Write(&b, f, rep); err != nil {
			t.Errorf("%s: %v", f, err)
		}
		if !strings.Contains(b.String(), "Error from os.Open is ignored") {
			t.Errorf("%s lacks the finding:\n%s", f, b.String())
		}
	}
	var b bytes.Buffer
	export.Write(&b, export.FormatSARIF, rep)
	if !strings.Contains(b.String(), "duplicate of f_") || !strings.Contains(b.String(), `"level": "error"`) {
		t.Errorf("SARIF: the duplicate's suppression or the P1's level is missing:\n%s", b.String())
	}
}
