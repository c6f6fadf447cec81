package temporal_test

import (
	"os"
	"testing"

	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/loop/goldfish"
	"github.com/kaigi-dev/kaigi/loop/temporal"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// offlineGoldfish is the Goldfish loop on its offline reviewers over
// section S1.12.
func offlineGoldfish(args goldfish.Args) (*goldfish.Loop, error) {
	seats, err := goldfish.Materials{}.Cast([]string{"design_critic", "structural", "style", "implementation_readiness"}, nil)
	if err != nil {
		return nil, err
	}
	target := document.Target{ID: "S1.12"}
	l := &goldfish.Loop{Target: target, Limit: 2}
	for _, s := range seats {
		g, err := goldfish.NewOfflineGoldfish(s, nil, target.String(), offline.Config{})
		if err != nil {
			return nil, err
		}
		l.Reviewers = append(l.Reviewers, g)
	}
	return l, nil
}

// TestGoldfishSameAsInProcess: a second loop, unchanged, on the workflow:
// the same file, artifacts and journal records as in a process.
func TestGoldfishSameAsInProcess(t *testing.T) {
	spec, err := os.ReadFile("../goldfish/testdata/spec.md")
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	args := mustJSON(t, goldfish.Args{Document: "spec.md", Gate: "auto"})
	docs := map[string][]byte{"spec.md": spec}
	d := goldfish.NewDriver(offlineGoldfish)
	stop, want := inProcess(t, d, work, "goldfish-1", args, docs)

	res, got := onWorkflow(t, d, work, "goldfish-1", temporal.Input{Driver: "goldfish", Args: args}, docs, nil)
	if res.Reason != stop.Reason {
		t.Errorf("stopped %q, in a process %q", res.Reason, stop.Reason)
	}
	if res.Calls == 0 {
		t.Error("no call was made as an activity")
	}
	sameTree(t, got, want)
	t.Logf("%s after %d advances and %d calls", res.Reason, res.Advances, res.Calls)
}
