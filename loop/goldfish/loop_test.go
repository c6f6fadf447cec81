package goldfish

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/loop"
)

// offlineLoop returns an offline Loop over a copy of the sample spec's
// section S1.12, with the reviewers named.
func offlineLoop(t *testing.T, reviewers ...string) (*Loop, string) {
	t.Helper()
	dir := t.TempDir()
	spec := filepath.Join(dir, "spec.md")
	data, err := os.ReadFile("testdata/spec.md")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(spec, data, 0o644); err != nil {
		t.Fatal(err)
	}
	seats, err := Materials{}.Cast(reviewers, nil)
	if err != nil {
		t.Fatal(err)
	}
	target := document.Target{ID: "S1.12"}
	l := &Loop{Target: target, Dir: filepath.Join(dir, DefaultDir)}
	for _, s := range seats {
		g, err := NewOfflineGoldfish(s, nil, target.String(), offlineConfig())
		if err != nil {
			t.Fatal(err)
		}
		l.Reviewers = append(l.Reviewers, g)
	}
	return l, spec
}

func TestOfflineRunConverges(t *testing.T) {
	l, spec := offlineLoop(t, "design_critic", "structural", "style", "implementation_readiness")
	o, err := l.Run(context.Background(), spec)
	if err != nil {
		t.Fatalf("%v\n%+v", err, o)
	}
	if o.Reason != loop.Converged || o.Rounds != 3 {
		t.Errorf("reason %s after %d rounds", o.Reason, o.Rounds)
	}
	got, _ := os.ReadFile(spec)
	if !strings.Contains(string(got), "Uploads can fail.") || strings.Contains(string(got), "It's worth noting") {
		t.Errorf("the mechanical fix was not applied:\n%s", got)
	}
	rep, err := os.ReadFile(o.ReportFile)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s", rep)
	for n := 1; n <= 3; n++ {
		if _, err := os.Stat(filepath.Join(l.Dir, "round-"+string(rune('0'+n)), ReportName)); err != nil {
			t.Errorf("round %d report: %v", n, err)
		}
	}
	if len(o.Agreements) != 4 || o.Agreements[0].Jaccard != 1 {
		t.Errorf("agreements %+v", o.Agreements)
	}
}
