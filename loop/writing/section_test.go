package writing

import (
	"bytes"
	"strings"
	"testing"
)

// TestUpsertSectionRow: a row goes into the table of its own section
// only (never into another section's table with the same episode), in
// the file's line ends; a missing section is added at the end; a second
// upsert changes nothing.
func TestUpsertSectionRow(t *testing.T) {
	md := "# T\r\n\r\n## Episodes\r\n\r\n| episode | x |\r\n|---|---|\r\n| 1 | a |\r\n\r\n### Sensory lens history\r\n\r\n| episode | recommended | used | note |\r\n|---|---|---|---|\r\n| 1 | sight | sight | - |\r\n\r\n## Current warnings\r\n\r\n- none"
	out := upsertSectionRow([]byte(md), sectionLens.names, "### Sensory lens history", 2, sectionLens.headerEN, "| 2 | sound | sound | - |")
	want := strings.Replace(md, "| 1 | sight | sight | - |\r\n", "| 1 | sight | sight | - |\r\n| 2 | sound | sound | - |\r\n", 1)
	if string(out) != want {
		t.Errorf("got\n%q\nwant\n%q", out, want)
	}
	if again := upsertSectionRow(out, sectionLens.names, "### Sensory lens history", 2, sectionLens.headerEN, "| 2 | sound | sound | - |"); !bytes.Equal(again, out) {
		t.Errorf("a second upsert changed the file:\n%q", again)
	}
	out = upsertEpisodeRow(out, 1, "| episode | x |", "| 1 | b |")
	if !strings.Contains(string(out), "| 1 | b |\r\n") || !strings.Contains(string(out), "| 1 | sight | sight | - |") {
		t.Errorf("the episodes row is not in its own table:\n%q", out)
	}
	out = upsertSectionRow(out, sectionTempo.names, "## Tempo profile history", 2, sectionTempo.headerEN, "| 2 | wave | seed of unease |")
	if !strings.HasSuffix(string(out), "- none\r\n\r\n## Tempo profile history\r\n\r\n| episode | profile | hook type |\r\n|---|---|---|\r\n| 2 | wave | seed of unease |\r\n") {
		t.Errorf("a missing section is not added at the end:\n%q", out)
	}
	if got := regenerateTracker(out, ""); !bytes.Contains(got, []byte("\r\n## Action balance (last 3)\r\n\r\n| episode | action | dialogue | interior |\r\n")) || len(MissingTrackerSections(string(got), "")) != 0 {
		t.Errorf("regenerated:\n%q", got)
	}
}

// TestUpsertEpisodeRowOldTracker: a tracker of old, one table without a
// heading, keeps its rows in that table after step 1 added the required
// sections below it.
func TestUpsertEpisodeRowOldTracker(t *testing.T) {
	old := regenerateTracker([]byte("| episode | role | opening | revisions | judgment |\n|---|---|---|---|---|\n| 1 | setup | The bus. | 0 | PASS |\n"), "")
	out := string(upsertEpisodeRow(old, 2, "| episode | role | opening | revisions | judgment |", "| 2 | turn | Rain. | 0 | PASS |"))
	if !strings.HasPrefix(out, "| episode | role | opening | revisions | judgment |\n|---|---|---|---|---|\n| 1 | setup | The bus. | 0 | PASS |\n| 2 | turn | Rain. | 0 | PASS |\n\n## Action balance") {
		t.Errorf("got\n%s", out)
	}
	if rows := episodeRows(out); len(rows) != 2 {
		t.Errorf("episode rows %v", rows)
	}
}
