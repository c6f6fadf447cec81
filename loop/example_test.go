package loop_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// A small loop built from the kernel's blocks: one round reviews the
// document (each reviewer call a journal step), the edits of its findings
// are made one patch, and the patch is written through the journal. Run
// twice, as after a crash: the second execution replays the journal, so
// the reviewer is not called again and nothing is written twice.
func Example() {
	folder, _ := os.MkdirTemp("", "loop-example")
	defer os.RemoveAll(folder)
	os.WriteFile(filepath.Join(folder, "post.md"), []byte("It is worth noting that Go is fast.\n"), 0o644)

	slop := agent.ReviewerFunc{ReviewerName: "anti-ai-slop", Fn: func(ctx context.Context, t agent.Target) (agent.Review, error) {
		fmt.Println("reviewer called")
		return agent.Review{Report: finding.Report{Reviewer: "anti-ai-slop", SchemaVersion: finding.SchemaVersion, Summary: "One stock phrase.",
			Findings: []finding.Finding{{ID: "F001", Category: "ai-slop", LineRange: finding.LineRange{Start: 1, End: 1}, Issue: "stock phrase",
				Fix: "Go", Confidence: 90, Severity: finding.Low, Quotes: []string{"It is worth noting that Go"}}}}}, nil
	}}
	c := council.Council{Members: council.Members(slop)}

	oneRound := func(ctx context.Context) error {
		j, err := journal.Open(filepath.Join(folder, "journal.jsonl"), journal.Options{Driver: "example"})
		if err != nil {
			return err
		}
		defer j.Close()
		root, err := apply.OpenDir(folder)
		if err != nil {
			return err
		}
		defer root.Close()
		text, err := journal.Step(ctx, j, "r1/text", func(context.Context) (string, error) {
			b, err := loop.ReadDocument(filepath.Join(folder, "post.md"))
			return string(b), err
		})
		if err != nil {
			return err
		}
		items, err := journal.Step(ctx, j, "r1/items", func(ctx context.Context) (loop.Findings, error) {
			round, err := loop.ReviewRound(ctx, j, "r1/review", c, agent.Target{Path: "post.md", Text: []byte(text), Round: 1})
			if err != nil {
				return loop.Findings{}, err
			}
			return loop.ItemsOf([]byte(text), round, loop.Aggregation{Round: 1, File: "post.md"}), nil
		})
		if err != nil {
			return err
		}
		var anchors []apply.Anchor
		for _, it := range items.Items {
			if it.Edit != nil {
				anchors = append(anchors, apply.Anchor{Key: it.Key, Edit: *it.Edit, Lines: it.Lines})
			}
		}
		qp, err := apply.PatchAnchors([]byte(text), anchors, apply.QuoteOptions{})
		if err != nil {
			return err
		}
		return j.Commit(ctx, "r1/write", root, []journal.FileChange{{Name: "post.md", Patch: qp.Patch}})
	}
	for execution := 1; execution <= 2; execution++ {
		if err := oneRound(context.Background()); err != nil {
			fmt.Println(err)
			return
		}
		doc, _ := os.ReadFile(filepath.Join(folder, "post.md"))
		fmt.Println(execution, strings.TrimSpace(string(doc)))
	}
	// Output:
	// reviewer called
	// 1 Go is fast.
	// 2 Go is fast.
}
