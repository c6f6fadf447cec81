package rounds_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// A loop that keeps a file beside its documents (a tracker, a memory)
// writes it through the run's root folder as one journaled side effect,
// created with its folders when it does not exist yet; a replay of the
// run uses the journaled plan and does not call edit again.
func ExampleRun_RootDir() {
	folder, _ := os.MkdirTemp("", "rootdir-example")
	defer os.RemoveAll(folder)
	doc := filepath.Join(folder, "post.md")
	os.WriteFile(doc, []byte("# Post\n"), 0o644)
	ctx := context.Background()
	cfg := rounds.RunConfig{Dir: filepath.Join(folder, ".run"), Driver: "tracker"}
	r, err := rounds.OpenRun(ctx, cfg, []string{doc}, false, true, func() struct{} { return struct{}{} }, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()
	err = loop.RewriteFiles(ctx, r.J, "r1/tracker", r.RootDir(), []string{"notes/tracker.md"}, func(name string, old []byte) ([]byte, error) {
		fmt.Println("edit", name)
		return append(old, "- reviewed "+r.Docs[0].Name+"\n"...), nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := os.ReadFile(filepath.Join(folder, "notes", "tracker.md"))
	fmt.Print(string(b))
	// Output:
	// edit notes/tracker.md
	// - reviewed post.md
}
