package writing_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop/writing"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// TestOfflineJapanese writes a Japanese episode (CRLF, no final newline,
// a BOM on the personas) with the offline roles: the fixes land through
// apply, the text keeps its line ends, and the Japanese personas read it.
func TestOfflineJapanese(t *testing.T) {
	dir := story(t, true)
	critics := offline.Editorial(offline.Config{Enabled: []string{offline.SetStrict}})
	e := &writing.Episode{Dir: dir, Number: 2, Author: writing.OfflineAuthor{Draft: []byte(japaneseDraft)},
		Critic:  writing.OfflineCritic{Critics: critics, MinorFixes: -1},
		Readers: func(writing.Persona) writing.Reader { return writing.OfflineReader{Critics: critics} }}
	res, err := e.Write(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got := read(t, dir, res.File)
	if strings.Contains(got, "をを") || !strings.Contains(got, "\r\n") || strings.HasSuffix(got, "\n") || !strings.HasPrefix(got, "暗い灯台\r\n") {
		t.Errorf("saved %q", got)
	}
	if res.File != "episodes/02_暗い灯台.txt" || len(res.Stars) != 3 {
		t.Errorf("file %q, stars %v", res.File, res.Stars)
	}
	if m := read(t, dir, writing.MemoryFile("mei")); !strings.Contains(m, "\r\n## Episode 2\r\n") || strings.Count(m, "## Episode") != 2 {
		t.Errorf("mei's memory: %q", m)
	}
}

// TestOfflineAuthorRevision: a revision applies the most severe fixes
// anywhere in a CRLF draft without a final newline, leaves out both of
// two that overlap (for a later revision) and one whose quote is found
// twice, and counts them against Fixes as proposals.
func TestOfflineAuthorRevision(t *testing.T) {
	draft := "題\r\n雨が降る夜だった。\r\n夜だった。\r\n舟は出ない"
	v := &writing.Verdict{Verdict: writing.RevisionNeeded, Issues: []writing.Issue{
		{Quote: "舟は出ない", Fix: "舟は出なかった", Severity: "low"},
		{Quote: "雨が降る", Fix: "雨の", Severity: "high"},
		{Quote: "降る夜", Fix: "降った夜", Severity: "high"}, // overlaps the one before
		{Quote: "夜だった", Fix: "夜", Severity: "medium"}, // found twice
		{Quote: "題", Fix: "表題", Severity: "medium"},
	}}
	a := writing.OfflineAuthor{Fixes: 4}
	out, _, err := a.Write(context.Background(), writing.AuthorTask{Version: 1, Draft: draft, Verdict: v})
	if err != nil {
		t.Fatal(err)
	}
	if want := "表題\r\n雨が降る夜だった。\r\n夜だった。\r\n舟は出ない"; out != want {
		t.Errorf("revised %q, want %q", out, want)
	}
}
