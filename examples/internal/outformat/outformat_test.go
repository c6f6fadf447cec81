package outformat

import (
	"flag"
	"strings"
	"testing"
)

func TestFlag(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	var v string
	Register(fs, &v)
	if err := fs.Parse([]string{"-format", "rdjsonl"}); err != nil || v != "rdjsonl" || !IsExport(v) {
		t.Fatalf("parse: %v %q", err, v)
	}
	for _, ok := range Names() {
		if err := Check(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	if err := Check("yaml"); err == nil || !strings.Contains(err.Error(), "sarif") {
		t.Errorf("yaml: %v", err)
	}
	if IsExport(Text) || IsExport(JSON) || IsExport("yaml") {
		t.Error("text, json and unknown values are not export formats")
	}
}
