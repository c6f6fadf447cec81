package goldfish

import (
	"context"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
)

func TestOfflineSynthesizer(t *testing.T) {
	ins := SynthesisInstructions(sampleBrief(1, slop, advice, vague))
	if !strings.Contains(ins, "- r1/style/F001 (style, Nit, lines 18): filler — \"It's worth noting that uploads\"") {
		t.Errorf("instructions:\n%s", ins)
	}
	res, err := OfflineSynthesizer{}.Run(context.Background(), agent.Task{Instructions: ins})
	if err != nil {
		t.Fatal(err)
	}
	if want := "3 finding(s): 1 Blocker, 1 Major, 1 Nit; by reviewer: style 1, design_critic 1, structural 1."; res.Text != want {
		t.Errorf("summary %q", res.Text)
	}
	none, _ := OfflineSynthesizer{}.Run(context.Background(), agent.Task{Instructions: SynthesisInstructions(sampleBrief(2))})
	if none.Text != "No findings this round." {
		t.Errorf("empty round: %q", none.Text)
	}
}
