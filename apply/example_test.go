package apply_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/finding"
)

// ExampleResolve anchors three findings, merges them, applies the patch and
// takes it back.
func ExampleResolve() {
	doc := []byte("吾輩は猫である。\r\n名前はまだ無い。\r\n")
	props := []apply.Proposal{
		{Key: "style/F1", Finding: finding.Finding{
			LineRange: finding.LineRange{Start: 1, End: 1}, Quotes: []string{"猫"}, Fix: "犬"}},
		{Key: "fact/F7", Finding: finding.Finding{ // the same fix: a duplicate
			LineRange: finding.LineRange{Start: 1, End: 1}, Quotes: []string{"猫"}, Fix: "犬"}},
		{Key: "style/F2", Finding: finding.Finding{ // the hint is off by one
			LineRange: finding.LineRange{Start: 1, End: 1}, Quotes: []string{"まだ無い。"}, Fix: "まだ無い。\nそれでも書く。"}},
		{Key: "reader/F3", Finding: finding.Finding{ // advice only
			LineRange: finding.LineRange{Start: 2, End: 2}, Quotes: []string{"名前"}}},
	}
	anchors, skips := apply.Resolve(doc, props, apply.Options{})
	for _, a := range anchors {
		fmt.Printf("%s: lines %s by %s\n", a.Key, a.Lines, a.Method)
	}
	for _, s := range skips {
		fmt.Println(s.Key, "skipped:", errors.Is(s.Err, apply.ErrAdvisory))
	}

	changes, conflicts := apply.Merge(anchors)
	fmt.Println(len(changes), "changes,", len(conflicts), "conflicts; supporters of the first:", changes[0].Keys)

	p, err := apply.NewPatch(doc, changes)
	if err != nil {
		fmt.Println(err)
		return
	}
	out, err := p.Apply(doc)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%q\n", out)

	back, err := p.Inverse().Apply(out)
	fmt.Println(string(back) == string(doc), err)
	// Output:
	// style/F1: lines 1 by exact-range
	// fact/F7: lines 1 by exact-range
	// style/F2: lines 2 by window
	// reader/F3 skipped: true
	// 2 changes, 0 conflicts; supporters of the first: [style/F1 fact/F7]
	// "吾輩は犬である。\r\n名前はまだ無い。\r\nそれでも書く。\r\n"
	// true <nil>
}

// ExampleUnifiedDiff renders a change for an applied.diff file; the marker
// line tells that the old text had no final newline.
func ExampleUnifiedDiff() {
	old := []byte("# Title\nIt is worth noting that Go is fast.")
	new := []byte("# Title\nGo is fast.\n")
	fmt.Print(apply.UnifiedDiff("a/post.md", "b/post.md", old, new))
	// Output:
	// --- a/post.md
	// +++ b/post.md
	// @@ -1,2 +1,2 @@
	//  # Title
	// -It is worth noting that Go is fast.
	// \ No newline at end of file
	// +Go is fast.
}

// ExamplePatch_Revert takes back one finding of three and keeps the others.
func ExamplePatch_Revert() {
	doc := []byte("one two three")
	anchors, _ := apply.Resolve(doc, []apply.Proposal{
		{Key: "a", Finding: finding.Finding{Quotes: []string{"one"}, Fix: "1"}},
		{Key: "b", Finding: finding.Finding{Quotes: []string{"two"}, Fix: "2"}},
		{Key: "c", Finding: finding.Finding{Quotes: []string{"three"}, Fix: "3"}},
	}, apply.Options{})
	changes, _ := apply.Merge(anchors)
	p, _ := apply.NewPatch(doc, changes)
	out, _ := p.Apply(doc)

	undoB, err := p.Revert("b")
	if err != nil {
		fmt.Println(err)
		return
	}
	partly, _ := undoB.Apply(out)
	fmt.Printf("%s -> %s -> %s\n", doc, out, partly)
	// Output:
	// one two three -> 1 2 3 -> 1 two 3
}

// ExampleWorkspace reviews two files in one round: each finding is
// anchored in the file it names, and one that names a file outside the
// targets is refused.
func ExampleWorkspace() {
	folder, err := os.MkdirTemp("", "kaigi-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(folder)
	os.WriteFile(filepath.Join(folder, "a.md"), []byte("吾輩は猫である。\n"), 0o644)
	os.WriteFile(filepath.Join(folder, "b.md"), []byte("It is worth noting that Go is fast.\n"), 0o644)

	dir, err := apply.OpenDir(folder)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer dir.Close()
	w, err := apply.ReadWorkspace(dir, "a.md", "b.md")
	if err != nil {
		fmt.Println(err)
		return
	}
	files, refused := w.Resolve([]apply.Proposal{
		{Key: "style/F1", Finding: finding.Finding{File: "a.md", Quotes: []string{"猫"}, Fix: "犬"}},
		{Key: "slop/F1", Finding: finding.Finding{File: "b.md", Quotes: []string{"It is worth noting that Go"}, Fix: "Go"}},
		{Key: "slop/F2", Finding: finding.Finding{File: "../etc/passwd", Quotes: []string{"Go"}, Fix: "Rust"}},
	}, apply.Options{})
	for _, f := range files {
		changes, _ := apply.Merge(f.Anchors)
		p, _ := apply.NewPatch(f.File.Text, changes)
		out, _ := p.Apply(f.File.Text)
		if err := dir.WriteFile(f.File.Name, out); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: %s", f.File.Name, out)
	}
	for _, s := range refused {
		fmt.Println(s.Key, "refused:", errors.Is(s.Err, apply.ErrOutsideRoot))
	}
	// Output:
	// a.md: 吾輩は犬である。
	// b.md: Go is fast.
	// slop/F2 refused: true
}
