package openai_test

import (
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/conformance"
	"github.com/kaigi-dev/kaigi/providers/internal/wirecases"
)

// TestRequestsAsTheSDKSent: the request bodies are those the official SDK
// (openai-go v3.99.0) sent for the same requests, captured before the
// Provider spoke the wire itself: the same JSON, schema keys in the same
// order.
func TestRequestsAsTheSDKSent(t *testing.T) {
	wirecases.Compare(t, func(t *testing.T) (agent.Provider, func() []conformance.Call) {
		return start()(t, "KEY", conformance.Reply{Text: "{}"})
	})
}
