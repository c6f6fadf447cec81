package goldfish_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/loop/goldfish"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// A Goldfish run on section S1.12 of a spec with two bundled reviewers on
// the offline rules and the offline resolver: the mechanical fix is
// applied, advice is contested, and the run stops after two consecutive
// clean rounds. The strict set is on: the stock phrase the fix removes is
// not reported by default.
func ExampleLoop_Run() {
	folder, spec := specCopy()
	defer os.RemoveAll(folder)
	target := document.Target{ID: "S1.12"}
	seats, err := goldfish.Materials{}.Cast([]string{"design_critic", "style"}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	l := &goldfish.Loop{Target: target, Dir: filepath.Join(folder, goldfish.DefaultDir)}
	for _, s := range seats {
		g, err := goldfish.NewOfflineGoldfish(s, nil, target.String(), offline.Config{Enabled: []string{offline.SetStrict}})
		if err != nil {
			fmt.Println(err)
			return
		}
		l.Reviewers = append(l.Reviewers, g)
	}
	o, err := l.Run(context.Background(), spec)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(o.Reason, len(o.Applied) > 0, filepath.Base(o.ReportFile))
	// Output:
	// converged true goldfish_review_report.md
}

// specCopy returns a new temporary folder holding a copy of
// testdata/spec.md, and the copy's path.
func specCopy() (folder, spec string) {
	folder, _ = os.MkdirTemp("", "goldfish-example")
	spec = filepath.Join(folder, "spec.md")
	data, _ := os.ReadFile(filepath.Join("testdata", "spec.md"))
	os.WriteFile(spec, data, 0o644)
	return folder, spec
}
