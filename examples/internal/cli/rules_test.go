package cli

import (
	"errors"
	"flag"
	"io"
	"slices"
	"testing"

	"github.com/kaigi-dev/kaigi/providers/offline"
)

func TestRulesFlag(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	r := RulesFlag(fs, []string{offline.SetAll})
	if got := r.Enabled(true, []string{offline.SetAll}); !slices.Equal(got, []string{offline.SetAll}) {
		t.Errorf("demo without -rules: %v, want [all]", got)
	}
	if got := r.Enabled(false, []string{offline.SetAll}); got != nil {
		t.Errorf("own file without -rules: %v, want nil (the defaults)", got)
	}
	if err := fs.Parse([]string{"-rules", "strict, en-passive"}); err != nil {
		t.Fatal(err)
	}
	if got := r.Enabled(true, []string{offline.SetAll}); !slices.Equal(got, []string{"strict", "en-passive"}) {
		t.Errorf("-rules strict,en-passive: %v", got)
	}
	var ue *offline.UnknownRuleError
	if err := r.Set("stricter"); !errors.As(err, &ue) || ue.ID != "stricter" {
		t.Errorf("-rules stricter: %v, want an *offline.UnknownRuleError", err)
	}
}
