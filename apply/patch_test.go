package apply

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestPatchApplyInverse(t *testing.T) {
	base := []byte("\ufeff吾輩は猫である。\r\n名前はまだ無い。🐈\r\nno newline")
	s := string(base)
	changes := []Change{
		{Edit: Edit{Start: len("\ufeff吾輩は"), End: len("\ufeff吾輩は猫"), Old: "猫", New: "犬"}, Keys: []string{"a"}},
		{Edit: Edit{Start: len(s) - len("newline"), End: len(s), Old: "newline", New: "final newline\r\n"}, Keys: []string{"b"}},
		{Edit: Edit{Start: 0, End: 0, New: "# "}, Keys: []string{"c"}},
	}
	p, err := NewPatch(base, changes)
	if err != nil {
		t.Fatal(err)
	}
	keep := string(base)
	out, err := p.Apply(base)
	if err != nil {
		t.Fatal(err)
	}
	if string(base) != keep {
		t.Fatal("Apply modified its input")
	}
	want := "# \ufeff吾輩は犬である。\r\n名前はまだ無い。🐈\r\nno final newline\r\n"
	if string(out) != want {
		t.Fatalf("Apply = %q, want %q", out, want)
	}
	back, err := p.Inverse().Apply(out)
	if err != nil {
		t.Fatal(err)
	}
	if string(back) != keep {
		t.Fatalf("Inverse = %q, want %q", back, keep)
	}
	if got := p.Keys(); len(got) != 3 || got[0] != "c" {
		t.Errorf("Keys = %v, want c first (sorted by offset)", got)
	}
	if _, err := p.Apply(out); !errors.Is(err, ErrBaseMismatch) {
		t.Errorf("Apply on the wrong document: %v, want ErrBaseMismatch", err)
	}
}

