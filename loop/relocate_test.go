package loop

import (
	"testing"
)

func TestRelocationPath(t *testing.T) {
	r := relocation{from: "/w/run", to: "/w/call"}
	for in, want := range map[string]string{
		"/w/run": "/w/call", "/w/run/a.md": "/w/call/a.md", "/w/run2/a.md": "/w/run2/a.md", "/x/run/a.md": "/x/run/a.md",
	} {
		if got := r.path(in); got != want {
			t.Errorf("%s -> %s, want %s", in, got, want)
		}
	}
	if got := (relocation{}).path("/w/run/a"); got != "/w/run/a" {
		t.Errorf("no relocation moved %s", got)
	}
}
