package multishot

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVariantOnlyOnRequest: a session records no variant unless one is
// configured; a configured one is journaled and in the summary.
func TestVariantOnlyOnRequest(t *testing.T) {
	r := sampleRepo(t)
	for _, variant := range []string{"", "fast-review"} {
		l := &Loop{Reviewer: &script{}, Classifier: fixedSlices(codeSlice), Mode: Report, Variant: variant}
		sum := run(t, l, r)
		data, _ := os.ReadFile(filepath.Join(l.Dir, "summary.json"))
		journal, _ := os.ReadFile(filepath.Join(l.Dir, "journal.jsonl"))
		md, _ := os.ReadFile(filepath.Join(l.Dir, "summary.md"))
		if variant == "" {
			if strings.Contains(string(data), `"variant"`) || strings.Contains(string(journal), `"variant"`) || strings.Contains(string(md), "variant") {
				t.Errorf("a session without -variant records one")
			}
			continue
		}
		if sum.Variant != variant || !strings.Contains(string(journal), `"variant":"fast-review"`) || !strings.Contains(string(md), "- variant: fast-review") {
			t.Errorf("variant %q: summary %q, journaled %t", variant, sum.Variant, strings.Contains(string(journal), variant))
		}
	}
}

// TestSliceShotsAndHarness: an added slice's shot count and harness are
// stored in its definition and used: its shots run on the harness's
// reviewer, as many as it asks; a harness the Loop cannot resolve is
// refused before anything runs.
func TestSliceShotsAndHarness(t *testing.T) {
	r := sampleRepo(t)
	base, deep := &script{}, &script{}
	harness := func(name string) (Reviewer, error) {
		if name == "deep" {
			return deep, nil
		}
		return nil, errors.New("no such profile")
	}
	l := &Loop{Reviewer: base, Classifier: fixedSlices(codeSlice), Mode: Report, Harness: harness}
	run(t, l, r)
	ctx := context.Background()
	added := Slice{Name: "docs-deep", Prompt: "read the Japanese closely", Files: []string{"docs/guide.md"}, Shots: 3, Harness: "deep"}
	if _, err := l.Continue(ctx, Directive{Op: AddSlice, Slice: Slice{Name: "x", Prompt: "p", Files: added.Files, Harness: "nope"}, Words: "add x"}); !errors.Is(err, ErrBadSlice) || !strings.Contains(err.Error(), "no such profile") {
		t.Errorf("an unknown harness: %v", err)
	}
	sum, err := l.Continue(ctx, Directive{Op: AddSlice, Slice: added, Words: "add a deep docs slice with three shots"})
	if err != nil {
		t.Fatal(err)
	}
	for shot := 1; shot <= 3; shot++ {
		key := "docs-deep/1/" + string(rune('0'+shot))
		if deep.count(key) != 1 || base.count(key) != 0 {
			t.Errorf("shot %s: harness %d call(s), default %d", key, deep.count(key), base.count(key))
		}
	}
	if deep.count("code/1/1") != 0 || base.count("code/1/1") != 1 {
		t.Errorf("the classified slice left the default reviewer: %v %v", base.calls, deep.calls)
	}
	sl := sum.Slices[1]
	if sl.Harness != "deep" || sl.Slice.Shots != 3 {
		t.Errorf("the slice's definition %+v", sl.Slice)
	}
	md, _ := os.ReadFile(filepath.Join(l.Dir, "logs", "w2_docs-deep-3.md"))
	if !strings.Contains(string(md), `harness: "deep"`) {
		t.Errorf("the shot's Markdown does not name its harness:\n%s", md)
	}
	// Without a Harness on the Loop, a slice that names one is refused.
	l.Harness = nil
	if _, err := l.Continue(ctx, Directive{Op: AddSlice, Slice: Slice{Name: "y", Prompt: "p", Files: added.Files, Harness: "deep"}, Words: "add y"}); !errors.Is(err, ErrBadSlice) {
		t.Errorf("a harness with no Loop.Harness: %v", err)
	}
}

