package cli

import (
	"bytes"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/providers/config"
)

// TestRole: a role the flags leave offline gets the offline agent; one
// -reviewer-model puts on a provider gets the online one, on that model.
func TestRole(t *testing.T) {
	var out bytes.Buffer
	a, _ := newTestApp(&out)
	a.Getenv = func(k string) string {
		if k == config.EnvOpenAIKey {
			return "sk-test"
		}
		return ""
	}
	if err := a.Parse([]string{"-provider", "offline", "-reviewer-model", "judge=openai:gpt-test"}, "", nil); err != nil {
		t.Fatal(err)
	}
	if err := a.Resolve(false); err != nil {
		t.Fatal(err)
	}
	online := func(_ agent.Provider, model string) string { return "online " + model }
	if got, err := loop.Role(a.Providers, "reviewer", "offline", online); err != nil || got != "offline" {
		t.Errorf("reviewer: %q, %v", got, err)
	}
	if got, err := loop.Role(a.Providers, "judge", "offline", online); err != nil || got != "online gpt-test" {
		t.Errorf("judge: %q, %v", got, err)
	}
}
