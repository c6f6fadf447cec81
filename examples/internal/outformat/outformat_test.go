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

func TestWriteJSON(t *testing.T) {
	var b strings.Builder
	if err := WriteJSON(&b, map[string]any{"a": []int{1}}); err != nil {
		t.Fatal(err)
	}
	if want := "{\n  \"a\": [\n    1\n  ]\n}\n"; b.String() != want {
		t.Errorf("WriteJSON wrote %q, want %q", b.String(), want)
	}
	if err := WriteJSON(&b, func() {}); err == nil {
		t.Error("WriteJSON of a func: no error")
	}
}
