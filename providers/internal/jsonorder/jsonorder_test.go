package jsonorder_test

import (
	"encoding/json"
	"testing"

	"github.com/kaigi-dev/kaigi/providers/internal/jsonorder"
)

func TestMarshalKeepsReferenceOrder(t *testing.T) {
	ref := []byte(`{"z":1,"properties":{"quotes":{"type":"array","items":{"b":1,"a":2}},"fix":{},"id":{}},"list":[{"y":1,"x":2}]}`)
	shape, err := jsonorder.Parse(ref)
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(ref, &v); err != nil {
		t.Fatal(err)
	}
	v["added"] = true
	v["properties"].(map[string]any)["new"] = "x"
	got, err := jsonorder.Marshal(v, shape)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"z":1,"properties":{"quotes":{"type":"array","items":{"b":1,"a":2}},"fix":{},"id":{},"new":"x"},"list":[{"y":1,"x":2}],"added":true}`
	if string(got) != want {
		t.Errorf("Marshal =\n%s\nwant\n%s", got, want)
	}
	if _, err := jsonorder.Marshal(v, nil); err != nil {
		t.Errorf("Marshal without a shape: %v", err)
	}
}

func TestParseErrors(t *testing.T) {
	for _, in := range []string{``, `{"a":`, `{} {}`, `[1,]`} {
		if _, err := jsonorder.Parse([]byte(in)); err == nil {
			t.Errorf("Parse(%q) succeeded", in)
		}
	}
}

func TestAlias(t *testing.T) {
	raw := []byte(`{"p":{"oneOf":[{"z":1,"a":2}]},"list":[{"oneOf":[{"y":1,"b":2}],"anyOf":[{"k":1,"j":2}]}]}`)
	shape, err := jsonorder.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	shape.Alias("oneOf", "anyOf")
	v := map[string]any{
		"p":    map[string]any{"anyOf": []any{map[string]any{"a": 2, "z": 1}}},
		"list": []any{map[string]any{"anyOf": []any{map[string]any{"j": 2, "k": 1}}}},
	}
	got, err := jsonorder.Marshal(v, shape)
	if err != nil {
		t.Fatal(err)
	}
	// A renamed oneOf keeps its order; an anyOf already there keeps its own.
	want := `{"p":{"anyOf":[{"z":1,"a":2}]},"list":[{"anyOf":[{"k":1,"j":2}]}]}`
	if string(got) != want {
		t.Errorf("Marshal =\n%s\nwant\n%s", got, want)
	}
	var none *jsonorder.Node
	none.Alias("a", "b") // a nil shape has nothing to alias
}