func TestNewPatchRejects(t *testing.T) {
	base := []byte("hello world")
	tests := []struct {
		name    string
		changes []Change
	}{
		{"start before 0", []Change{{Edit: Edit{Start: -1, End: 2, Old: "he"}, Keys: []string{"k"}}}},
		{"end past the document", []Change{{Edit: Edit{Start: 6, End: 20, Old: "world"}, Keys: []string{"k"}}}},
		{"end before start", []Change{{Edit: Edit{Start: 5, End: 3}, Keys: []string{"k"}}}},
		{"old does not match", []Change{{Edit: Edit{Start: 0, End: 5, Old: "HELLO", New: "hi"}, Keys: []string{"k"}}}},
		{"overlap", []Change{{Edit: Edit{Start: 0, End: 5, Old: "hello"}, Keys: []string{"k"}}, {Edit: Edit{Start: 4, End: 6, Old: "o "}, Keys: []string{"k"}}}},
		{"insert inside a replacement", []Change{{Edit: Edit{Start: 0, End: 5, Old: "hello"}, Keys: []string{"k"}}, {Edit: Edit{Start: 2, End: 2, New: "y"}, Keys: []string{"k"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewPatch(base, tt.changes)
			var ce *ChangeError
			if !errors.Is(err, ErrBadChange) || !errors.As(err, &ce) {
				t.Fatalf("NewPatch = %v, want a *ChangeError", err)
			}
			if !strings.Contains(err.Error(), "[k]") {
				t.Errorf("error %q does not name the change's keys", err)
			}
		})
	}
}

func TestNewPatchSortsAndKeepsInput(t *testing.T) {
	base := []byte("abcdef")
	in := []Change{
		{Edit: Edit{Start: 4, End: 5, Old: "e", New: "E"}, Keys: []string{"2"}},
		{Edit: Edit{Start: 0, End: 1, Old: "a", New: "A"}, Keys: []string{"1"}},
	}
	p, err := NewPatch(base, in)
	if err != nil {
		t.Fatal(err)
	}
	if in[0].Keys[0] != "2" {
		t.Error("NewPatch reordered its argument")
	}
	out, err := p.Apply(base)
	if err != nil || string(out) != "AbcdEf" {
		t.Errorf("Apply = %q, %v", out, err)
	}
}

// TestInverseOfAdjacentDeletions: deleting "a" and "b" from "ab" inverts to
// two insertions at offset 0, which must apply in order.
func TestInverseOfAdjacentDeletions(t *testing.T) {
	base := []byte("xaby")
	p, err := NewPatch(base, []Change{
		{Edit: Edit{Start: 1, End: 2, Old: "a"}, Keys: []string{"1"}},
		{Edit: Edit{Start: 2, End: 3, Old: "b"}, Keys: []string{"2"}},
		{Edit: Edit{Start: 3, End: 3, New: "!"}, Keys: []string{"3"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	out, err := p.Apply(base)
	if err != nil || string(out) != "x!y" {
		t.Fatalf("Apply = %q, %v", out, err)
	}
	back, err := p.Inverse().Apply(out)
	if err != nil || string(back) != "xaby" {
		t.Fatalf("Inverse = %q, %v", back, err)
	}
}

func TestRevert(t *testing.T) {
	base := []byte("one two three four")
	changes := []Change{
		{Edit: Edit{Start: 0, End: 3, Old: "one", New: "1"}, Keys: []string{"a"}},
		{Edit: Edit{Start: 4, End: 7, Old: "two", New: "2"}, Keys: []string{"b", "c"}},
		{Edit: Edit{Start: 14, End: 18, Old: "four", New: "4"}, Keys: []string{"d"}},
	}
	p, err := NewPatch(base, changes)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := p.Apply(base)
	tests := []struct {
		keys []string
		want string
	}{
		{nil, "1 2 three 4"},
		{[]string{"a"}, "one 2 three 4"},
		{[]string{"b"}, "1 2 three 4"}, // c still supports the change
		{[]string{"b", "c"}, "1 two three 4"},
		{[]string{"a", "b", "c", "d"}, "one two three four"},
	}
	for _, tt := range tests {
		r, err := p.Revert(tt.keys...)
		if err != nil {
			t.Fatalf("Revert(%v): %v", tt.keys, err)
		}
		got, err := r.Apply(out)
		if err != nil || string(got) != tt.want {
			t.Errorf("Revert(%v) gives %q, %v; want %q", tt.keys, got, err, tt.want)
		}
	}
	if _, err := p.Revert("zzz"); !errors.Is(err, ErrUnknownKey) {
		t.Errorf("Revert(unknown) = %v, want ErrUnknownKey", err)
	}
	decoded := &Patch{Changes: p.Changes, Base: p.Base, Result: p.Result}
	if _, err := decoded.Revert("a"); !errors.Is(err, ErrNoText) {
		t.Errorf("Revert on a decoded patch = %v, want ErrNoText", err)
	}
}

func TestApplyRefusesCorruptPatch(t *testing.T) {
	base := []byte("abc")
	p, err := NewPatch(base, []Change{{Edit: Edit{Start: 1, End: 2, Old: "b", New: "B"}}})
	if err != nil {
		t.Fatal(err)
	}
	bad := *p
	bad.Changes = []Change{{Edit: Edit{Start: 1, End: 2, Old: "b", New: "X"}}}
	if _, err := bad.Apply(base); !errors.Is(err, ErrResultMismatch) {
		t.Errorf("tampered New: %v, want ErrResultMismatch", err)
	}
	bad.Changes = []Change{{Edit: Edit{Start: 1, End: 9, Old: "b", New: "B"}}}
	if _, err := bad.Apply(base); !errors.Is(err, ErrBadChange) {
		t.Errorf("tampered span: %v, want ErrBadChange", err)
	}
}

func TestPatchJSON(t *testing.T) {
	base := []byte("猫\r\nno newline")
	p, err := NewPatch(base, []Change{{Edit: Edit{Start: 0, End: 3, Old: "猫", New: "犬"}, Keys: []string{"r/F1", "s/F2"}}})
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var q Patch
	if err := json.Unmarshal(data, &q); err != nil {
		t.Fatal(err)
	}
	if q.Base != p.Base || q.Result != p.Result || !reflect.DeepEqual(q.Changes, p.Changes) {
		t.Fatalf("round trip changed the patch: %s", data)
	}
	out, err := q.Apply(base)
	if err != nil || string(out) != "犬\r\nno newline" {
		t.Fatalf("decoded Apply = %q, %v", out, err)
	}
	if back, err := q.Inverse().Apply(out); err != nil || string(back) != string(base) {
		t.Fatalf("decoded Inverse = %q, %v", back, err)
	}
	for _, bad := range []string{`{"base":"zz","result":"00","changes":[]}`, `{"base":"` + strings.Repeat("0", 64) + `","result":"01"}`, `[]`} {
		if err := json.Unmarshal([]byte(bad), &q); err == nil {
			t.Errorf("Unmarshal(%s) succeeded", bad)
		}
	}
}

// TestPatchJSONInvalidUTF8 checks that text that is not valid UTF-8 (a
// Latin-1 document) survives the JSON round trip byte for byte, and that
// both forms of a text decode.
func TestPatchJSONInvalidUTF8(t *testing.T) {
	base := []byte("caf\xe9 cr\xe8me\n")
	p, err := NewPatch(base, []Change{{Edit: Edit{Start: 0, End: 4, Old: "caf\xe9", New: "th\xe9"}, Keys: []string{"r/F1"}}})
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"old_b64"`) || !strings.Contains(string(data), `"new_b64"`) {
		t.Errorf("invalid UTF-8 not written in base64: %s", data)
	}
	var q Patch
	if err := json.Unmarshal(data, &q); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(q.Changes, p.Changes) {
		t.Fatalf("round trip changed the changes: %+v, want %+v", q.Changes, p.Changes)
	}
	out, err := q.Apply(base)
	if err != nil || string(out) != "th\xe9 cr\xe8me\n" {
		t.Fatalf("decoded Apply = %q, %v", out, err)
	}
	if back, err := q.Inverse().Apply(out); err != nil || string(back) != string(base) {
		t.Fatalf("decoded Inverse = %q, %v", back, err)
	}

	for _, c := range []struct {
		in   string
		want Edit
		ok   bool
	}{
		{`{"start":1,"end":2,"old":"a","new":"b"}`, Edit{1, 2, "a", "b"}, true},
		{`{"start":1,"end":2,"old_b64":"6Q==","new":"e"}`, Edit{1, 2, "\xe9", "e"}, true},
		{`{"start":1,"end":1,"new_b64":"6Q=="}`, Edit{1, 1, "", "\xe9"}, true},
		{`{"start":1,"end":2,"old":"a","old_b64":"6Q=="}`, Edit{}, false},
		{`{"start":1,"end":2,"old_b64":"!!"}`, Edit{}, false},
	} {
		var e Edit
		err := json.Unmarshal([]byte(c.in), &e)
		if (err == nil) != c.ok || c.ok && e != c.want {
			t.Errorf("Unmarshal(%s) = %+v, %v; want %+v (ok %v)", c.in, e, err, c.want, c.ok)
		}
	}
}

// TestRevertEmptyBase reverts through the inverse of a patch made against
// an empty (nil) document: the empty text is still text.
func TestRevertEmptyBase(t *testing.T) {
	for _, base := range [][]byte{nil, {}} {
		p, err := NewPatch(base, []Change{{Edit: Edit{Start: 0, End: 0, New: "hello\n"}, Keys: []string{"r/F1"}}})
		if err != nil {
			t.Fatal(err)
		}
		inv := p.Inverse() // "hello\n" -> ""
		r, err := inv.Revert("r/F1")
		if err != nil {
			t.Fatalf("base %#v: Inverse().Revert = %v", base, err)
		}
		if out, err := r.Apply(nil); err != nil || string(out) != "hello\n" {
			t.Errorf("base %#v: reverted inverse gives %q, %v; want %q", base, out, err, "hello\n")
		}
		if r, err := p.Revert("r/F1"); err != nil {
			t.Errorf("base %#v: Revert = %v", base, err)
		} else if out, err := r.Apply([]byte("hello\n")); err != nil || len(out) != 0 {
			t.Errorf("base %#v: reverted patch gives %q, %v; want empty", base, out, err)
		}
	}
}
