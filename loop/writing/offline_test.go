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
