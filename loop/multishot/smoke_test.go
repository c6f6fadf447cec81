package multishot

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/providers/offline"
)

func TestOfflineSmoke(t *testing.T) {
	r := newRepo(t)
	r.write("go.mod", "module example.com/demo\n\ngo 1.22\n")
	r.write("calc/calc.go", "package calc\n\nfunc Add(a, b int) int { return a + b }\n")
	r.write("README.md", "# Demo\n\nThis is a demo.\n")
	r.commit("base")
	r.write("calc/calc.go", "package calc\n\nimport \"fmt\"\n\nfunc Add(a, b int) int {\n\tfmt.Printf(\"%d\\n\", \"x\")\n\treturn a + b\n}\n")
	r.write("README.md", "# Demo\n\nThis is a demo.\n\nIn today's fast-paced world, it is very very important to add numbers.\n")
	dir := t.TempDir()
	l := &Loop{Dir: filepath.Join(dir, "s1"), Reviewer: OfflineReviewer{Prose: offline.Editorial(offline.Config{Enabled: []string{offline.SetAll}})}, Shots: 2, MaxPasses: 1,
		Memory: filepath.Join(dir, "memory.json"), Observer: func(e Event) { t.Logf("%+v", e) }}
	sum, err := l.Run(context.Background(), Target{Repo: r.dir, Kind: Uncommitted}, "add numbers")
	if err != nil {
		t.Fatal(err)
	}
	t.Log(sum.Markdown())
	t.Log(r.read("README.md"))
}
