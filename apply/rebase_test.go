package apply

import (
	"errors"
	"testing"
)

func TestRebase(t *testing.T) {
	base := []byte("とても長い前置きです。本文です。末尾です。")
	// One change: replace "とても長い前置きです。" (33 bytes) with "前置き。" (12 bytes).
	p, err := NewPatch(base, []Change{{Edit: Edit{Start: 0, End: 33, Old: "とても長い前置きです。", New: "前置き。"}, Keys: []string{"a"}}})
	if err != nil {
		t.Fatal(err)
	}
	result, _ := p.Apply(base)
	for _, tc := range []struct {
		name     string
		e        Edit
		want     Edit
		done     bool
		overlaps bool
	}{
		{"after the change moves back", Edit{Start: 48, End: 63, Old: "末尾です。", New: "末尾。"}, Edit{Start: 27, End: 42, Old: "末尾です。", New: "末尾。"}, false, false},
		{"identical edit is done", Edit{Start: 0, End: 33, Old: "とても長い前置きです。", New: "前置き。"}, Edit{Start: 0, End: 33, Old: "とても長い前置きです。", New: "前置き。"}, true, false},
		{"insert at the change's end moves", Edit{Start: 33, End: 33, New: "※"}, Edit{Start: 12, End: 12, New: "※"}, false, false},
		{"insert at the start stays", Edit{Start: 0, End: 0, New: "※"}, Edit{Start: 0, End: 0, New: "※"}, false, false},
		{"overlap is refused", Edit{Start: 30, End: 39, Old: "。本文", New: "、本文"}, Edit{}, false, true},
	} {
		got, done, err := p.Rebase(tc.e)
		if tc.overlaps {
			if !errors.Is(err, ErrOverlap) {
				t.Errorf("%s: err = %v, want ErrOverlap", tc.name, err)
			}
			continue
		}
		if err != nil || got != tc.want || done != tc.done {
			t.Errorf("%s: Rebase = %+v, %v, %v; want %+v, %v", tc.name, got, done, err, tc.want, tc.done)
			continue
		}
		if !done && got.Old != string(result[got.Start:got.End]) {
			t.Errorf("%s: moved edit does not point at %q in the result", tc.name, got.Old)
		}
	}
}
