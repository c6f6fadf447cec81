package anthropic_test

import (
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/conformance"
	"github.com/kaigi-dev/kaigi/providers/internal/wirecases"
)

// TestRequestsAsTheSDKSent: the request bodies are those the official SDK
// (anthropic-sdk-go v2.15.0) sent for the same requests, captured before
// the Provider spoke the wire itself: the same JSON, schema keys in the
// same order. One deliberate difference: 4.json, a root that is only a
// $ref, keeps its $defs, which the SDK dropped.
func TestRequestsAsTheSDKSent(t *testing.T) {
	wirecases.Compare(t, func(t *testing.T) (agent.Provider, func() []conformance.Call) {
		return start()(t, "KEY", conformance.Reply{Text: "{}"})
	})
}