// TestRunMarkdownAndRecords: every shot's result is rendered to its
// Markdown with its session-unique finding ids and resolution, no raw
// JSON beside it; out names each shot (sh) with its ids and final, err
// stays null when nothing failed.
func TestRunMarkdownAndRecords(t *testing.T) {
	r := sampleRepo(t)
	sc := &script{answers: map[string][]ShotFinding{
		"code/1/1": {sf(P3, "app/main.go", 6, 6, "name f better"), sf(P3, "app/main.go", 7, 7, "Close error dropped")},
		"code/1/2": {sf(P3, "app/main.go", 7, 7, "Close error dropped")},
		"docs/1/1": {sf(P2, "docs/guide.md", 3, 3, "doubled word")},
	}}
	// One pass per window: the judge says stop, so the findings are final.
	l := &Loop{Reviewer: sc, Classifier: fixedSlices(codeSlice, docsSlice), Shots: 2, MaxPasses: 1}
	sum := run(t, l, r)
	ids := map[string]bool{}
	for _, f := range sum.Findings {
		if !strings.HasPrefix(f.ID, "f_") || len(f.ID) != 10 || ids[f.ID] {
			t.Errorf("id %q is not a fresh f_ id", f.ID)
		}
		ids[f.ID] = true
	}
	var wave1 []OutRecord
	for _, o := range sum.Out {
		if o.Wave == 1 {
			wave1 = append(wave1, o)
		}
	}
	if len(wave1) != 4 || sum.Err != nil {
		t.Fatalf("out %+v, err %+v", sum.Out, sum.Err)
	}
	seen := 0
	for _, o := range sum.Out {
		md, err := os.ReadFile(filepath.Join(l.Dir, filepath.FromSlash(o.File)))
		if err != nil {
			t.Fatal(err)
		}
		if o.Status == "no_findings" != (len(o.IDs) == 0) || !strings.Contains(string(md), "outcome: "+o.Status) {
			t.Errorf("record %+v against\n%s", o, md)
		}
		for _, id := range o.IDs {
			seen++
			if !strings.Contains(string(md), id) {
				t.Errorf("%s lacks %s:\n%s", o.File, id, md)
			}
		}
	}
	if seen != len(sum.Findings) {
		t.Errorf("out records name %d ids, the session has %d findings", seen, len(sum.Findings))
	}
	dup := byTitle(sum)["Close error dropped"]
	md, _ := os.ReadFile(filepath.Join(l.Dir, "logs", "w1_code-2.md"))
	if len(dup) != 2 || !strings.Contains(string(md), "Duplicate of `"+dup[0].ID+"`") {
		t.Errorf("the sibling duplicate's resolution is not rendered:\n%s", md)
	}
	finals := 0
	for _, o := range sum.Out {
		if o.Final {
			finals++
		}
	}
	if finals == 0 {
		t.Errorf("the judge stopped every slice and no out record is final: %+v", sum.Out)
	}
	if raw, _ := filepath.Glob(filepath.Join(l.Dir, "logs", "*.json")); len(raw) > 0 {
		t.Errorf("raw results beside the Markdown: %v", raw)
	}
	var generic map[string]any
	data, _ := os.ReadFile(filepath.Join(l.Dir, "summary.json"))
	if err := json.Unmarshal(data, &generic); err != nil {
		t.Fatal(err)
	}
	first := generic["out"].([]any)[0].(map[string]any)
	for _, k := range []string{"s", "p", "sh", "f", "ids", "st", "final"} {
		if _, ok := first[k]; !ok {
			t.Errorf("out record %v lacks %q", first, k)
		}
	}
	if v, ok := generic["err"]; !ok || v != nil {
		t.Errorf("err = %v, want null", v)
	}
}
