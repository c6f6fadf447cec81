package agent_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
)

func TestPricesLookup(t *testing.T) {
	prices := agent.Prices{
		"gpt-4o":              {Input: 2.5},
		"gpt-4o-mini":         {Input: 0.15},
		"gpt-4o-mini-special": {Input: 9},
		"":                    {Input: 1000}, // an empty key must never match
	}
	tests := []struct {
		model  string
		want   float64
		wantOK bool
	}{
		{"gpt-4o", 2.5, true},
		{"gpt-4o-mini", 0.15, true},
		{"gpt-4o-2024-08-06", 2.5, true},
		{"gpt-4o-mini-2024-07-18", 0.15, true},
		{"gpt-4o-mini-special", 9, true},
		{"gpt-4", 0, false},
		{"GPT-4o", 0, false},
		{"", 1000, true}, // exact match on the empty key only
		{"llama3.2", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.model, func(t *testing.T) {
			got, ok := prices.Lookup(tt.model)
			if ok != tt.wantOK || got.Input != tt.want {
				t.Errorf("Lookup(%q) = %v, %v; want input %v, %v", tt.model, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestPricesCost(t *testing.T) {
	prices := agent.Prices{"m": {Input: 3, Output: 15, CacheWrite: 3.75, CacheRead: 0.30}}
	tests := []struct {
		name   string
		model  string
		u      agent.Usage
		want   float64
		wantOK bool
	}{
		{"zero usage", "m", agent.Usage{}, 0, true},
		{"input only", "m", agent.Usage{InputTokens: 1_000_000}, 3, true},
		{"every field", "m", agent.Usage{InputTokens: 1000, OutputTokens: 2000, CacheWriteTokens: 4000, CacheReadTokens: 10000}, 0.003 + 0.030 + 0.015 + 0.003, true},
		{"prefix match", "m-2025", agent.Usage{OutputTokens: 1_000_000}, 15, true},
		{"unknown model", "x", agent.Usage{InputTokens: 1_000_000}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := prices.Cost(tt.model, tt.u)
			if ok != tt.wantOK || math.Abs(got-tt.want) > 1e-12 {
				t.Errorf("Cost(%q, %+v) = %v, %v; want %v, %v", tt.model, tt.u, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestDefaultPricesIsAFreshCopy(t *testing.T) {
	a := agent.DefaultPrices()
	a["claude-sonnet-4"] = agent.Price{}
	delete(a, "gpt-4o")
	b := agent.DefaultPrices()
	if b["claude-sonnet-4"].Input != 3 {
		t.Errorf("changing one table changed another: %+v", b["claude-sonnet-4"])
	}
	if _, ok := b["gpt-4o"]; !ok {
		t.Error("deleting from one table deleted from another")
	}
}

func TestDefaultPricesPrefixes(t *testing.T) {
	prices := agent.DefaultPrices()
	tests := []struct {
		model string
		input float64
	}{
		{"claude-sonnet-4-20250514", 3},
		{"claude-opus-4-1-20250805", 15},
		{"claude-opus-4-5-20251101", 5},
		{"gpt-4o-mini-2024-07-18", 0.15},
		{"gpt-4.1-nano-2025-04-14", 0.10},
	}
	for _, tt := range tests {
		p, ok := prices.Lookup(tt.model)
		if !ok || p.Input != tt.input {
			t.Errorf("DefaultPrices().Lookup(%q) = %+v, %v; want input %v", tt.model, p, ok, tt.input)
		}
	}
}

func ExamplePrices_Cost() {
	prices := agent.DefaultPrices()
	prices["my-local-model"] = agent.Price{} // free: runs on my machine

	u := agent.Usage{InputTokens: 2000, OutputTokens: 500, CacheReadTokens: 8000, Calls: 1}
	cost, ok := prices.Cost("claude-sonnet-4-20250514", u)
	fmt.Printf("$%.4f %v\n", cost, ok)

	cost, ok = prices.Cost("my-local-model", u)
	fmt.Printf("$%.4f %v\n", cost, ok)

	_, ok = prices.Cost("unknown-model", u)
	fmt.Println(ok)
	// Output:
	// $0.0159 true
	// $0.0000 true
	// false
}

func BenchmarkPricesCost(b *testing.B) {
	prices := agent.DefaultPrices()
	u := agent.Usage{InputTokens: 1200, OutputTokens: 300, CacheReadTokens: 8000, Calls: 1}
	b.ReportAllocs()
	for b.Loop() {
		prices.Cost("claude-sonnet-4-5-20250929", u) // a prefix match: the slow path
	}
}
