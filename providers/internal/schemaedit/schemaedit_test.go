package schemaedit_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/kaigi-dev/kaigi/providers/internal/schemaedit"
)

func double(v any) any {
	if n, ok := v.(int); ok {
		return 2 * n
	}
	return v
}

func TestEachAndList(t *testing.T) {
	in := map[string]any{"a": 1, "b": "x"}
	if got := schemaedit.Each(in, double); !reflect.DeepEqual(got, map[string]any{"a": 2, "b": "x"}) {
		t.Errorf("Each = %v", got)
	}
	if in["a"] != 1 {
		t.Error("Each changed its argument")
	}
	if got := schemaedit.Each([]any{1}, double); !reflect.DeepEqual(got, []any{1}) {
		t.Errorf("Each of a non-object = %v, want it as it is", got)
	}
	list := []any{1, 2}
	if got := schemaedit.List(list, double); !reflect.DeepEqual(got, []any{2, 4}) || list[0] != 1 {
		t.Errorf("List = %v (argument now %v)", got, list)
	}
}

func TestRestate(t *testing.T) {
	extras := map[string]any{"minimum": 0, "format": "regex", "maximum": 150}
	got := schemaedit.Restate("年齢。", extras, func(v any) string { return fmt.Sprint(v) })
	if want := "年齢。\n\n{format: regex, maximum: 150, minimum: 0}"; got != want {
		t.Errorf("Restate = %q, want %q", got, want)
	}
	if got := schemaedit.Restate(nil, map[string]any{"x": true}, func(v any) string { return fmt.Sprint(v) }); got != "{x: true}" {
		t.Errorf("Restate without a description = %q", got)
	}
	if got := schemaedit.Restate("", map[string]any{"x": 1}, func(any) string { return "1" }); got != "{x: 1}" {
		t.Errorf("Restate with an empty description = %q", got)
	}
}
