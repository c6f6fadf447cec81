package goldfish

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

const emptyReport = `{"reviewer":"design_critic","schema_version":"1","summary":"ok","findings":[]}`

// TestGoldfishIsolation: whatever the caller's target carries from earlier
// rounds (rejected findings, the round, a reader profile, a line window),
// the request a goldfish sends holds the section, its standard and the
// context materials only: the request of round 3 is the request of a first
// round on the same section, byte for byte.
func TestGoldfishIsolation(t *testing.T) {
	seats, err := Materials{}.Cast([]string{"design_critic"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := scripted.New(scripted.Text(emptyReport), scripted.Text(emptyReport))
	ctxRefs := []agent.Reference{{Name: "context: glossary.md", Text: "Upload: one HTTP PUT."}}
	g := NewGoldfish(p, seats[0], ctxRefs, `the section with id "S1.12"`)
	section := []byte("### S1.12 Retry {#S1.12}\n\nThe exporter retries at most 5 times.\n")
	ctx := context.Background()
	if _, err := g.Review(ctx, agent.Target{Path: "spec.md", Text: section}); err != nil {
		t.Fatal(err)
	}
	earlier := finding.Finding{ID: "F001", Category: "design", Issue: "SECRET-EARLIER-ISSUE", Quotes: []string{"SECRET-QUOTE"}}
	rv, err := g.Review(ctx, agent.Target{Path: "spec.md", Text: section, Round: 3, ReaderProfile: "SECRET-PROFILE",
		Lines: finding.LineRange{Start: 2, End: 2}, Rejected: []agent.Rejection{{Finding: earlier, Reason: "SECRET-REASON"}}})
	if err != nil {
		t.Fatal(err)
	}
	if rv.Report.Reviewer != "design_critic" {
		t.Errorf("report attributed to %q", rv.Report.Reviewer)
	}
	reqs := p.Requests()
	if !reflect.DeepEqual(reqs[0], reqs[1]) {
		t.Error("the later round's request differs from a first round's on the same section")
	}
	var all strings.Builder
	for _, m := range reqs[1].Messages {
		all.WriteString(m.Text())
	}
	text := reqs[1].System + all.String()
	for _, leak := range []string{"SECRET", "Round 3", "round 3"} {
		if strings.Contains(text, leak) {
			t.Errorf("the request holds %q from an earlier round", leak)
		}
	}
	for _, want := range []string{"The exporter retries at most 5 times.", "standard: feature-spec-standard", "Feature specification standard", "context: glossary.md", "Upload: one HTTP PUT."} {
		if !strings.Contains(text, want) {
			t.Errorf("the request lacks %q", want)
		}
	}
	if strings.Contains(text, "Implementation readiness standard") {
		t.Error("the request holds another reviewer's standard")
	}
	mats := g.Materials(section, "16-27", []Material{material("context", "glossary.md", []byte("Upload: one HTTP PUT."))})
	if len(mats) != 4 || mats[0].Kind != "persona" || mats[1].Kind != "standard" || mats[2].Kind != "context" || mats[3].Kind != "section" || mats[3].Name != "16-27" {
		t.Errorf("materials on record: %+v", mats)
	}
}

func TestOfflineReviewerRoles(t *testing.T) {
	for _, n := range []string{"design_critic", "structural", "implementation_readiness", "style"} {
		if r, ok := OfflineReviewer(n, offlineConfig()); !ok || r == nil {
			t.Errorf("%s has no offline reviewer", n)
		}
	}
	if _, ok := OfflineReviewer("comprehension", offlineConfig()); ok {
		t.Error("comprehension is played by the offline probe, not a reviewer")
	}
}
