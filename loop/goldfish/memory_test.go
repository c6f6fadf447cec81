package goldfish

import (
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

func item(key, issue string, quotes ...string) loop.Item {
	return loop.Item{Key: key, Reviewer: "design_critic", Finding: finding.Finding{ID: "F001", Category: "design", Severity: finding.Medium,
		LineRange: finding.LineRange{Start: 3, End: 3}, Issue: issue, Quotes: quotes}}
}

// TestContestMemory: a reworded re-raise of a contested finding (same
// quote, other words) is dropped; one with new evidence reopens it; a
// finding that quotes nothing matches only by fingerprint.
func TestContestMemory(t *testing.T) {
	var m Memory
	m.Add(Entry{Round: 1, Key: "r1/design_critic/F001", Finding: item("", "no failure model", "uploads can fail").Finding, Status: Contested, Reason: "S1.13 covers it"})
	m.Add(Entry{Round: 1, Key: "r1/design_critic/F002", Finding: item("", "vague", "robust and seamless").Finding, Status: Rejected, Reason: "kept"})
	m.Add(Entry{Round: 1, Key: "r1/style/F001", Finding: finding.Finding{Category: "style", Quotes: []string{"It's worth noting"}, Fix: "x"}, Status: Applied})
	items := []loop.Item{
		item("r2/design_critic/F001", "The failure modes of uploads are undefined", "Uploads  can fail"), // reworded, same quote
		item("r2/design_critic/F002", "no failure model", "uploads can fail", "gives up after the fifth retry"),
		item("r2/design_critic/F003", "a new problem", "10 MiB are refused"),
		item("r2/design_critic/F004", "vague", "robust and seamless"),
		item("r2/design_critic/F005", "quotes nothing"),
		{Key: "r2/style/F001", Finding: finding.Finding{Category: "style", Quotes: []string{"It's worth noting"}, Fix: "x"}},
	}
	kept, dropped, reopened := m.Sift(items)
	var keys []string
	for _, it := range kept {
		keys = append(keys, it.Key)
	}
	if got := strings.Join(keys, ","); got != "r2/design_critic/F002,r2/design_critic/F003,r2/design_critic/F005,r2/style/F001" {
		t.Errorf("kept %s", got)
	}
	if len(dropped) != 2 || !strings.Contains(dropped[0].Note, "r1/design_critic/F001, contested in round 1 (S1.13 covers it)") || !strings.Contains(dropped[1].Note, "rejected") {
		t.Errorf("dropped %+v", dropped)
	}
	if e := reopened["r2/design_critic/F002"]; e == nil || e.Key != "r1/design_critic/F001" {
		t.Errorf("new evidence did not reopen the contested finding: %+v", reopened)
	}
	if e := reopened["r2/style/F001"]; e == nil || e.Status != Applied {
		t.Errorf("an applied finding that came back is not reopened: %+v", reopened)
	}
	if items[0].Note != "" {
		t.Error("Sift modified its input")
	}
	_, fresh := m.Recall(items[1].Finding)
	if len(fresh) != 1 || fresh[0] != "gives up after the fifth retry" {
		t.Errorf("new evidence %q", fresh)
	}
}
